import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** The data dashboard's hourly buckets (reference §10 quota_data). */
export class QuotaData1732710000000 implements MigrationInterface {
  name = 'QuotaData1732710000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      'CREATE TABLE "quota_data" ("id" SERIAL NOT NULL, "user_id" integer NOT NULL, "username" character varying(20) NOT NULL DEFAULT \'\', "model_name" character varying(255) NOT NULL DEFAULT \'\', "created_at" bigint NOT NULL, "token_used" bigint NOT NULL DEFAULT \'0\', "count" integer NOT NULL DEFAULT \'0\', "quota" bigint NOT NULL DEFAULT \'0\', CONSTRAINT "PK_d27e33d51014c61c2ffd80aa1ce" PRIMARY KEY ("id"))',
    );
    // One bucket per user, model and hour: the flush's upsert target; also one user's (or user 0's) time range.
    await runner.query(
      'CREATE UNIQUE INDEX "uq_quota_data_user_hour_model" ON "quota_data"  ("user_id", "created_at", "model_name") ',
    );
    // The admin's username filter over a time range.
    await runner.query(
      'CREATE INDEX "idx_quota_data_username_hour" ON "quota_data"  ("username", "created_at") ',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX "idx_quota_data_username_hour"');
    await runner.query('DROP INDEX "uq_quota_data_user_hour_model"');
    await runner.query('DROP TABLE "quota_data"');
  }
}
