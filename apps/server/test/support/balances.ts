import { type AdminUser, type Token } from '@tollgate/contracts';
import { type SignedIn, type TestApp } from './test-app';

/** An account as the console shows it. */
export type AccountTotals = Pick<AdminUser, 'quota' | 'used_quota' | 'request_count'>;
export type TokenTotals = Pick<Token, 'remain_quota' | 'used_quota'>;

interface Envelope<T> {
  success: boolean;
  message: string;
  data: T;
}

/**
 * Balances read through the public API only (what the console shows), so tests hold whatever the billing
 * ledger does inside. The API shows the database, which the ledger writes behind every second: flush it first.
 */
export function balanceReader(t: Pick<TestApp, 'http'>, admin: SignedIn) {
  async function read<T>(path: string, who: SignedIn): Promise<T> {
    const body = (await t.http().get(path).set(who.headers)).body as Envelope<T>;
    if (!body.success) throw new Error(`GET ${path} failed: ${body.message}`);
    return body.data;
  }
  return {
    /** GET /api/user/:id as an administrator. */
    async user(id: number): Promise<AccountTotals> {
      const { quota, used_quota, request_count } = await read<AdminUser>(`/api/user/${id}`, admin);
      return { quota, used_quota, request_count };
    },
    /** GET /api/token/:id as its owner. */
    async token(owner: SignedIn, id: number): Promise<TokenTotals> {
      const { remain_quota, used_quota } = await read<Token>(`/api/token/${id}`, owner);
      return { remain_quota, used_quota };
    },
  };
}
