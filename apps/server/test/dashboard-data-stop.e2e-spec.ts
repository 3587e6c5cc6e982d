import { type AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import OpenAI from 'openai';
import pino from 'pino';
import { DataSource } from 'typeorm';
import { createHttpApp } from '../src/bootstrap';
import { QuotaLedger } from '../src/modules/billing/quota-ledger';
import { QuotaDataRecorder } from '../src/modules/logs/dashboard/quota-data-recorder';
import { call, type BilledDeployment, prepareDeployment } from './support/billed-deployment';
import { type Bucket, bucketsFromLogs, storedBuckets } from './support/dashboard-books';
import { type RelayGateway, startRelayGateway } from './support/relay-gateway';
import { spawnServer } from './support/server-process';
import { BACKENDS, type SignedIn, startTestApp, type TestApp } from './support/test-app';
import { createPostgresDatabase, uniquePrefix } from './support/test-databases';

const MODEL = 'gpt-4o-mini';
const GRACE_SECONDS = 20;

const countOf = (buckets: Bucket[], userId: number) =>
  buckets.filter((bucket) => bucket.user_id === userId).reduce((sum, bucket) => sum + bucket.count, 0);

// Two replicas on one PostgreSQL database and one Redis prefix: each drains some charges, gathers their
// buckets and adds them to the same rows; nothing is lost or counted twice.
describe('dashboard data across two replicas (full)', () => {
  let g: RelayGateway;
  let second: TestApp;
  let secondOrigin: string;
  let payer: SignedIn;
  let key: string;

  beforeAll(async () => {
    const redisPrefix = uniquePrefix();
    g = await startRelayGateway('full', {}, { redisPrefix });
    await g.setOption('ModelRatio', JSON.stringify({ [MODEL]: 1 }));
    await g.addChannel({ name: 'main', models: MODEL });
    payer = await g.newUser('payer', { quota: 10_000_000 });
    key = (await g.createToken(payer)).key;
    second = await startTestApp('full', { databaseUrl: g.t.config.databaseUrl, redisPrefix });
    await second.app.listen({ port: 0, host: '127.0.0.1' });
    secondOrigin = `http://127.0.0.1:${(second.app.getHttpServer().address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await second?.close();
    await g.close();
  });

  const clients = () => [
    g.openai(key),
    new OpenAI({ apiKey: key, baseURL: `${secondOrigin}/v1`, maxRetries: 0 }),
  ];
  const chat = (client: OpenAI) =>
    client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'two replicas' }] });
  const drainBoth = async () => {
    await g.flush();
    await second.app.get(QuotaLedger).flush();
  };
  const recorders = () => [g.t.app.get(QuotaDataRecorder), second.app.get(QuotaDataRecorder)];

  it('adds both replicas’ flushes, made at the same moment, to the same rows', async () => {
    for (let round = 0; round < 3; round += 1)
      await Promise.all(clients().flatMap((client) => [chat(client), chat(client)]));
    await drainBoth();
    await Promise.all(recorders().map((recorder) => recorder.flush()));
    let expected = await bucketsFromLogs(g.data);
    expect(countOf(expected.perUser, payer.id)).toBe(12);
    expect(await storedBuckets(g.data)).toEqual([...expected.allUsers, ...expected.perUser]);

    // Each replica gathers its own calls now, then both flush at once into rows that exist already.
    await Promise.all([chat(clients()[1]), chat(clients()[1])]);
    await second.app.get(QuotaLedger).flush();
    await Promise.all([chat(clients()[0]), chat(clients()[0]), chat(clients()[0])]);
    await drainBoth();
    await Promise.all(recorders().map((recorder) => recorder.flush()));
    expected = await bucketsFromLogs(g.data);
    expect(countOf(expected.perUser, payer.id)).toBe(17);
    expect(await storedBuckets(g.data)).toEqual([...expected.allUsers, ...expected.perUser]);
  });

  it('flushes a replica’s buckets when it is closed', async () => {
    await Promise.all([chat(clients()[1]), chat(clients()[1])]);
    // The second replica drains and gathers them; only its stop writes them.
    await second.app.get(QuotaLedger).flush();
    const before = countOf(await storedBuckets(g.data), payer.id);
    await second.close();
    second = undefined as unknown as TestApp;
    await g.flush();
    await g.t.app.get(QuotaDataRecorder).flush();
    const expected = await bucketsFromLogs(g.data);
    expect(countOf(expected.perUser, payer.id)).toBe(before + 2);
    expect(await storedBuckets(g.data)).toEqual([...expected.allUsers, ...expected.perUser]);
  });
});

// A real process and a real SIGTERM while calls are running: the calls settle, the ledger drains, then the
// buckets (never flushed by the timer: DataExportInterval is 5 minutes) are written before the process exits.
describe.each(BACKENDS)('dashboard data when the process is stopped (%s)', (backend) => {
  let deployment: BilledDeployment;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const database = backend === 'full' ? await createPostgresDatabase() : null;
    drop = database?.drop;
    deployment = await prepareDeployment(backend, database?.url);
  });
  afterAll(async () => {
    await deployment.mock.close();
    await drop?.();
  });

  it('writes every answered call’s bucket on SIGTERM, the calls still running included', async () => {
    const server = await spawnServer(deployment.config, { SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS) });
    const quick = await Promise.all(Array.from({ length: 6 }, () => call(server.origin, deployment.key)));
    const slow = Array.from({ length: 4 }, () => call(server.origin, deployment.key, true));
    while (deployment.mock.requests().length < 10) await sleep(10);
    server.signal('SIGTERM');
    const answered = [...quick, ...(await Promise.all(slow))];
    expect(await server.exited).toBe(0);
    expect(answered.map((result) => result.status)).toEqual(Array(10).fill(200));

    const app = await createHttpApp(deployment.config, pino({ level: 'silent' }));
    try {
      const data = app.get(DataSource);
      const expected = await bucketsFromLogs(data);
      expect(countOf(expected.perUser, deployment.userId)).toBe(10);
      expect(await storedBuckets(data)).toEqual([...expected.allUsers, ...expected.perUser]);
    } finally {
      await app.close();
    }
  });
});
