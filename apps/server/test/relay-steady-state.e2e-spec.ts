import { type AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import OpenAI from 'openai';
import { DataSource } from 'typeorm';
import { UserEntity } from '../src/modules/users/user.entity';
import { type MockUpstream, startMockUpstream } from '@tollgate/mock-upstream';
import { BACKENDS, type SignedIn, startTestApp, type TestApp } from './support/test-app';

const ROUNDS = 4;
const CALLS_PER_ROUND = 50;
// Longer than the write-behind and log batch windows (1 s), so every round's batches are written in the count.
const PAUSE_MS = 1_200;
// What one write-behind window issues here: the log batch insert (SQLite reads the ids back) and a
// transaction per table with one UPDATE per changed row — users 1, tokens 2, channels 1. It grows with the
// rows touched in a window, never with the number of calls.
const STATEMENTS_PER_WINDOW = 2 + 3 + 4 + 3;
// Periodic work that is not per request (routing or option reloads) may fall in the measured time.
const BACKGROUND_ALLOWANCE = 10;

/** Every SQL statement the app's DataSource issues from now on, read through its logger hook. */
function recordStatements(data: DataSource) {
  const spy = jest.spyOn(data.logger, 'logQuery');
  return {
    stop(): string[] {
      const statements = spy.mock.calls.map(([query]) => query);
      spy.mockRestore();
      return statements;
    },
  };
}

describe.each(BACKENDS)('relay: steady state makes no database round trip per request (%s)', (backend) => {
  let t: TestApp;
  let mock: MockUpstream;
  let root: SignedIn;
  let alice: SignedIn;
  let data: DataSource;
  let baseURL: string;

  beforeAll(async () => {
    mock = await startMockUpstream({ record: false });
    t = await startTestApp(backend);
    data = t.app.get(DataSource);
    root = await t.setupRoot();
    const aliceId = await t.createUser('alice', 'alice-pass-1');
    // Above the trust threshold (10 × QuotaPerUnit), so both trusted and reserved calls are measured.
    await data.getRepository(UserEntity).update(aliceId, { quota: 50_000_000 });
    alice = await t.signIn('alice', 'alice-pass-1');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseURL = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}/v1`;
    await admin('put', '/api/option/', { key: 'ModelRatio', value: JSON.stringify({ 'gpt-4o-mini': 1 }) });
    await admin('post', '/api/channel/', {
      type: 1,
      key: 'sk-upstream-secret',
      base_url: mock.url,
      name: 'main',
      group: 'default',
      models: 'gpt-4o-mini',
    });
  });
  afterAll(async () => {
    await t.close();
    await mock.close();
  });

  async function admin(method: 'put' | 'post', path: string, body: object): Promise<void> {
    const response = await t.http()[method](path).set(root.headers).send(body);
    expect(response.body).toMatchObject({ success: true });
  }
  async function newKey(fields: Record<string, unknown>): Promise<string> {
    const response = await t
      .http()
      .post('/api/token/')
      .set(alice.headers)
      .send({ name: 'steady', ...fields });
    expect(response.body).toMatchObject({ success: true });
    return (response.body.data[0] as { key: string }).key;
  }

  async function call(client: OpenAI, index: number): Promise<void> {
    const messages = [{ role: 'user' as const, content: `steady ${index}` }];
    if (index % 2 === 0) {
      const answer = await client.chat.completions.create({ model: 'gpt-4o-mini', messages });
      expect(answer.choices[0].message.content).toBe(`echo: steady ${index}`);
      return;
    }
    const stream = await client.chat.completions.create({ model: 'gpt-4o-mini', messages, stream: true });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe(`echo: steady ${index}`);
  }

  it('issues a bounded number of batch writes however many calls it serves', async () => {
    // An unlimited token (the user is trusted) and a limited one below the threshold (always reserved).
    const clients = [
      new OpenAI({ apiKey: await newKey({ unlimited_quota: true }), baseURL, maxRetries: 0 }),
      new OpenAI({ apiKey: await newKey({ remain_quota: 2_000_000 }), baseURL, maxRetries: 0 }),
    ];
    // Warm-up: the first calls load tokens, the user, balances and routing into memory.
    for (let index = 0; index < 4; index += 1) await call(clients[index % 2], index);
    await sleep(PAUSE_MS);

    const recording = recordStatements(data);
    const started = Date.now();
    for (let round = 0; round < ROUNDS; round += 1) {
      await Promise.all(
        Array.from({ length: CALLS_PER_ROUND }, (_, index) => call(clients[index % 2], round * 1000 + index)),
      );
      await sleep(PAUSE_MS);
    }
    const windows = Math.ceil((Date.now() - started) / 1_000);
    const statements = recording.stop();

    const calls = ROUNDS * CALLS_PER_ROUND;
    const bound = STATEMENTS_PER_WINDOW * windows + BACKGROUND_ALLOWANCE;
    if (statements.length > bound)
      throw new Error(`${statements.length} statements:\n${statements.join('\n')}`);
    // Fewer statements than even one per two calls, and not one read: nothing is looked up per request. The
    // task poller's sweep (every 15 s, whatever the traffic) is background work.
    expect(statements.length).toBeLessThan(calls / 2);
    const taskSweep = /^SELECT "task"\."id" AS "id" FROM "tasks"/;
    expect(statements.filter((sql) => /^\s*select\b/i.test(sql) && !taskSweep.test(sql))).toEqual([]);
    // The batches did run inside the measured time: consumption logs and quota counters were written.
    expect(statements.some((sql) => /insert into "?logs"?/i.test(sql))).toBe(true);
    expect(statements.some((sql) => /update "?users"?/i.test(sql))).toBe(true);
  });
});
