import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import { LogType } from '@tollgate/contracts';
import { type MockUpstreamOptions } from '@tollgate/mock-upstream';
import { fetch } from 'undici';
import { LogEntity } from '../../src/modules/logs/log.entity';
import { UserEntity } from '../../src/modules/users/user.entity';
import { type RelayGateway, startRelayGateway } from './relay-gateway';
import { type Backend, type SignedIn, type TestAppOptions } from './test-app';

export { CHANNEL } from './relay-gateway';

export const STARTING_QUOTA = 10_000_000;
const LOG_WAIT_MS = 3_000;

/** A type-2 log row with its `other` parsed. */
export type ConsumeLog = Omit<LogEntity, 'other'> & { other: Record<string, unknown> };

/** The gateway with alice holding quota, her logs and the three providers' SDK clients. */
export interface RelayFixture extends RelayGateway {
  alice: SignedIn;
  aliceId: number;
  /** A token of `who` (alice by default), unlimited unless the fields say otherwise; returns the `sk-` key. */
  newToken(fields?: Record<string, unknown>, who?: SignedIn): Promise<string>;
  /** Alice's type-2 log rows, oldest first, after a flush. */
  consumeLogs(): Promise<ConsumeLog[]>;
  /**
   * Alice's log rows after the first `skip`, once there are `count` of them: a stream is settled just after
   * its last byte, so its row may land a moment after the client has read it all.
   */
  logsAfter(skip: number, count: number): Promise<ConsumeLog[]>;
  /** The log row of one request id (waited for like logsAfter). */
  logOf(requestId: string): Promise<ConsumeLog>;
  /** Alice's quota after a flush. */
  aliceQuota(): Promise<number>;
  anthropic(key: string): Anthropic;
  gemini(key: string): GoogleGenAI;
}

export async function startRelayFixture(
  backend: Backend,
  mockOptions: MockUpstreamOptions = {},
  appOptions: TestAppOptions = {},
): Promise<RelayFixture> {
  const gateway = await startRelayGateway(backend, mockOptions, appOptions);
  const { data, origin } = gateway;
  const alice = await gateway.newUser('alice', { quota: STARTING_QUOTA });
  const aliceId = alice.id;

  const consumeLogs = async (): Promise<ConsumeLog[]> => {
    await gateway.flush();
    const rows = await data
      .getRepository(LogEntity)
      .find({ where: { userId: aliceId, type: LogType.Consume }, order: { id: 'ASC' } });
    return rows.map((row) => ({ ...row, other: JSON.parse(row.other) as Record<string, unknown> }));
  };

  async function eventually<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
    const deadline = Date.now() + LOG_WAIT_MS;
    for (;;) {
      const found = await read();
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  return {
    ...gateway,
    alice,
    aliceId,
    consumeLogs,
    newToken: async (fields = {}, who = alice) => (await gateway.createToken(who, fields)).key,
    logsAfter: (skip, count) =>
      eventually(async () => {
        const rows = (await consumeLogs()).slice(skip);
        return rows.length >= count ? rows : undefined;
      }, `${count} consume logs`),
    logOf: (requestId) =>
      eventually(
        async () => (await consumeLogs()).find((log) => log.other.request_id === requestId),
        `the consume log of request ${requestId}`,
      ),
    async aliceQuota() {
      await gateway.flush();
      return (await data.getRepository(UserEntity).findOneByOrFail({ id: aliceId })).quota;
    },
    anthropic: (key) => new Anthropic({ apiKey: key, baseURL: origin, maxRetries: 0 }),
    // undici's own fetch: the client's default looks for Node's global dispatcher, absent in jest's sandbox.
    gemini: (key) =>
      new GoogleGenAI({
        apiKey: key,
        httpOptions: { baseUrl: origin, fetch: fetch as unknown as typeof globalThis.fetch },
      }),
  };
}

/** The typed error a call rejects with (fails the test when it succeeds or throws something else). */
export async function rejectionOf<E extends Error>(
  call: Promise<unknown>,
  type: abstract new (...args: never[]) => E,
): Promise<E> {
  try {
    await call;
  } catch (error) {
    if (error instanceof type) return error;
    throw error;
  }
  throw new Error('the call succeeded');
}

/** A weather tool in OpenAI's shape (the mock calls a tool whose name says "weather"). */
export const OPENAI_WEATHER_TOOL = {
  type: 'function' as const,
  function: {
    name: 'get_weather',
    description: 'Current weather in a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
};

/** The same tool in Anthropic's shape. */
export const CLAUDE_WEATHER_TOOL = {
  name: 'get_weather',
  description: 'Current weather in a city',
  input_schema: {
    type: 'object' as const,
    properties: { city: { type: 'string' } },
    required: ['city'],
  },
};

/** A 1×1 PNG, as the data URL an OpenAI caller sends. */
export const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
