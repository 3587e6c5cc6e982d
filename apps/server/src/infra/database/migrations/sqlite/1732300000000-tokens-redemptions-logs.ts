import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** API tokens, redemption codes with their per-user redemptions, and the log table. */
export class TokensRedemptionsLogs1732300000000 implements MigrationInterface {
  name = 'TokensRedemptionsLogs1732300000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      'CREATE TABLE "logs" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "created_at" bigint NOT NULL, "type" integer NOT NULL DEFAULT (0), "content" text NOT NULL DEFAULT (\'\'), "username" varchar(20) NOT NULL DEFAULT (\'\'), "user_id" integer NOT NULL DEFAULT (0), "token_name" varchar(50) NOT NULL DEFAULT (\'\'), "token_id" integer NOT NULL DEFAULT (0), "model_name" varchar(255) NOT NULL DEFAULT (\'\'), "group" varchar(64) NOT NULL DEFAULT (\'\'), "channel" integer NOT NULL DEFAULT (0), "is_stream" boolean NOT NULL DEFAULT (0), "use_time" integer NOT NULL DEFAULT (0), "prompt_tokens" integer NOT NULL DEFAULT (0), "completion_tokens" integer NOT NULL DEFAULT (0), "quota" bigint NOT NULL DEFAULT (0), "other" text NOT NULL DEFAULT (\'\'), "ip" varchar(64) NOT NULL DEFAULT (\'\'))',
    );
    await runner.query('CREATE INDEX "idx_logs_created_at" ON "logs" ("created_at") ');
    await runner.query('CREATE INDEX "idx_logs_type" ON "logs" ("type") ');
    await runner.query('CREATE INDEX "idx_logs_username" ON "logs" ("username") ');
    await runner.query('CREATE INDEX "idx_logs_user_id" ON "logs" ("user_id") ');
    await runner.query('CREATE INDEX "idx_logs_token_name" ON "logs" ("token_name") ');
    await runner.query('CREATE INDEX "idx_logs_model_name" ON "logs" ("model_name") ');
    await runner.query('CREATE INDEX "idx_logs_channel" ON "logs" ("channel") ');
    await runner.query(
      'CREATE TABLE "redemptions" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "user_id" integer NOT NULL DEFAULT (0), "key" varchar(64) NOT NULL, "status" integer NOT NULL DEFAULT (1), "name" varchar(50) NOT NULL DEFAULT (\'\'), "quota" bigint NOT NULL DEFAULT (0), "created_time" bigint NOT NULL, "redeemed_time" bigint NOT NULL DEFAULT (0), "used_user_id" integer NOT NULL DEFAULT (0), "is_gift" boolean NOT NULL DEFAULT (0), "max_uses" integer NOT NULL DEFAULT (-1), "used_count" integer NOT NULL DEFAULT (0), "valid_from" bigint NOT NULL DEFAULT (0), "valid_until" bigint NOT NULL DEFAULT (0))',
    );
    await runner.query('CREATE UNIQUE INDEX "idx_redemptions_key" ON "redemptions" ("key") ');
    await runner.query('CREATE INDEX "idx_redemptions_status" ON "redemptions" ("status") ');
    await runner.query('CREATE INDEX "idx_redemptions_name" ON "redemptions" ("name") ');
    await runner.query(
      'CREATE TABLE "redemption_uses" ("redemption_id" integer NOT NULL, "user_id" integer NOT NULL, "created_time" bigint NOT NULL, CONSTRAINT "FK_d8515f0da07c18374386bce75e2" FOREIGN KEY ("redemption_id") REFERENCES "redemptions" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("redemption_id", "user_id"))',
    );
    await runner.query('CREATE INDEX "idx_redemption_uses_user_id" ON "redemption_uses" ("user_id") ');
    await runner.query(
      'CREATE TABLE "tokens" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "user_id" integer NOT NULL, "key_hash" varchar(64) NOT NULL, "key_sealed" text NOT NULL, "name" varchar(50) NOT NULL DEFAULT (\'\'), "status" integer NOT NULL DEFAULT (1), "created_time" bigint NOT NULL, "accessed_time" bigint NOT NULL DEFAULT (0), "expired_time" bigint NOT NULL DEFAULT (-1), "remain_quota" bigint NOT NULL DEFAULT (0), "used_quota" bigint NOT NULL DEFAULT (0), "unlimited_quota" boolean NOT NULL DEFAULT (0), "model_limits_enabled" boolean NOT NULL DEFAULT (0), "model_limits" text NOT NULL DEFAULT (\'\'), "allow_ips" text NOT NULL DEFAULT (\'\'), "group" varchar(64) NOT NULL DEFAULT (\'\'), "rate_limit_enabled" boolean NOT NULL DEFAULT (0), "rate_limit_period" integer NOT NULL DEFAULT (60), "rate_limit_count" integer NOT NULL DEFAULT (1000), "rate_limit_success" integer NOT NULL DEFAULT (10))',
    );
    await runner.query('CREATE INDEX "idx_tokens_user_id" ON "tokens" ("user_id") ');
    await runner.query('CREATE UNIQUE INDEX "idx_tokens_key_hash" ON "tokens" ("key_hash") ');
    await runner.query('CREATE INDEX "idx_tokens_name" ON "tokens" ("name") ');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX "idx_tokens_name"');
    await runner.query('DROP INDEX "idx_tokens_key_hash"');
    await runner.query('DROP INDEX "idx_tokens_user_id"');
    await runner.query('DROP TABLE "tokens"');
    await runner.query('DROP INDEX "idx_redemption_uses_user_id"');
    await runner.query('DROP TABLE "redemption_uses"');
    await runner.query('DROP INDEX "idx_redemptions_name"');
    await runner.query('DROP INDEX "idx_redemptions_status"');
    await runner.query('DROP INDEX "idx_redemptions_key"');
    await runner.query('DROP TABLE "redemptions"');
    await runner.query('DROP INDEX "idx_logs_channel"');
    await runner.query('DROP INDEX "idx_logs_model_name"');
    await runner.query('DROP INDEX "idx_logs_token_name"');
    await runner.query('DROP INDEX "idx_logs_user_id"');
    await runner.query('DROP INDEX "idx_logs_username"');
    await runner.query('DROP INDEX "idx_logs_type"');
    await runner.query('DROP INDEX "idx_logs_created_at"');
    await runner.query('DROP TABLE "logs"');
  }
}
