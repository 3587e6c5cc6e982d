import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** Inbox messages and their recipients (spec 001 §3 Message, Recipient). */
export class Messages1732900000000 implements MigrationInterface {
  name = 'Messages1732900000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      'CREATE TABLE "messages" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "title" varchar(200) NOT NULL, "content" text NOT NULL, "format" varchar(16) NOT NULL DEFAULT (\'markdown\'), "author_id" integer NOT NULL, "recipient_count" integer NOT NULL DEFAULT (0), "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL)',
    );
    // The admin search's date range reads only the messages sent inside it.
    await runner.query('CREATE INDEX "idx_messages_created_at" ON "messages" ("created_at") ');
    // The primary key (user_id, message_id) is "my page": a user's own rows, newest message first.
    await runner.query(
      'CREATE TABLE "message_recipients" ("user_id" integer NOT NULL, "message_id" integer NOT NULL, "read_at" bigint NOT NULL DEFAULT (0), PRIMARY KEY ("user_id", "message_id"))',
    );
    // "My unread count", polled every 30 s by every console: only unread rows are in this index.
    await runner.query(
      'CREATE INDEX "idx_message_recipients_unread" ON "message_recipients" ("user_id") WHERE "read_at" = 0',
    );
    // The recipients view, and deleting a message's rows (in the same transaction as the message), go by message.
    await runner.query(
      'CREATE INDEX "idx_message_recipients_message" ON "message_recipients" ("message_id", "user_id") ',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE "message_recipients"');
    await runner.query('DROP TABLE "messages"');
  }
}
