import { type Payer } from '../../billing/billing.types';
import { type RelayCaller } from './token-authenticator';

/** What a call is charged to: the user, and the token when there is one (a playground call has none). */
export function payerOf(caller: RelayCaller): Payer {
  return {
    userId: caller.user.id,
    tokenId: caller.token?.id ?? null,
    tokenUnlimited: caller.token?.unlimitedQuota ?? false,
    group: caller.group,
    warningThreshold: caller.user.warningThreshold,
  };
}
