import { type AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import OpenAI, { APIError } from 'openai';
import { Client } from 'pg';
import { QuotaLedger } from '../src/modules/billing/quota-ledger';
import { QuotaStore } from '../src/modules/billing/quota-store';
import { UsageRecorder } from '../src/modules/billing/usage-recorder';
import { balanceReader } from './support/balances';
import { type Account, moneyBooks } from './support/money-books';
import { type RelayGateway, startRelayGateway } from './support/relay-gateway';
import { startTestApp, type TestApp } from './support/test-app';
import { uniquePrefix } from './support/test-databases';

// A per-call price (0.02 × QuotaPerUnit): reservation and charge are equal, so a budget allows an exact count.
const FLAT_PRICE = 0.02;
const FLAT = 10_000;
const M = { race: 'race-flat', stall: 'stall-flat' } as const;
// A drain holding the journal's lock longer than this is presumed dead and another replica drains the same
// entries (redis-ledger-journal.ts LOCK_TTL_MS).
const DRAIN_LOCK_TTL_MS = 10_000;
const STALL_WAIT_MS = DRAIN_LOCK_TTL_MS + 15_000;

// Two replicas on one PostgreSQL database and one Redis prefix, as deployed: a race for a budget, the first
// load of a balance both want at once, and a drain stalled so long that the other replica drains it again.
describe('billing money paths across two replicas (full)', () => {
  let g: RelayGateway;
  let second: TestApp;
  let secondOrigin: string;
  let channels: Record<string, number>;
  let money: ReturnType<typeof moneyBooks>;

  beforeAll(async () => {
    const redisPrefix = uniquePrefix();
    g = await startRelayGateway('full', {}, { redisPrefix });
    await g.setOption('ModelPrice', JSON.stringify({ [M.race]: FLAT_PRICE, [M.stall]: FLAT_PRICE }));
    await g.setOption('RetryTimes', '0');
    channels = {};
    money = moneyBooks(
      g,
      (model) => channels[model],
      () => apps().map((app) => app.get(QuotaLedger)),
    );
    for (const model of Object.values(M))
      channels[model] = await g.addChannel({ name: model, models: model });
    // Booted after the options and channels exist: it reads them from the database like any new replica.
    second = await startTestApp('full', { databaseUrl: g.t.config.databaseUrl, redisPrefix });
    await second.app.listen({ port: 0, host: '127.0.0.1' });
    secondOrigin = `http://127.0.0.1:${(second.app.getHttpServer().address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await second.close();
    await g.close();
  });

  const apps = () => [g.t.app, second.app];
  const client = (a: Account, replica: number) =>
    replica === 0
      ? g.openai(a.key)
      : new OpenAI({ apiKey: a.key, baseURL: `${secondOrigin}/v1`, maxRetries: 0 });

  /** One call through the official SDK on a replica, read to its end; answers its request id. */
  async function chat(a: Account, model: string, replica: number, stream: boolean): Promise<string> {
    const body = { model, messages: [{ role: 'user' as const, content: 'pay for this' }] };
    if (!stream) {
      const { response } = await client(a, replica).chat.completions.create(body).withResponse();
      return response.headers.get('x-request-id') ?? '';
    }
    const { data, response } = await client(a, replica)
      .chat.completions.create({ ...body, stream: true })
      .withResponse();
    for await (const _chunk of data);
    return response.headers.get('x-request-id') ?? '';
  }

  it('lets exactly what a token budget allows through when both replicas race for it, loading each balance once', async () => {
    // Neither balance is cached yet: the first calls on both replicas all find them missing at once.
    const a = await money.account(M.race, 1_000_000, 9 * FLAT + FLAT / 2);
    const stores = apps().map((app) => app.get(QuotaStore));
    const userLoads = stores.map((store) => jest.spyOn(store, 'userQuota'));
    const tokenLoads = stores.map((store) => jest.spyOn(store, 'tokenRemain'));
    try {
      const outcomes = await Promise.allSettled(
        Array.from({ length: 24 }, (_, index) => chat(a, M.race, index % 2, index % 4 < 2)),
      );
      const answered = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
      const refusals = outcomes.flatMap((outcome) =>
        outcome.status === 'rejected' ? [(outcome.reason as APIError).status] : [],
      );
      expect(answered).toHaveLength(9);
      expect(refusals).toEqual(Array<number>(15).fill(403));
      // One replica read each balance from the database; the other waited for the value it cached.
      const calls = (spies: jest.SpyInstance[]) =>
        spies.reduce((total, spy) => total + spy.mock.calls.length, 0);
      expect([calls(userLoads), calls(tokenLoads)]).toEqual([1, 1]);
      const b = await money.books(a);
      expect(money.expectBalanced(b, a, answered)).toBe(9 * FLAT);
      expect(b.token.remain_quota).toBe(FLAT / 2);
    } finally {
      for (const spy of [...userLoads, ...tokenLoads]) spy.mockRestore();
    }
  });

  it('applies a drain that stalled past its lock once, though the other replica drained the same entries again', async () => {
    const a = await money.account(M.stall, 1_000_000, 900_000);
    // Balances loaded before the stall: a load waits for the journal's lock, which the stalled drain holds.
    const answered = [await chat(a, M.stall, 0, false)];
    await Promise.all(apps().map((app) => app.get(QuotaLedger).flush()));
    await Promise.all(apps().map((app) => app.get(UsageRecorder).flush()));
    const blocker = new Client({ connectionString: g.t.config.databaseUrl });
    await blocker.connect();
    try {
      // Reads go on; the drain's INSERT of log rows waits (its users, tokens and channels updates are done).
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE "logs" IN SHARE MODE');
      answered.push(
        ...(await Promise.all(
          Array.from({ length: 6 }, (_, index) => chat(a, M.stall, index % 2, index % 3 === 0)),
        )),
      );
      // The first drain waits on the log table; once its lock expires, the other replica takes the same entries
      // and waits on the cursor row the first one holds.
      const waiting = async () =>
        (
          await g.data.query<Array<{ query: string }>>(
            `SELECT query FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          )
        ).map((row) => row.query);
      let seen: string[] = [];
      for (const started = Date.now(); Date.now() - started < STALL_WAIT_MS; await sleep(100)) {
        seen = await waiting();
        if (seen.some((sql) => sql.includes('"ledger_cursors"'))) break;
      }
      expect(seen.some((sql) => sql.includes('INSERT INTO "logs"'))).toBe(true);
      expect(seen.some((sql) => sql.includes('"ledger_cursors"'))).toBe(true);
      expect((await balanceReader(g.t, g.root).user(a.userId)).request_count).toBe(1);
    } finally {
      await blocker.query('COMMIT');
      await blocker.end();
    }
    money.expectBalanced(await money.books(a), a, answered);
  }, 60_000);
});
