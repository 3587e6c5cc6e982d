import { type LogStat, LogType } from '@tollgate/contracts';
import { In } from 'typeorm';
import { nowSeconds } from '../src/infra/database/columns';
import { JobQueue } from '../src/infra/queue/queue.port';
import { LogEntity } from '../src/modules/logs/log.entity';
import { consumes, getLogs, type SeedRow, seedLogs, tokensOf } from './support/logs-seed';
import { type RelayGateway, startRelayGateway } from './support/relay-gateway';
import { BACKENDS, type SignedIn } from './support/test-app';

const HOUR = 3600;
const DAY = 24 * HOUR;

describe.each(BACKENDS)('log stats, deletion and retention (%s)', (backend) => {
  let g: RelayGateway;
  let alice: SignedIn;
  let bob: SignedIn;
  let rows: SeedRow[];
  let now: number;

  const row = (i: number, owner: SignedIn, createdAt: number, type: LogType = LogType.Consume): SeedRow => ({
    label: `stat-${i}`,
    userId: owner.id,
    username: owner === alice ? 'alice' : 'bob',
    type,
    tokenName: i % 2 === 0 ? 'ta' : 'tb',
    modelName: i % 3 === 0 ? 'gpt-a' : 'gpt-b',
    group: 'default',
    channel: i % 2 === 0 ? 7 : 8,
    createdAt,
    quota: 1000 + 37 * i,
    promptTokens: 50 + i,
    completionTokens: 3 * i,
    other: {},
  });

  /** The stat the reference defines, computed from the seeded rows. */
  function expectedStat(keep: (r: SeedRow) => boolean, range?: [number, number]): LogStat {
    const matching = rows.filter((r) => consumes(r) && keep(r));
    const inRange = matching.filter((r) => !range || (r.createdAt >= range[0] && r.createdAt <= range[1]));
    const recent = matching.filter((r) => r.createdAt >= now - 60);
    return {
      quota: inRange.reduce((sum, r) => sum + r.quota, 0),
      token_total: inRange.reduce((sum, r) => sum + tokensOf(r), 0),
      prompt_tokens: inRange.reduce((sum, r) => sum + r.promptTokens, 0),
      completion_tokens: inRange.reduce((sum, r) => sum + r.completionTokens, 0),
      rpm: recent.length,
      tpm: recent.reduce((sum, r) => sum + tokensOf(r), 0),
    };
  }

  beforeAll(async () => {
    g = await startRelayGateway(backend);
    alice = await g.newUser('alice');
    bob = await g.newUser('bob');
    now = nowSeconds();
    rows = [
      // Old consumption over two days, every fourth one bob's.
      ...Array.from({ length: 24 }, (_, i) => row(i, i % 4 === 0 ? bob : alice, now - 2 * DAY + i * HOUR)),
      // The last minute: five of alice's, two of bob's, and rows of other types that RPM must not count.
      ...Array.from({ length: 5 }, (_, i) => row(100 + i, alice, now - 5 - i)),
      ...Array.from({ length: 2 }, (_, i) => row(200 + i, bob, now - 10 - i)),
      row(300, alice, now - 3, LogType.TopUp),
      row(301, alice, now - 3, LogType.Error),
      // Just outside the minute.
      row(400, alice, now - 3 * 60),
    ];
    await seedLogs(g, rows);
  });
  afterAll(() => g.close());

  const stat = async (who: SignedIn, path: string, query: Record<string, string | number> = {}) => {
    const body = await getLogs<LogStat>(g, who, path, query);
    expect(body.success).toBe(true);
    return body.data;
  };

  it('sums every consumption row for an administrator, and counts the last minute for RPM and TPM', async () => {
    const all = await stat(g.root, '/api/log/stat');
    expect(all).toEqual(expectedStat(() => true));
    expect(all.rpm).toBe(7);
    // Different sums, so input and output swapped would show.
    expect(all.prompt_tokens).not.toBe(all.completion_tokens);
    expect(all.prompt_tokens + all.completion_tokens).toBe(all.token_total);
  });

  it('applies the filters to the sums and to the rate, the time range to the sums only', async () => {
    const range: [number, number] = [now - 2 * DAY + 3 * HOUR, now - 2 * DAY + 15 * HOUR];
    expect(
      await stat(g.root, '/api/log/stat', {
        username: 'alice',
        start_timestamp: range[0],
        end_timestamp: range[1],
      }),
    ).toEqual(expectedStat((r) => r.userId === alice.id, range));
    expect(await stat(g.root, '/api/log/stat', { model_name: 'gpt-a', channel: 7 })).toEqual(
      expectedStat((r) => r.modelName === 'gpt-a' && r.channel === 7),
    );
    expect(await stat(g.root, '/api/log/stat', { token_name: 'tb', group: 'default' })).toEqual(
      expectedStat((r) => r.tokenName === 'tb'),
    );
    // The type filter does not change a stat: it is always about consumption.
    expect(await stat(g.root, '/api/log/stat', { type: LogType.TopUp })).toEqual(expectedStat(() => true));
    expect(await stat(g.root, '/api/log/stat', { model_name: 'nothing' })).toEqual({
      quota: 0,
      token_total: 0,
      prompt_tokens: 0,
      completion_tokens: 0,
      rpm: 0,
      tpm: 0,
    });
  });

  it('gives a user the stat of their own rows only, whatever user or channel they name', async () => {
    expect(await stat(alice, '/api/log/self/stat')).toEqual(expectedStat((r) => r.userId === alice.id));
    expect(await stat(alice, '/api/log/self/stat', { username: 'bob', channel: 7 })).toEqual(
      expectedStat((r) => r.userId === alice.id),
    );
    expect(await stat(bob, '/api/log/self/stat', { model_name: 'gpt-b' })).toEqual(
      expectedStat((r) => r.userId === bob.id && r.modelName === 'gpt-b'),
    );
  });

  it('deletes the rows older than the time, answers their count, and keeps the rest', async () => {
    const labels = await g.data.getRepository(LogEntity).count();
    const target = now - DAY;
    const older = rows.filter((r) => r.createdAt < target).length;
    expect(older).toBeGreaterThan(0);
    const first = await g.t
      .http()
      .delete('/api/log/')
      .query({ target_timestamp: target })
      .set(g.root.headers);
    expect(first.body).toEqual({ success: true, message: '', data: older });
    expect(await g.data.getRepository(LogEntity).count()).toBe(labels - older);
    const again = await g.t
      .http()
      .delete('/api/log/')
      .query({ target_timestamp: target })
      .set(g.root.headers);
    expect(again.body).toMatchObject({ success: true, data: 0 });
    rows = rows.filter((r) => r.createdAt >= target);
    expect(await stat(g.root, '/api/log/stat')).toEqual(expectedStat(() => true));
  });

  it.each([
    ['no time', {}, 'Please choose the time before which logs are cleared'],
    ['time 0', { target_timestamp: 0 }, 'Please choose the time before which logs are cleared'],
    ['text', { target_timestamp: 'last week' }, 'target_timestamp must be an integer'],
    ['a negative time', { target_timestamp: -1 }, 'target_timestamp is too small'],
    [
      'a time days ahead',
      { target_timestamp: nowSeconds() + 3 * DAY },
      'The time before which logs are cleared cannot be in the future',
    ],
  ])('refuses a deletion with %s, deleting nothing', async (_name, query, message) => {
    const before = await g.data.getRepository(LogEntity).count();
    const response = await g.t
      .http()
      .delete('/api/log/')
      .query(query)
      .set(g.root.headers)
      .set('Accept-Language', 'en');
    expect(response.body).toMatchObject({ success: false, message });
    expect(await g.data.getRepository(LogEntity).count()).toBe(before);
  });

  it('deletes more rows than one batch holds', async () => {
    const base = now - 30 * DAY;
    const bulk = Array.from({ length: 12_345 }, (_, i) => ({ ...row(i, bob, base + i), label: `bulk-${i}` }));
    await seedLogs(g, bulk);
    const response = await g.t
      .http()
      .delete('/api/log/')
      .query({ target_timestamp: base + 12_000 })
      .set(g.root.headers);
    expect(response.body).toMatchObject({ success: true, data: 12_000 });
    const left = await g.data.getRepository(LogEntity).countBy({ content: In(bulk.map((r) => r.label)) });
    expect(left).toBe(345);
  });

  it('keeps LogRetentionDays of rows when the retention job runs, and everything at 0', async () => {
    const retained = (days: number) => rows.filter((r) => r.createdAt >= now - days * DAY).length;
    await seedLogs(g, [row(900, alice, now - 5 * DAY), row(901, bob, now - 3 * DAY)]);
    const queue = g.t.app.get(JobQueue);
    const runJob = async (): Promise<unknown> => {
      const id = await queue.add('log-retention', {});
      for (let waited = 0; waited < 10_000; waited += 50) {
        const job = await queue.get('log-retention', id);
        if (job?.state === 'completed') return job.result;
        if (job?.state === 'failed') throw new Error(job.failedReason ?? 'failed');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('the retention job did not finish');
    };
    const count = () => g.data.getRepository(LogEntity).count({ where: { type: In([1, 2, 6]) } });

    const all = await count();
    expect(await runJob()).toEqual({ deleted: 0 });
    expect(await count()).toBe(all);

    // 4 days: the 5-day-old row and what is left of the 30-day-old bulk; then 1 day: the 3-day-old row.
    await g.setOption('LogRetentionDays', '4');
    expect(await runJob()).toEqual({ deleted: 1 + 345 });
    await g.setOption('LogRetentionDays', '1');
    expect(await runJob()).toEqual({ deleted: 1 });
    expect(await count()).toBe(retained(1));
  });

  it('refuses a negative retention', async () => {
    const response = await g.t
      .http()
      .put('/api/option/')
      .set(g.root.headers)
      .send({ key: 'LogRetentionDays', value: '-1' });
    expect(response.body).toMatchObject({ success: false });
  });
});
