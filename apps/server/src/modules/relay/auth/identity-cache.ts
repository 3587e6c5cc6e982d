import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { parseUserSetting, splitCommaList, type UserSetting } from '@tollgate/contracts';
import { ownWarningThreshold } from '../../users/user-setting';
import { PubSub, type Unsubscribe } from '../../../infra/redis/redis.ports';
import { TOKENS_CHANGED } from '../../tokens/token-events';
import { hashTokenKey } from '../../tokens/token-keys';
import { type TokenEntity } from '../../tokens/token.entity';
import { TokensService } from '../../tokens/tokens.service';
import { USERS_CHANGED } from '../../users/user-events';
import { type UserEntity } from '../../users/user.entity';
import { UsersService } from '../../users/users.service';
import { type AllowList, compileAllowList } from './ip-allow-list';
import { TtlCache } from './ttl-cache';

/** What the relay needs of a token, with its lists parsed once per load instead of per request. */
export interface RelayToken {
  id: number;
  userId: number;
  name: string;
  status: number;
  expiredTime: number;
  remainQuota: number;
  unlimitedQuota: boolean;
  /** null = every model. */
  modelLimits: ReadonlySet<string> | null;
  /** null = any address. */
  allowList: AllowList | null;
  /** '' = the owner's group. */
  group: string;
  rateLimit: { enabled: boolean; period: number; count: number; success: number };
}

export interface RelayUser {
  id: number;
  username: string;
  role: number;
  status: number;
  group: string;
  setting: UserSetting;
  /** The quota warning threshold the user set; null = never set (the option applies). */
  warningThreshold: number | null;
}

// Pub/sub keeps replicas within a second; the TTL only bounds how long a lost notice could matter.
const TTL_MS = 60_000;
const MAX_ENTRIES = 100_000;

const toRelayToken = (token: TokenEntity): RelayToken => ({
  id: token.id,
  userId: token.userId,
  name: token.name,
  status: token.status,
  expiredTime: token.expiredTime,
  remainQuota: token.remainQuota,
  unlimitedQuota: token.unlimitedQuota,
  modelLimits: token.modelLimitsEnabled ? new Set(splitCommaList(token.modelLimits)) : null,
  allowList: compileAllowList(token.allowIps),
  group: token.group,
  rateLimit: {
    enabled: token.rateLimitEnabled,
    period: token.rateLimitPeriod,
    count: token.rateLimitCount,
    success: token.rateLimitSuccess,
  },
});

const toRelayUser = (user: UserEntity): RelayUser => ({
  id: user.id,
  username: user.username,
  role: user.role,
  status: user.status,
  group: user.group,
  setting: parseUserSetting(user.setting),
  warningThreshold: ownWarningThreshold(user.setting),
});

/** Ids in a change notice; null when it cannot be read (the caller then drops everything). */
function changedIds(message: string): number[] | null {
  try {
    const ids: unknown = JSON.parse(message);
    return Array.isArray(ids) && ids.every((id) => Number.isInteger(id)) ? (ids as number[]) : null;
  } catch {
    return null;
  }
}

abstract class InvalidatedCache implements OnModuleInit, OnModuleDestroy {
  private unsubscribe: Unsubscribe | undefined;

  constructor(
    private readonly pubsub: PubSub,
    private readonly channel: string,
  ) {}

  async onModuleInit(): Promise<void> {
    this.unsubscribe = await this.pubsub.subscribe(this.channel, (message) => {
      const ids = changedIds(message);
      if (ids) this.evict(ids);
      else this.evictAll();
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.unsubscribe?.();
  }

  protected abstract evict(ids: readonly number[]): void;
  protected abstract evictAll(): void;
}

/** Tokens by key hash; unknown keys are cached too, so a flood of bad keys does not reach the database. */
@Injectable()
export class TokenCache extends InvalidatedCache {
  private readonly cache = new TtlCache<RelayToken | null>(TTL_MS, MAX_ENTRIES);
  private readonly hashOfId = new Map<number, string>();

  constructor(
    private readonly tokens: TokensService,
    pubsub: PubSub,
  ) {
    super(pubsub, TOKENS_CHANGED);
  }

  /** The token of a bare key (no `sk-`), or null. */
  find(key: string): Promise<RelayToken | null> {
    const hash = hashTokenKey(key);
    return this.cache.get(hash, async () => {
      const token = await this.tokens.findByKey(key);
      if (!token) return null;
      this.hashOfId.set(token.id, hash);
      return toRelayToken(token);
    });
  }

  protected evict(ids: readonly number[]): void {
    for (const id of ids) {
      const hash = this.hashOfId.get(id);
      if (hash !== undefined) this.cache.delete(hash);
      this.hashOfId.delete(id);
    }
    // A created token may be the one a remembered unknown key now names.
    this.cache.deleteWhere((token) => token === null);
  }

  protected evictAll(): void {
    this.cache.clear();
    this.hashOfId.clear();
  }
}

/** Users by id; deleted users are cached as null. */
@Injectable()
export class UserCache extends InvalidatedCache {
  private readonly cache = new TtlCache<RelayUser | null>(TTL_MS, MAX_ENTRIES);

  constructor(
    private readonly users: UsersService,
    pubsub: PubSub,
  ) {
    super(pubsub, USERS_CHANGED);
  }

  find(id: number): Promise<RelayUser | null> {
    return this.cache.get(String(id), async () => {
      const user = await this.users.findActiveById(id);
      return user && toRelayUser(user);
    });
  }

  protected evict(ids: readonly number[]): void {
    for (const id of ids) this.cache.delete(String(id));
  }

  protected evictAll(): void {
    this.cache.clear();
  }
}
