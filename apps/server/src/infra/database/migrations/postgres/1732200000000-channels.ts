import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** Channels and their routing abilities (group × model → channel). */
export class Channels1732200000000 implements MigrationInterface {
  name = 'Channels1732200000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      'CREATE TABLE "abilities" ("group" character varying(64) NOT NULL, "model" character varying(255) NOT NULL, "channel_id" integer NOT NULL, "enabled" boolean NOT NULL DEFAULT true, "priority" integer NOT NULL DEFAULT \'0\', "weight" integer NOT NULL DEFAULT \'0\', "tag" character varying(255) NOT NULL DEFAULT \'\', CONSTRAINT "PK_f3398e2a86200dc99af922684ee" PRIMARY KEY ("group", "model", "channel_id"))',
    );
    await runner.query('CREATE INDEX "idx_abilities_channel_id" ON "abilities"  ("channel_id") ');
    await runner.query('CREATE INDEX "idx_abilities_tag" ON "abilities"  ("tag") ');
    await runner.query(
      'CREATE TABLE "channels" ("id" SERIAL NOT NULL, "type" integer NOT NULL DEFAULT \'1\', "name" character varying(255) NOT NULL, "key" text NOT NULL, "openai_organization" character varying(255) NOT NULL DEFAULT \'\', "max_input_tokens" integer NOT NULL DEFAULT \'0\', "base_url" text NOT NULL DEFAULT \'\', "other" text NOT NULL DEFAULT \'\', "model_mapping" text NOT NULL DEFAULT \'\', "status_code_mapping" text NOT NULL DEFAULT \'\', "setting" text NOT NULL DEFAULT \'\', "param_override" text NOT NULL DEFAULT \'\', "header_override" text NOT NULL DEFAULT \'\', "models" text NOT NULL, "group" text NOT NULL, "auto_ban" integer NOT NULL DEFAULT \'1\', "test_model" character varying(255) NOT NULL DEFAULT \'\', "priority" integer NOT NULL DEFAULT \'0\', "weight" integer NOT NULL DEFAULT \'0\', "tag" character varying(255) NOT NULL DEFAULT \'\', "model_prefix" character varying(255) NOT NULL DEFAULT \'\', "status" integer NOT NULL DEFAULT \'1\', "response_time" integer NOT NULL DEFAULT \'0\', "balance" double precision NOT NULL DEFAULT \'0\', "used_quota" bigint NOT NULL DEFAULT \'0\', "other_info" text NOT NULL DEFAULT \'\', "channel_info" text NOT NULL DEFAULT \'\', "created_time" bigint NOT NULL, "test_time" bigint NOT NULL DEFAULT \'0\', "balance_updated_time" bigint NOT NULL DEFAULT \'0\', CONSTRAINT "PK_bc603823f3f741359c2339389f9" PRIMARY KEY ("id"))',
    );
    await runner.query('CREATE INDEX "idx_channels_name" ON "channels"  ("name") ');
    await runner.query('CREATE INDEX "idx_channels_tag" ON "channels"  ("tag") ');
    await runner.query('CREATE INDEX "idx_channels_status" ON "channels"  ("status") ');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX "idx_channels_status"');
    await runner.query('DROP INDEX "idx_channels_tag"');
    await runner.query('DROP INDEX "idx_channels_name"');
    await runner.query('DROP TABLE "channels"');
    await runner.query('DROP INDEX "idx_abilities_tag"');
    await runner.query('DROP INDEX "idx_abilities_channel_id"');
    await runner.query('DROP TABLE "abilities"');
  }
}
