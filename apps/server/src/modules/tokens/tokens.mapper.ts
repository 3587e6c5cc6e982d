import { type Token } from '@tollgate/contracts';
import { displayKey } from './token-keys';
import { type OwnedToken } from './tokens.service';

/** The owner's view of a token, full `sk-…` key included (copy and batch copy need it). */
export function toToken({ token, key }: OwnedToken): Token {
  return {
    id: token.id,
    user_id: token.userId,
    name: token.name,
    key: displayKey(key),
    status: token.status,
    created_time: token.createdTime,
    accessed_time: token.accessedTime,
    expired_time: token.expiredTime,
    remain_quota: token.remainQuota,
    used_quota: token.usedQuota,
    unlimited_quota: token.unlimitedQuota,
    model_limits_enabled: token.modelLimitsEnabled,
    model_limits: token.modelLimits,
    allow_ips: token.allowIps,
    group: token.group,
    rate_limit_enabled: token.rateLimitEnabled,
    rate_limit_period: token.rateLimitPeriod,
    rate_limit_count: token.rateLimitCount,
    rate_limit_success: token.rateLimitSuccess,
  };
}
