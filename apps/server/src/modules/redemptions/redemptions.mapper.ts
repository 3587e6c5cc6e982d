import { type Redemption } from '@tollgate/contracts';
import { type RedemptionEntity } from './redemption.entity';

export function toRedemption(code: RedemptionEntity): Redemption {
  return {
    id: code.id,
    user_id: code.userId,
    name: code.name,
    key: code.key,
    status: code.status,
    quota: code.quota,
    created_time: code.createdTime,
    redeemed_time: code.redeemedTime,
    used_user_id: code.usedUserId,
    is_gift: code.isGift,
    max_uses: code.maxUses,
    used_count: code.usedCount,
    valid_from: code.validFrom,
    valid_until: code.validUntil,
  };
}
