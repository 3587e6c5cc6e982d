import { setTimeout as sleep } from 'node:timers/promises';
import { LogType } from '@tollgate/contracts';
import { CacheStore } from '../../src/infra/redis/redis.ports';
import { KEEP_IDLE_MS } from '../../src/modules/billing/kept-holds';
import { type QuotaLedger } from '../../src/modules/billing/quota-ledger';
import { LogEntity } from '../../src/modules/logs/log.entity';
import { type AccountTotals, balanceReader, type TokenTotals } from './balances';
import { type RelayGateway } from './relay-gateway';
import { type SignedIn } from './test-app';

/** A user with a limited token, as the relay bills them, and the channel their calls go to. */
export interface Account {
  owner: SignedIn;
  userId: number;
  tokenId: number;
  key: string;
  userStart: number;
  tokenStart: number;
  channelId: number;
}

/** What the database says once the journal is drained, and what the ledger's cache says. */
export interface Books {
  user: AccountTotals;
  token: TokenTotals;
  channelUsed: number;
  logs: LogEntity[];
  /** The cached balances (holds included); null when not cached. */
  cached: { user: string | null; token: string | null };
}

export const requestIdOf = (row: LogEntity): string =>
  (JSON.parse(row.other) as { request_id: string }).request_id;

export const consumeLogs = (g: RelayGateway, userId: number): Promise<LogEntity[]> =>
  g.data.getRepository(LogEntity).find({ where: { userId, type: LogType.Consume }, order: { id: 'ASC' } });

/**
 * Accounts and their books on a gateway: `channelOf` names the channel a model's calls go to, `ledgers` every
 * replica's ledger (all are drained before the books are read).
 */
export function moneyBooks(
  g: RelayGateway,
  channelOf: (model: string) => number,
  ledgers: () => QuotaLedger[],
) {
  let serial = 0;
  const readBooks = async (a: Account): Promise<Books> => {
    await Promise.all(ledgers().map((ledger) => ledger.flush()));
    const balances = balanceReader(g.t, g.root);
    const channel = await g.t.http().get(`/api/channel/${a.channelId}`).set(g.root.headers);
    const cache = g.t.app.get(CacheStore);
    return {
      user: await balances.user(a.userId),
      token: await balances.token(a.owner, a.tokenId),
      channelUsed: (channel.body as { data: { used_quota: number } }).data.used_quota,
      logs: await consumeLogs(g, a.userId),
      cached: {
        user: await cache.get(`quota:user:${a.userId}`),
        token: await cache.get(`quota:token:${a.tokenId}`),
      },
    };
  };
  return {
    async account(model: string, userStart: number, tokenStart = userStart): Promise<Account> {
      serial += 1;
      const owner = await g.newUser(`money${serial}`, { quota: userStart });
      const token = await g.createToken(owner, { unlimited_quota: false, remain_quota: tokenStart });
      const channelId = channelOf(model);
      return { owner, userId: owner.id, tokenId: token.id, key: token.key, userStart, tokenStart, channelId };
    },

    /**
     * Read once the cache holds no hold of the account's: a payer's last holds are kept a moment for its next
     * call (KeptHolds), and given back within KEEP_IDLE_MS and a sweep.
     */
    async books(a: Account): Promise<Books> {
      const deadline = Date.now() + KEEP_IDLE_MS * 3;
      for (;;) {
        const books = await readBooks(a);
        const atRest =
          books.cached.user === String(books.user.quota) &&
          books.cached.token === String(books.token.remain_quota);
        if (atRest || Date.now() > deadline) return books;
        await sleep(KEEP_IDLE_MS / 4);
      }
    },

    /** Each answered call logged once, and every counter debited exactly what the logs say, once. */
    expectBalanced(b: Books, a: Account, answered: readonly string[]): number {
      const charged = b.logs.reduce((total, row) => total + row.quota, 0);
      expect(b.logs.map(requestIdOf).sort()).toEqual([...answered].sort());
      expect(b.user).toEqual({
        quota: a.userStart - charged,
        used_quota: charged,
        request_count: b.logs.length,
      });
      expect(b.token).toEqual({ remain_quota: a.tokenStart - charged, used_quota: charged });
      expect(b.channelUsed).toBe(charged);
      // No hold left open and nothing counted twice: the cached balances are the database's.
      expect(b.cached).toEqual({ user: String(b.user.quota), token: String(b.token.remain_quota) });
      return charged;
    },
  };
}
