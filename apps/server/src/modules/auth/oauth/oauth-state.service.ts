import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CacheStore } from '../../../infra/redis/redis.ports';

export const OAUTH_STATE_TTL_SECONDS = 10 * 60;

/** What a sign-in started with; kept in the shared cache so any replica can finish it. */
export interface OAuthStateRecord {
  /** Invite code carried from /register?aff= to a third-party sign-up. */
  aff: string;
  /** Set when a signed-in user started it: the callback binds to this account instead of signing in. */
  bindUserId: number | null;
  pkceVerifier?: string;
}

const key = (state: string) => `auth:oauth-state:${state}`;

@Injectable()
export class OAuthStateService {
  constructor(private readonly cache: CacheStore) {}

  async create(record: OAuthStateRecord): Promise<string> {
    const state = randomBytes(16).toString('base64url');
    await this.cache.set(key(state), JSON.stringify(record), OAUTH_STATE_TTL_SECONDS);
    return state;
  }

  /** The record, once: a replayed or unknown state gives null. */
  async consume(state: string): Promise<OAuthStateRecord | null> {
    const stored = await this.cache.get(key(state));
    if (stored === null || (await this.cache.del(key(state))) !== 1) return null;
    return JSON.parse(stored) as OAuthStateRecord;
  }
}
