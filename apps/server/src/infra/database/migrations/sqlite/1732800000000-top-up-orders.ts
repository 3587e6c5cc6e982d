import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** Online top-up orders (easy-pay, reference §9). */
export class TopUpOrders1732800000000 implements MigrationInterface {
  name = 'TopUpOrders1732800000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      'CREATE TABLE "top_ups" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "user_id" integer NOT NULL, "trade_no" varchar(64) NOT NULL, "quota" bigint NOT NULL, "money_cents" bigint NOT NULL, "payment_method" varchar(8) NOT NULL, "status" varchar(16) NOT NULL DEFAULT (\'pending\'), "created_at" bigint NOT NULL, "completed_at" bigint NOT NULL DEFAULT (0))',
    );
    // A user's history pages through their own orders only.
    await runner.query('CREATE INDEX "idx_top_ups_user_id" ON "top_ups" ("user_id") ');
    // The callback finds its order by trade number; one number, one order.
    await runner.query('CREATE UNIQUE INDEX "idx_top_ups_trade_no" ON "top_ups" ("trade_no") ');
    // The expiry job reads pending orders older than a day without walking the paid ones.
    await runner.query('CREATE INDEX "idx_top_ups_status_created_at" ON "top_ups" ("status", "created_at") ');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE "top_ups"');
  }
}
