import { type AddressInfo } from 'node:net';
import { type MockUpstream, type MockUpstreamOptions, startMockUpstream } from '@tollgate/mock-upstream';
import OpenAI from 'openai';
import { DataSource } from 'typeorm';
import { QuotaLedger } from '../../src/modules/billing/quota-ledger';
import { UsageRecorder } from '../../src/modules/billing/usage-recorder';
import { ChannelEvents } from '../../src/modules/channels/channel-events';
import { RoutingCache } from '../../src/modules/relay/routing/routing-cache';
import { UserEntity } from '../../src/modules/users/user.entity';
import { type Backend, type SignedIn, startTestApp, type TestApp, type TestAppOptions } from './test-app';

/** Channel types of the native providers (reference §5). */
export const CHANNEL = { openai: 1, anthropic: 14, gemini: 24, bedrock: 33, vertex: 41 } as const;

interface Envelope<T> {
  success: boolean;
  message: string;
  data: T;
}

export interface CreatedToken {
  id: number;
  /** The `sk-` key a caller sends. */
  key: string;
}

/** The booted gateway on one backend, listening, with root signed in and the mock provider behind it. */
export interface RelayGateway {
  t: TestApp;
  mock: MockUpstream;
  root: SignedIn;
  data: DataSource;
  /** http://127.0.0.1:<port> of the listening gateway. */
  origin: string;
  setOption(key: string, value: string): Promise<void>;
  /** A channel through the admin API (type 1 and the mock's URL unless given); returns its id. */
  addChannel(fields: Record<string, unknown>): Promise<number>;
  /**
   * A channel of a type new channels may no longer have (no adapter: Suno, Midjourney, …), as one stored
   * before that rule: added as OpenAI, then its row given the type.
   */
  addLegacyChannel(type: number, fields: Record<string, unknown>): Promise<number>;
  /** A token of `who`, unlimited unless the fields say otherwise. */
  createToken(who: SignedIn, fields?: Record<string, unknown>): Promise<CreatedToken>;
  /** A signed-in user `name` (password `<name>-pass-1`) with this quota and group when given. */
  newUser(name: string, row?: { quota?: number; group?: string }): Promise<SignedIn>;
  /** Settles the write-behind ledger and the batched usage logs into the database. */
  flush(): Promise<void>;
  /** The official OpenAI client on the gateway's /v1, without retries. */
  openai(key: string, headers?: Record<string, string>): OpenAI;
  close(): Promise<void>;
}

export async function startRelayGateway(
  backend: Backend,
  mockOptions: MockUpstreamOptions = {},
  appOptions: TestAppOptions = {},
): Promise<RelayGateway> {
  const mock = await startMockUpstream(mockOptions);
  const t = await startTestApp(backend, appOptions);
  const data = t.app.get(DataSource);
  const root = await t.setupRoot();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;

  const addChannel = async (fields: Record<string, unknown>): Promise<number> => {
    const response = await t
      .http()
      .post('/api/channel/')
      .set(root.headers)
      .send({
        name: `channel-${String(fields.models)}`,
        type: CHANNEL.openai,
        key: 'sk-upstream',
        base_url: mock.url,
        group: 'default',
        ...fields,
      });
    const body = response.body as Envelope<{ ids: number[] }>;
    if (!body.success) throw new Error(`adding a channel failed: ${body.message}`);
    // The routing table hears of it through a Redis notice, which a loaded host may deliver after the test's
    // first call (a CI run answered one 503 "no available channel"); propagation has tests of its own.
    await t.app.get(RoutingCache).reload();
    return body.data.ids[0];
  };

  return {
    t,
    mock,
    root,
    data,
    origin,
    async setOption(key, value) {
      const response = await t.http().put('/api/option/').set(root.headers).send({ key, value });
      expect(response.body).toMatchObject({ success: true });
    },
    addChannel,
    async addLegacyChannel(type, fields) {
      const id = await addChannel(fields);
      await data.query(`UPDATE channels SET type = ${type} WHERE id = ${id}`);
      await t.app.get(ChannelEvents).changed([id]);
      await t.app.get(RoutingCache).reload();
      return id;
    },
    async createToken(who, fields = {}) {
      const response = await t
        .http()
        .post('/api/token/')
        .set(who.headers)
        .send({ name: 'sdk', unlimited_quota: true, ...fields });
      const body = response.body as Envelope<CreatedToken[]>;
      if (!body.success) throw new Error(`creating a token failed: ${body.message}`);
      return { id: body.data[0].id, key: body.data[0].key };
    },
    async newUser(name, row = {}) {
      const id = await t.createUser(name, `${name}-pass-1`);
      if (Object.keys(row).length > 0) await data.getRepository(UserEntity).update(id, row);
      return t.signIn(name, `${name}-pass-1`);
    },
    async flush() {
      await t.app.get(QuotaLedger).flush();
      await t.app.get(UsageRecorder).flush();
    },
    openai: (key, headers) =>
      new OpenAI({ apiKey: key, baseURL: `${origin}/v1`, maxRetries: 0, defaultHeaders: headers }),
    async close() {
      await t.close();
      await mock.close();
    },
  };
}
