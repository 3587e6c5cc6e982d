import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** Users: the time of the last daily check-in (one per UTC day). */
export class UsersIdentity1732400000000 implements MigrationInterface {
  name = 'UsersIdentity1732400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE "users" ADD "last_check_in_time" bigint NOT NULL DEFAULT \'0\'');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE "users" DROP COLUMN "last_check_in_time"');
  }
}
