import { type IncomingHttpHeaders } from 'node:http';
import { Injectable } from '@nestjs/common';
import { isAdmin, TOKEN_NEVER_EXPIRES, TokenStatus, UserStatus } from '@tollgate/contracts';
import { commonError } from '../../../common/errors/common.errors';
import { nowSeconds } from '../../../infra/database/columns';
import { GroupsService } from '../../groups/groups.service';
import { OptionsService } from '../../options/options.service';
import { isBrowserExtensionCall } from './browser-extension';
import { type RelayToken, type RelayUser, TokenCache, UserCache } from './identity-cache';
import { playgroundError } from '../errors/playground.errors';
import { extractKey, maskKey } from './relay-key';
import { relayError } from '../errors/relay-errors';

/** Who a relayed call is for, after every token (or session) and user check passed. */
export interface RelayCaller {
  /** null for playground calls: they are billed to the user alone (reference §1.1, §3.5). */
  token: RelayToken | null;
  user: RelayUser;
  /** The group that routes and prices the call: the token's (or the playground's pick), else the user's. */
  group: string;
  /** Set only for administrators' `sk-<key>-<channelId>` keys (reference §1.4). */
  forcedChannelId: number | null;
}

/** A caller of the token API (/v1 …): there is always a token. */
export interface TokenCaller extends RelayCaller {
  token: RelayToken;
}

export interface RelayCredentials {
  headers: IncomingHttpHeaders;
  path: string;
  ip: string;
}

const FORCED_CHANNEL_ID = /^[1-9]\d{0,9}$/;

/**
 * Token auth for the relay, from memory in steady state. Checks in the order of reference §1.5: token
 * (exists, enabled, not expired, quota left, IP), then user (active), group, forced channel; a browser
 * extension is refused before all of them when the operator blocks those. Model limits need the requested
 * model and are checked by `checkModel` once it is known. Playground callers come with a console session
 * instead and get the same user and group checks (`authenticateUser`).
 */
@Injectable()
export class TokenAuthenticator {
  constructor(
    private readonly tokens: TokenCache,
    private readonly users: UserCache,
    private readonly groups: GroupsService,
    private readonly options: OptionsService,
  ) {}

  async authenticate(credentials: RelayCredentials): Promise<TokenCaller> {
    // Before the key is even read: such a call is charged nothing and learns nothing about its token.
    if (
      this.options.getBoolean('global.block_browser_extension_enabled') &&
      isBrowserExtensionCall(credentials.headers)
    )
      throw relayError('browser_extension_blocked');
    const presented = extractKey(credentials.headers, credentials.path);
    if (!presented) throw relayError('invalid_api_key');
    const token = await this.tokens.find(presented.key);
    if (!token) throw relayError('invalid_api_key');
    checkToken(token, presented.key, credentials.ip);
    const user = await this.users.find(token.userId);
    if (!user) throw relayError('invalid_api_key');
    if (user.status !== UserStatus.Enabled) throw relayError('user_banned');
    return {
      token,
      user,
      group: this.groupOf(token, user),
      forcedChannelId: forcedChannel(presented.forcedChannel, user),
    };
  }

  /**
   * A playground caller (signed in to the console): the user must be active and the group one they may use;
   * no group means their own.
   */
  async authenticateUser(userId: number, group: string): Promise<RelayCaller> {
    const user = await this.users.find(userId);
    if (!user) throw commonError('unauthenticated');
    if (user.status !== UserStatus.Enabled) throw relayError('user_banned');
    if (group !== '' && group !== user.group && !this.groups.isUsable(group, user.group))
      throw playgroundError('group_not_usable', { group });
    return { token: null, user, group: group || user.group, forcedChannelId: null };
  }

  checkModel(caller: RelayCaller, model: string): void {
    const limits = caller.token?.modelLimits;
    if (limits && !limits.has(model)) throw relayError('model_not_allowed', { model });
  }

  // A token's own group must still be one its owner may use (UserUsableGroups and priced in GroupRatio).
  private groupOf(token: RelayToken, user: RelayUser): string {
    if (token.group === '') return user.group;
    if (!this.groups.isUsable(token.group, user.group))
      throw relayError('group_not_usable', { group: token.group });
    return token.group;
  }
}

function checkToken(token: RelayToken, key: string, ip: string): void {
  switch (token.status) {
    case TokenStatus.Enabled:
      break;
    case TokenStatus.Expired:
      throw relayError('token_expired');
    case TokenStatus.Exhausted:
      throw relayError('token_exhausted', { key: maskKey(key) });
    default:
      throw relayError('token_disabled');
  }
  // The status is set by the system later; the clock and the balance decide now.
  if (token.expiredTime !== TOKEN_NEVER_EXPIRES && token.expiredTime <= nowSeconds())
    throw relayError('token_expired');
  if (!token.unlimitedQuota && token.remainQuota <= 0)
    throw relayError('token_exhausted', { key: maskKey(key) });
  if (token.allowList && !token.allowList(ip)) throw relayError('access_denied', { ip });
}

function forcedChannel(text: string | null, user: RelayUser): number | null {
  if (text === null) return null;
  if (!isAdmin(user.role)) throw relayError('channel_forbidden');
  if (!FORCED_CHANNEL_ID.test(text)) throw relayError('invalid_channel_id');
  return Number(text);
}
