import { type EntityManager } from 'typeorm';
import { Injectable } from '@nestjs/common';
import { TOKEN_DEFAULTS, TOKEN_KEY_LENGTH, TokenStatus } from '@tollgate/contracts';
import { commonError } from '../../common/errors/common.errors';
import { type PageQueryDto, pageWindow } from '../../common/http/pagination';
import { SecretBox } from '../../infra/crypto/secret-box';
import { nowSeconds } from '../../infra/database/columns';
import { GroupsService } from '../groups/groups.service';
import { UsersService } from '../users/users.service';
import { type CreateTokenDto } from './dto/create-token.dto';
import { type TokenFieldsDto } from './dto/token-fields.dto';
import { type TokenBalanceListener, TokenEvents } from './token-events';
import { generateTokenKey, hashTokenKey, stripKeyPrefix } from './token-keys';
import {
  checkName,
  checkQuota,
  copyNames,
  enableBlocker,
  normaliseAllowIps,
  normaliseModelLimits,
  parseExpiry,
} from './token-rules';
import { type TokenEntity } from './token.entity';
import { type TokenChanges, type TokenFilter, TokensRepository } from './tokens.repository';
import { tokenError } from './tokens.errors';

/** A token with its plain key, for its owner only. */
export interface OwnedToken {
  token: TokenEntity;
  key: string;
}

export interface TokenPage {
  items: OwnedToken[];
  total: number;
}

export interface TokenSearch {
  keyword?: string;
  token?: string;
}

const NEW_TOKEN: Omit<TokenEntity, 'id' | 'userId' | 'keyHash' | 'keySealed' | 'name' | 'createdTime'> = {
  status: TokenStatus.Enabled,
  accessedTime: 0,
  expiredTime: TOKEN_DEFAULTS.expired_time,
  remainQuota: TOKEN_DEFAULTS.remain_quota,
  usedQuota: 0,
  unlimitedQuota: false,
  modelLimitsEnabled: false,
  modelLimits: '',
  allowIps: '',
  group: '',
  rateLimitEnabled: false,
  rateLimitPeriod: TOKEN_DEFAULTS.rate_limit_period,
  rateLimitCount: TOKEN_DEFAULTS.rate_limit_count,
  rateLimitSuccess: TOKEN_DEFAULTS.rate_limit_success,
};

/** A user's own API tokens: every call is scoped to the owner; someone else's token is "not found". */
@Injectable()
export class TokensService {
  constructor(
    private readonly tokens: TokensRepository,
    private readonly box: SecretBox,
    private readonly users: UsersService,
    private readonly groups: GroupsService,
    private readonly events: TokenEvents,
  ) {}

  listPage(userId: number, page: PageQueryDto): Promise<TokenPage> {
    return this.page(userId, {}, page);
  }

  async search(userId: number, search: TokenSearch, page: PageQueryDto): Promise<TokenPage> {
    const nameContains = search.keyword?.trim() || undefined;
    const fragment = stripKeyPrefix(search.token?.trim() ?? '');
    if (!fragment) return this.page(userId, { nameContains }, page);
    if (fragment.length === TOKEN_KEY_LENGTH)
      return this.page(userId, { nameContains, keyHash: hashTokenKey(fragment) }, page);
    // Keys are sealed, so part of a key can only be matched after opening this user's keys.
    const matches = (await this.tokens.listAll(userId, { nameContains }))
      .map((token) => this.withKey(token))
      .filter(({ key }) => key.includes(fragment));
    const { offset, limit } = pageWindow(page);
    return { items: matches.slice(offset, offset + limit), total: matches.length };
  }

  async get(userId: number, id: number): Promise<OwnedToken> {
    return this.withKey(await this.owned(userId, id));
  }

  /** Creates `quantity` tokens with the same settings; copies get a random name suffix. */
  async create(userId: number, input: CreateTokenDto): Promise<OwnedToken[]> {
    const changes = await this.resolveFields(userId, input);
    const names = copyNames(changes.name ?? '', input.quantity ?? 1);
    const createdTime = nowSeconds();
    const keys = names.map(() => generateTokenKey());
    const saved = await this.tokens.insertMany(
      names.map((name, i) => ({
        ...NEW_TOKEN,
        ...changes,
        name,
        userId,
        createdTime,
        keyHash: hashTokenKey(keys[i]),
        keySealed: this.box.seal(keys[i]),
      })),
    );
    await this.events.changed(saved.map((token) => token.id));
    return saved.map((token, i) => ({ token, key: keys[i] }));
  }

  /**
   * Changes the fields sent; the status is left alone (only setStatus changes it). A new remaining quota is
   * applied as a difference, so spending meanwhile is kept.
   */
  async update(userId: number, id: number, input: TokenFieldsDto): Promise<OwnedToken> {
    const stored = await this.owned(userId, id);
    const { remainQuota, ...changes } = changedOnly(await this.resolveFields(userId, input, stored), stored);
    const remainAdded = remainQuota === undefined ? 0 : remainQuota - stored.remainQuota;
    await this.tokens.updateOwned(userId, id, changes, remainAdded);
    // An unlimited token's balance is not kept up to date: switching either way reads it again.
    if (changes.unlimitedQuota !== undefined) await this.events.balanceReset(id);
    else await this.events.quotaAdded(id, remainAdded);
    await this.events.changed([id]);
    return this.get(userId, id);
  }

  /** Users toggle between enabled and disabled; an expired or exhausted token stays off until fixed. */
  async setStatus(userId: number, id: number, status: number | undefined): Promise<OwnedToken> {
    const stored = await this.owned(userId, id);
    if (status !== TokenStatus.Enabled && status !== TokenStatus.Disabled) throw tokenError('invalid_status');
    if (status === TokenStatus.Enabled) {
      const blocker = enableBlocker(stored, nowSeconds());
      if (blocker === 'expired') throw tokenError('expired_cannot_enable');
      if (blocker === 'exhausted') throw tokenError('exhausted_cannot_enable');
    }
    await this.tokens.updateOwned(userId, id, { status });
    await this.events.changed([id]);
    return this.get(userId, id);
  }

  async remove(userId: number, id: number): Promise<void> {
    if (!(await this.tokens.deleteOwned(userId, id))) throw tokenError('token_not_found');
    await this.events.changed([id]);
  }

  /** The relay's lookup: by the hash of the presented key (`sk-` optional). */
  findByKey(plainKey: string): Promise<TokenEntity | null> {
    return this.tokens.findByKeyHash(hashTokenKey(stripKeyPrefix(plainKey)));
  }

  private async page(userId: number, filter: TokenFilter, page: PageQueryDto): Promise<TokenPage> {
    const [rows, total] = await this.tokens.listPage(userId, filter, pageWindow(page));
    return { items: rows.map((token) => this.withKey(token)), total };
  }

  private async owned(userId: number, id: number): Promise<TokenEntity> {
    const token = await this.tokens.findOwned(userId, id);
    if (!token) throw tokenError('token_not_found');
    return token;
  }

  private withKey(token: TokenEntity): OwnedToken {
    return { token, key: this.box.open(token.keySealed) };
  }

  /** Validates and normalises the fields present in the input; `stored` is the token being edited. */
  private async resolveFields(
    userId: number,
    input: TokenFieldsDto,
    stored?: TokenEntity,
  ): Promise<TokenChanges> {
    const changes: TokenChanges = {};
    if (input.name !== undefined) changes.name = checkName(input.name);
    if (input.remain_quota !== undefined) changes.remainQuota = checkQuota(input.remain_quota);
    if (input.unlimited_quota !== undefined) changes.unlimitedQuota = input.unlimited_quota;
    if (input.expired_time !== undefined)
      changes.expiredTime = parseExpiry(input.expired_time, nowSeconds(), stored?.expiredTime);
    if (input.model_limits_enabled !== undefined) changes.modelLimitsEnabled = input.model_limits_enabled;
    if (input.model_limits !== undefined) changes.modelLimits = normaliseModelLimits(input.model_limits);
    if (input.allow_ips !== undefined) changes.allowIps = normaliseAllowIps(input.allow_ips);
    if (input.group !== undefined) changes.group = await this.usableGroup(userId, input.group, stored);
    if (input.rate_limit_enabled !== undefined) changes.rateLimitEnabled = input.rate_limit_enabled;
    if (input.rate_limit_period !== undefined) changes.rateLimitPeriod = input.rate_limit_period;
    if (input.rate_limit_count !== undefined) changes.rateLimitCount = input.rate_limit_count;
    if (input.rate_limit_success !== undefined) changes.rateLimitSuccess = input.rate_limit_success;
    return changes;
  }

  /** The billing ledger's hook: committed changes of token balances as they land. */
  onBalanceChange(listener: TokenBalanceListener): void {
    this.events.onBalanceChange(listener);
  }

  /** A token's remaining quota as stored (the billing ledger's cold read); null when it is not the user's. */
  async storedRemainQuota(userId: number, tokenId: number): Promise<number | null> {
    return (await this.tokens.findOwned(userId, tokenId))?.remainQuota ?? null;
  }

  /** Billing write-behind: adds each token's summed remaining and used quota. */
  applyQuotaDeltas(
    rows: ReadonlyArray<{ id: number; remainQuota: number; usedQuota: number }>,
    manager: EntityManager,
  ): Promise<void> {
    return this.tokens.applyQuotaDeltas(rows, manager);
  }

  /** '' means the owner's own group; otherwise one of the groups the owner may use now. */
  private async usableGroup(userId: number, group: string, stored?: TokenEntity): Promise<string> {
    const name = group.trim();
    if (name === '' || name === stored?.group) return name;
    const user = await this.users.findActiveById(userId);
    if (!user) throw commonError('unauthenticated');
    if (!this.groups.isUsable(name, user.group)) throw tokenError('group_not_usable', { group: name });
    return name;
  }
}

/** Only the columns whose value differs, so an unchanged quota sent back does not undo the relay's spending. */
function changedOnly(changes: TokenChanges, stored: TokenEntity): TokenChanges {
  return Object.fromEntries(
    Object.entries(changes).filter(([column, value]) => stored[column as keyof TokenEntity] !== value),
  );
}
