import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** The ledger journal's cursor: the last charge applied, so a redelivered one is skipped. */
export class LedgerCursors1732600000000 implements MigrationInterface {
  name = 'LedgerCursors1732600000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      'CREATE TABLE "ledger_cursors" ("name" varchar(255) PRIMARY KEY NOT NULL, "last_id" varchar(64) NOT NULL)',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE "ledger_cursors"');
  }
}
