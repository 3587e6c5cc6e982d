import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** Async tasks (Suno): spec 001 §3 Async task plus reference §7's columns and the poller's claim. */
export class Tasks1733000000000 implements MigrationInterface {
  name = 'Tasks1733000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      'CREATE TABLE "tasks" ("id" SERIAL NOT NULL, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL, "task_id" character varying(191) NOT NULL, "platform" character varying(30) NOT NULL, "user_id" integer NOT NULL, "channel_id" integer NOT NULL, "quota" bigint NOT NULL DEFAULT \'0\', "action" character varying(40) NOT NULL, "status" character varying(20) NOT NULL DEFAULT \'\', "fail_reason" text NOT NULL DEFAULT \'\', "submit_time" bigint NOT NULL, "start_time" bigint NOT NULL DEFAULT \'0\', "finish_time" bigint NOT NULL DEFAULT \'0\', "progress" character varying(20) NOT NULL DEFAULT \'0%\', "properties" text NOT NULL DEFAULT \'{}\', "data" text NOT NULL DEFAULT \'null\', "poll_claim" character varying(36) NOT NULL DEFAULT \'\', "poll_until" bigint NOT NULL DEFAULT \'0\', CONSTRAINT "PK_tasks_id" PRIMARY KEY ("id"))',
    );
    // The poller reads only unfinished tasks, oldest first: finished ones leave this index.
    await runner.query('CREATE INDEX "idx_tasks_unfinished" ON "tasks" ("id") WHERE "progress" <> \'100%\'');
    // Client fetches and the task-id filter.
    await runner.query('CREATE INDEX "idx_tasks_task_id" ON "tasks" ("task_id") ');
    // The log pages: a user's own, a channel's, everyone's, newest first within a time range.
    await runner.query('CREATE INDEX "idx_tasks_user_submit" ON "tasks" ("user_id", "submit_time", "id") ');
    await runner.query(
      'CREATE INDEX "idx_tasks_channel_submit" ON "tasks" ("channel_id", "submit_time", "id") ',
    );
    await runner.query('CREATE INDEX "idx_tasks_submit" ON "tasks" ("submit_time", "id") ');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE "tasks"');
  }
}
