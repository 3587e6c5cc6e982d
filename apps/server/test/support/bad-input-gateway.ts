import type request from 'supertest';
import { databaseSnapshot } from './db-snapshot';
import { type RelayGateway, startRelayGateway } from './relay-gateway';
import { type Backend, type SignedIn } from './test-app';

/** Models the relay channel serves, each priced (dall-e-3 keeps its seeded ModelPrice). */
export const RELAY_MODELS = {
  chat: 'gpt-4o-mini',
  completion: 'gpt-3.5-turbo-instruct',
  embedding: 'text-embedding-3-small',
  image: 'dall-e-3',
  speech: 'tts-1',
  moderation: 'text-moderation-stable',
} as const;

const RATIOS = {
  'gpt-4o-mini': 0.075,
  'gpt-3.5-turbo-instruct': 0.75,
  'text-embedding-3-small': 0.01,
  'tts-1': 7.5,
  'text-moderation-stable': 0.1,
};

// Below the trust threshold (10 × QuotaPerUnit), so every call reserves first: an absurd order is refused.
const ALICE_QUOTA = 1_000_000;

/**
 * The gateway with one row of each kind to aim bad input at: alice (a signed-in user with quota and a
 * limited token), bob (a user the administrators edit), a channel serving RELAY_MODELS, a Midjourney proxy and a
 * Suno channel, a redemption code.
 */
export interface BadInputGateway extends RelayGateway {
  alice: SignedIn;
  bob: SignedIn;
  /** alice's `sk-` key and its row id. */
  key: string;
  tokenId: number;
  channelId: number;
  redemptionId: number;
  /** Every table (databaseSnapshot), after the ledger and the usage logs settled when `settled` is asked for. */
  stored(settled?: 'settled'): Promise<string>;
  /**
   * Removes the tasks valid submissions stored: the task poller claims every unfinished task each sweep, which
   * would change the tables between a case's two snapshots.
   */
  forgetTasks(): Promise<void>;
}

export async function startBadInputGateway(backend: Backend): Promise<BadInputGateway> {
  const g = await startRelayGateway(backend);
  const admin = (method: 'post' | 'put', path: string, body: object): request.Test =>
    g.t.http()[method](path).set(g.root.headers).send(body);
  await g.setOption('ModelRatio', JSON.stringify(RATIOS));
  // Online top-up on, so its calls reach their checks (the gateway's address is never called).
  for (const [key, value] of [
    ['ServerAddress', 'http://127.0.0.1:3000'],
    ['PayAddress', 'http://127.0.0.1:9'],
    ['EpayId', '1001'],
    ['EpayKey', 'fuzz-merchant-key'],
  ])
    await g.setOption(key, value);
  const channelId = await g.addChannel({ models: Object.values(RELAY_MODELS).join(',') });
  // The task platforms' submits (priced by ModelPrice's seeded mj_imagine and suno_music).
  await g.addChannel({ type: 2, name: 'mj', models: 'mj_imagine', key: 'mj-secret' });
  await g.addChannel({ type: 36, name: 'suno', models: 'suno_music' });
  const alice = await g.newUser('alice', { quota: ALICE_QUOTA });
  const bob = await g.newUser('bob');
  const token = await g.createToken(alice, { unlimited_quota: false, remain_quota: ALICE_QUOTA });
  const codes = await admin('post', '/api/redemption/', { name: 'code', quota: 1000, count: 1 });
  const code = (codes.body as { data: string[] }).data[0];
  const found = await g.t.http().get(`/api/redemption/search?keyword=${code}`).set(g.root.headers);
  const redemptionId = (found.body as { data: { items: Array<{ id: number }> } }).data.items[0].id;
  return {
    ...g,
    alice,
    bob,
    key: token.key,
    tokenId: token.id,
    channelId,
    redemptionId,
    async stored(settled) {
      if (settled) await g.flush();
      return databaseSnapshot(g.data);
    },
    async forgetTasks() {
      await g.data.query('DELETE FROM tasks');
    },
  };
}

/** A refusal: a 4xx, or a console envelope with success false (business errors answer 200). */
export function isRefusal(response: request.Response): boolean {
  if (response.status >= 400 && response.status < 500) return true;
  return response.status === 200 && (response.body as { success?: unknown }).success === false;
}

/** JSON arrays nested `levels` deep. */
export const nestedArrays = (levels: number): string => '['.repeat(levels) + ']'.repeat(levels);
