import { type MockUpstream, startMockUpstream } from '@tollgate/mock-upstream';
import { LogType } from '@tollgate/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { DataSource } from 'typeorm';
import { createHttpApp } from '../../src/bootstrap';
import { type AppConfig } from '../../src/infra/config/app-config';
import { CacheStore } from '../../src/infra/redis/redis.ports';
import { QuotaLedger } from '../../src/modules/billing/quota-ledger';
import { UserEntity } from '../../src/modules/users/user.entity';
import { CHANNEL } from './relay-gateway';
import { uniquePrefix } from './test-databases';
import { type Backend, startTestApp } from './test-app';

export const MODEL = 'gpt-4o-mini';
/** Streams a frame every 50 ms: a call that is still running when the process is told to stop. */
export const SLOW_MODEL = 'mock-slow-drip';
// An ordinary payer: below 10 × QuotaPerUnit (5,000,000), so every call really reserves.
export const USER_QUOTA = 1_000_000;
const TOKEN_QUOTA = 900_000;

/** A database and Redis prefix set up for billed calls: root, a channel to the mock, a user with a limited token. */
export interface BilledDeployment {
  config: AppConfig;
  mock: MockUpstream;
  key: string;
  userId: number;
  tokenId: number;
  channelId: number;
}

/** Where the channel points (the mock unless given) and the price of its models. */
export interface DeploymentOptions {
  upstreamUrl?: string;
  modelRatio?: number;
}

export async function prepareDeployment(
  backend: Backend,
  databaseUrl?: string,
  { upstreamUrl, modelRatio = 1 }: DeploymentOptions = {},
): Promise<BilledDeployment> {
  const mock = await startMockUpstream();
  const t = await startTestApp(backend, { databaseUrl, redisPrefix: uniquePrefix() });
  try {
    const root = await t.setupRoot();
    const admin = (method: 'post' | 'put', path: string, body: object) =>
      t.http()[method](path).set(root.headers).send(body);
    await admin('put', '/api/option/', {
      key: 'ModelRatio',
      value: JSON.stringify({ [MODEL]: modelRatio, [SLOW_MODEL]: modelRatio }),
    });
    const channel = await admin('post', '/api/channel/', {
      name: 'mock',
      type: CHANNEL.openai,
      key: 'sk-upstream',
      base_url: upstreamUrl ?? mock.url,
      models: `${MODEL},${SLOW_MODEL}`,
      group: 'default',
    });
    const userId = await t.createUser('payer', 'payer-pass-1');
    await t.app.get(DataSource).getRepository(UserEntity).update(userId, { quota: USER_QUOTA });
    const payer = await t.signIn('payer', 'payer-pass-1');
    const token = await t
      .http()
      .post('/api/token/')
      .set(payer.headers)
      .send({ name: 'load', remain_quota: TOKEN_QUOTA });
    const created = (token.body as { data: Array<{ id: number; key: string }> }).data[0];
    const channelId = (channel.body as { data: { ids: number[] } }).data.ids[0];
    return { config: t.config, mock, key: created.key, userId, tokenId: created.id, channelId };
  } finally {
    await t.close();
  }
}

export interface CallResult {
  status: number;
  requestId: string | null;
  /** When the client had the whole answer (epoch ms). */
  at: number;
}

/** One chat call as a client sees it: answered (200 with its whole body) or not (status 0: no answer). */
export async function call(origin: string, key: string, stream = false): Promise<CallResult> {
  try {
    const response = await fetch(`${origin}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: stream ? SLOW_MODEL : MODEL,
        messages: [{ role: 'user', content: 'count the charges' }],
        max_tokens: stream ? 24 : 8,
        stream,
      }),
    });
    const text = await response.text();
    // A stream cut off by a dying process never sends its end marker.
    if (stream && response.status === 200 && !text.includes('[DONE]'))
      return { status: 0, requestId: null, at: Date.now() };
    return { status: response.status, requestId: response.headers.get('x-request-id'), at: Date.now() };
  } catch {
    return { status: 0, requestId: null, at: Date.now() };
  }
}

/** What the database says once the journal is drained, read by a new process on the same database. */
export interface Books {
  userQuota: number;
  userUsed: number;
  requestCount: number;
  tokenRemain: number;
  tokenUsed: number;
  channelUsed: number;
  /** Consumption log rows: their quotas and request ids. */
  logs: Array<{ quota: number; requestId: string }>;
  /** The user's cached balance (Redis mode), null when not cached. */
  cachedUserBalance: string | null;
}

// Holds of a killed process are given back once its liveness runs out (10 s), by any live process.
const AGREEMENT_WAIT_MS = 30_000;

/**
 * Boots a new process on the deployment and reads its books once the journal is drained; with
 * `untilRedisAgrees`, also once the cached balance equals the database's (dead replicas' holds given back).
 */
export async function readBooks(deployment: BilledDeployment, untilRedisAgrees = false): Promise<Books> {
  const app = await createHttpApp(deployment.config, pino({ level: 'silent' }));
  try {
    const ledger = app.get(QuotaLedger);
    await ledger.flush();
    const cache = app.get(CacheStore);
    const stored = async () =>
      (
        await app
          .get(DataSource)
          .query<Array<{ quota: number | string }>>(`SELECT quota FROM users WHERE id = ${deployment.userId}`)
      )[0].quota;
    for (const started = Date.now(); untilRedisAgrees && Date.now() - started < AGREEMENT_WAIT_MS;) {
      await ledger.flush();
      if ((await cache.get(`quota:user:${deployment.userId}`)) === String(await stored())) break;
      await sleep(250);
    }
    const data = app.get(DataSource);
    const one = async (sql: string) => (await data.query<Array<Record<string, unknown>>>(sql))[0];
    const user = await one(
      `SELECT quota, used_quota, request_count FROM users WHERE id = ${deployment.userId}`,
    );
    const token = await one(`SELECT remain_quota, used_quota FROM tokens WHERE id = ${deployment.tokenId}`);
    const channel = await one(`SELECT used_quota FROM channels WHERE id = ${deployment.channelId}`);
    const rows = await data.query<Array<{ quota: number | string; other: string }>>(
      `SELECT quota, other FROM logs WHERE type = ${LogType.Consume}`,
    );
    return {
      userQuota: Number(user.quota),
      userUsed: Number(user.used_quota),
      requestCount: Number(user.request_count),
      tokenRemain: Number(token.remain_quota),
      tokenUsed: Number(token.used_quota),
      channelUsed: Number(channel.used_quota),
      logs: rows.map((row) => ({
        quota: Number(row.quota),
        requestId: (JSON.parse(row.other) as { request_id: string }).request_id,
      })),
      cachedUserBalance: await app.get(CacheStore).get(`quota:user:${deployment.userId}`),
    };
  } finally {
    await app.close();
  }
}

/** Every charge landed once on every table, and each answered call has exactly one log row. */
export function expectBalancedBooks(books: Books, answered: readonly CallResult[]): void {
  expectTablesAgree(books);
  const logged = loggedOnce(books);
  const unlogged = answered.filter((result) => logged.get(result.requestId ?? '') !== 1);
  expect(unlogged).toEqual([]);
}

/** The request ids of the log rows, each with its number of rows (which must be one). */
export function loggedOnce(books: Books): Map<string, number> {
  const logged = new Map<string, number>();
  for (const row of books.logs) logged.set(row.requestId, (logged.get(row.requestId) ?? 0) + 1);
  expect([...logged.values()].every((count) => count === 1)).toBe(true);
  return logged;
}

/** Users, tokens, channels and logs tell the same story, whatever was lost. */
export function expectTablesAgree(books: Books): void {
  const charged = books.logs.reduce((sum, row) => sum + row.quota, 0);
  expect(books.userUsed).toBe(charged);
  expect(books.userQuota).toBe(USER_QUOTA - charged);
  expect(books.tokenUsed).toBe(charged);
  expect(books.tokenRemain).toBe(TOKEN_QUOTA - charged);
  expect(books.channelUsed).toBe(charged);
  expect(books.requestCount).toBe(books.logs.length);
}
