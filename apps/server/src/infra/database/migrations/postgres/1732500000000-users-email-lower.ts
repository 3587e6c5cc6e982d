import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Users: emails are looked up as LOWER(email) = LOWER(:email), so the index is on that expression; the
 * plain one no query can use goes. Not unique: older rows may hold one address in two capitalisations.
 */
export class UsersEmailLower1732500000000 implements MigrationInterface {
  name = 'UsersEmailLower1732500000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('CREATE INDEX "idx_users_email_lower" ON "users" (LOWER("email"))');
    await runner.query('DROP INDEX "idx_users_email"');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('CREATE INDEX "idx_users_email" ON "users"  ("email") ');
    await runner.query('DROP INDEX "idx_users_email_lower"');
  }
}
