import { Logger } from '@nestjs/common';
import { RedisConnections } from '../src/infra/redis/redis-connections';
import { waitFor } from '../src/infra/redis/redis-testing';
import { QuotaLedger } from '../src/modules/billing/quota-ledger';
import {
  AHEAD_OF_REPLIES,
  LATE_REPORT_MS,
  NAMED_IN_LATE_REPORT,
} from '../src/modules/billing/settlement-replies';
import { billingFactory, payer } from './support/billing-factory';
import { startPrivateRedis, type PrivateRedis } from './support/private-redis';
import { startTestApp, type TestApp } from './support/test-app';

// ioredis gives a command up when no reply came within this (FAIL_FAST in redis-connections).
const COMMAND_TIMEOUT_MS = 1000;

// The relay answers a call once its charge is settled. In Redis mode "settled" means the charge has left this
// process for Redis (the kernel delivers it even if the process dies next), not that Redis has answered: that
// round trip no longer sits between the provider's answer and the caller's.
describe('billing ledger: a charge is settled once Redis has it, before Redis answers', () => {
  let redis: PrivateRedis;
  let t: TestApp;
  let ledger: QuotaLedger;
  let make: ReturnType<typeof billingFactory>;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    t = await startTestApp('full', { redisUrl: redis.url });
    ledger = t.app.get(QuotaLedger);
    make = billingFactory(t);
  });
  afterAll(async () => {
    try {
      redis.resume();
      await t.close();
    } finally {
      await redis.kill();
    }
  });

  it('settles while Redis is frozen; the charge lands once though the connection closed before any reply', async () => {
    const userId = await make.user(10_000);
    const reservation = await ledger.reserve(payer(userId, null), 1_000);
    redis.pause();
    let settledInMs: number;
    try {
      const started = performance.now();
      await ledger.settle(reservation, 600, 0);
      settledInMs = performance.now() - started;
      // As when this process dies now: its connection closes with the reply still to come.
      t.app.get(RedisConnections).command.disconnect(true);
    } finally {
      redis.resume();
    }
    expect(settledInMs).toBeLessThan(COMMAND_TIMEOUT_MS);
    await ledger.settled(COMMAND_TIMEOUT_MS * 5);
    await waitFor('the charge in the database', async () => {
      await ledger.flush().catch(() => undefined);
      return (await make.userRow(userId)).usedQuota > 0;
    });
    expect(await make.userRow(userId)).toMatchObject({ quota: 9_400, usedQuota: 600, requestCount: 1 });
    // The hold was closed by the charge: nothing is held any more, nothing given back twice.
    const again = await ledger.reserve(payer(userId, null), 9_400);
    await ledger.settle(again, 9_400, 0);
    await ledger.flush();
    expect((await make.userRow(userId)).quota).toBe(0);
  });

  it('lets a burst go on only a few at a time before Redis answers; the rest wait for their replies', async () => {
    const userId = await make.user(1_000_000);
    const burst = 100;
    const reservations = await Promise.all(
      Array.from({ length: burst }, () => ledger.reserve(payer(userId, null), 100)),
    );
    let done = 0;
    // On a loaded machine the frozen moment below may outlast a second: the commands must outlast it.
    const commands = t.app.get(RedisConnections).command.options;
    const commandTimeout = commands.commandTimeout;
    commands.commandTimeout = COMMAND_TIMEOUT_MS * 10;
    redis.pause();
    let doneWhileFrozen: number;
    let settling: Promise<unknown>;
    try {
      settling = Promise.all(reservations.map((r) => ledger.settle(r, 100, 0).then(() => (done += 1))));
      await waitFor('the first settlements', () => done > 0);
      await new Promise((resolve) => setTimeout(resolve, 200));
      doneWhileFrozen = done;
    } finally {
      redis.resume();
    }
    await settling;
    commands.commandTimeout = commandTimeout;
    expect(doneWhileFrozen).toBe(AHEAD_OF_REPLIES);
    await ledger.settled(COMMAND_TIMEOUT_MS * 5);
    await ledger.flush();
    expect(await make.userRow(userId)).toMatchObject({
      quota: 990_000,
      usedQuota: 10_000,
      requestCount: burst,
    });
  });

  it('says in one line how many replies came too late; Redis still applies every charge once', async () => {
    const userId = await make.user(1_000_000);
    const burst = AHEAD_OF_REPLIES + 8;
    const reservations = await Promise.all(
      Array.from({ length: burst }, () => ledger.reserve(payer(userId, null), 100)),
    );
    const warn = jest.spyOn(Logger.prototype, 'warn');
    const lateLines = () =>
      warn.mock.calls.map(([message]) => String(message)).filter((line) => line.includes('no reply in time'));
    redis.pause();
    try {
      // ioredis gives every reply up while Redis is frozen: the callers beyond AHEAD_OF_REPLIES waited for that.
      await Promise.all(reservations.map((r) => ledger.settle(r, 100, 0)));
    } finally {
      redis.resume();
    }
    await waitFor('the report of the late replies', () => lateLines().length > 0);
    await new Promise((resolve) => setTimeout(resolve, LATE_REPORT_MS * 1.5));
    const reported = lateLines();
    warn.mockRestore();
    expect(reported).toEqual([
      expect.stringMatching(
        new RegExp(
          `^no reply in time to ${burst} settlements \\(reservations [0-9, ]+, and ${burst - NAMED_IN_LATE_REPORT} more\\); Redis applies them once read$`,
        ),
      ),
    ]);
    await ledger.settled(COMMAND_TIMEOUT_MS * 5);
    await ledger.flush();
    expect(await make.userRow(userId)).toMatchObject({
      quota: 1_000_000 - burst * 100,
      usedQuota: burst * 100,
      requestCount: burst,
    });
  });
});
