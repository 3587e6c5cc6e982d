import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** Users: the time of the last daily check-in (one per UTC day). */
export class UsersIdentity1732400000000 implements MigrationInterface {
  name = 'UsersIdentity1732400000000';

  // SQLite adds a NOT NULL column in place when it has a constant default; no table rebuild needed.
  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE "users" ADD COLUMN "last_check_in_time" bigint NOT NULL DEFAULT (0)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE "users" DROP COLUMN "last_check_in_time"');
  }
}
