import { type MigrationInterface, type QueryRunner } from 'typeorm';

export class InitialSchema1732150000000 implements MigrationInterface {
  name = 'InitialSchema1732150000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      'CREATE TABLE "sessions" ("id" character varying(64) NOT NULL, "user_id" integer NOT NULL, "created_at" bigint NOT NULL, "expires_at" bigint NOT NULL, CONSTRAINT "PK_3238ef96f18b355b671619111bc" PRIMARY KEY ("id"))',
    );
    await runner.query('CREATE INDEX "idx_sessions_user_id" ON "sessions"  ("user_id") ');
    await runner.query('CREATE INDEX "idx_sessions_expires_at" ON "sessions"  ("expires_at") ');
    await runner.query(
      'CREATE TABLE "options" ("key" character varying(100) NOT NULL, "value" text NOT NULL, CONSTRAINT "PK_4d886cd47aa57e872fbf2ab3c14" PRIMARY KEY ("key"))',
    );
    await runner.query(
      'CREATE TABLE "setups" ("id" SERIAL NOT NULL, "version" character varying(32) NOT NULL, "initialized_at" bigint NOT NULL, CONSTRAINT "PK_fa7f9bc52ca7dba2c34a51fad4d" PRIMARY KEY ("id"))',
    );
    await runner.query(
      'CREATE TABLE "users" ("id" SERIAL NOT NULL, "username" character varying(20) NOT NULL, "password" character varying(255) NOT NULL, "display_name" character varying(50) NOT NULL DEFAULT \'\', "role" integer NOT NULL DEFAULT \'1\', "status" integer NOT NULL DEFAULT \'1\', "email" character varying(100) NOT NULL DEFAULT \'\', "github_id" character varying(64) NOT NULL DEFAULT \'\', "oidc_id" character varying(255) NOT NULL DEFAULT \'\', "wechat_id" character varying(64) NOT NULL DEFAULT \'\', "telegram_id" character varying(64) NOT NULL DEFAULT \'\', "linux_do_id" character varying(64) NOT NULL DEFAULT \'\', "access_token" character varying(64), "quota" bigint NOT NULL DEFAULT \'0\', "used_quota" bigint NOT NULL DEFAULT \'0\', "request_count" integer NOT NULL DEFAULT \'0\', "group" character varying(64) NOT NULL DEFAULT \'default\', "aff_code" character varying(32), "aff_count" integer NOT NULL DEFAULT \'0\', "aff_quota" bigint NOT NULL DEFAULT \'0\', "aff_history_quota" bigint NOT NULL DEFAULT \'0\', "inviter_id" integer NOT NULL DEFAULT \'0\', "setting" text NOT NULL DEFAULT \'\', "concurrency_limit" integer NOT NULL DEFAULT \'0\', "created_at" bigint NOT NULL, "deleted_at" bigint, CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))',
    );
    await runner.query('CREATE UNIQUE INDEX "idx_users_username" ON "users"  ("username") ');
    await runner.query('CREATE INDEX "idx_users_email" ON "users"  ("email") ');
    await runner.query('CREATE INDEX "idx_users_github_id" ON "users"  ("github_id") ');
    await runner.query('CREATE INDEX "idx_users_oidc_id" ON "users"  ("oidc_id") ');
    await runner.query('CREATE INDEX "idx_users_wechat_id" ON "users"  ("wechat_id") ');
    await runner.query('CREATE INDEX "idx_users_telegram_id" ON "users"  ("telegram_id") ');
    await runner.query('CREATE INDEX "idx_users_linux_do_id" ON "users"  ("linux_do_id") ');
    await runner.query('CREATE UNIQUE INDEX "idx_users_access_token" ON "users"  ("access_token") ');
    await runner.query('CREATE UNIQUE INDEX "idx_users_aff_code" ON "users"  ("aff_code") ');
    await runner.query('CREATE INDEX "idx_users_inviter_id" ON "users"  ("inviter_id") ');
    await runner.query('CREATE INDEX "idx_users_deleted_at" ON "users"  ("deleted_at") ');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX "idx_users_deleted_at"');
    await runner.query('DROP INDEX "idx_users_inviter_id"');
    await runner.query('DROP INDEX "idx_users_aff_code"');
    await runner.query('DROP INDEX "idx_users_access_token"');
    await runner.query('DROP INDEX "idx_users_linux_do_id"');
    await runner.query('DROP INDEX "idx_users_telegram_id"');
    await runner.query('DROP INDEX "idx_users_wechat_id"');
    await runner.query('DROP INDEX "idx_users_oidc_id"');
    await runner.query('DROP INDEX "idx_users_github_id"');
    await runner.query('DROP INDEX "idx_users_email"');
    await runner.query('DROP INDEX "idx_users_username"');
    await runner.query('DROP TABLE "users"');
    await runner.query('DROP TABLE "setups"');
    await runner.query('DROP TABLE "options"');
    await runner.query('DROP INDEX "idx_sessions_expires_at"');
    await runner.query('DROP INDEX "idx_sessions_user_id"');
    await runner.query('DROP TABLE "sessions"');
  }
}
