import { setTimeout as sleep } from 'node:timers/promises';
import { type CacheStore } from '../../infra/redis/redis.ports';
import { type LedgerJournal } from './journal/ledger-journal';
const LOAD_CLAIM_TTL_SECONDS = 5;
const LOAD_WAIT_MS = 2000;
const LOAD_POLL_MS = 10;

/** A cached balance: its key, and how to read it from the database. */
export interface Balance {
  key: string;
  read: () => Promise<number | null>;
}

export interface Load {
  done: Promise<void>;
}

/**
 * Puts a balance that is not cached into the CacheStore: database value − the journal's unsettled sum,
 * cached atomically (see LedgerJournal.load) while no drain runs, so a batch being applied is never counted
 * twice or missed.
 */
export class BalanceLoader {
  private readonly loads = new Map<string, Load>();

  constructor(
    private readonly cache: CacheStore,
    private readonly journal: LedgerJournal,
    private readonly observe: (key: string, value: number) => void,
  ) {}

  /** The load of `key` in progress in this process, if any. */
  running(key: string): Load | undefined {
    return this.loads.get(key);
  }

  /** Waits out a load of `key` running here or in another replica; answers whether there was one. */
  async waitForLoad(key: string): Promise<boolean> {
    const running = this.loads.get(key);
    if (running) {
      await running.done.catch(() => undefined);
      return true;
    }
    if ((await this.cache.get(claimKey(key))) === null) return false;
    await this.waitFor(key);
    return true;
  }

  /** Loads the balance once however many callers ask at the same time. */
  load(balance: Balance): Promise<void> {
    const running = this.loads.get(balance.key);
    if (running) return running.done;
    const load: Load = { done: Promise.resolve() };
    load.done = this.loadOnce(balance).finally(() => this.loads.delete(balance.key));
    this.loads.set(balance.key, load);
    return load.done;
  }

  // The claim key makes one replica read the database while the others wait for the value it caches, and
  // tells a change committed meanwhile (addCommitted) that the load may have missed it.
  private async loadOnce(balance: Balance): Promise<void> {
    const claim = claimKey(balance.key);
    const claimed = (await this.cache.incrBy(claim, 1, LOAD_CLAIM_TTL_SECONDS)) === 1;
    // A claim left by a replica that died mid-load expires; after waiting, load anyway.
    if (!claimed && (await this.waitFor(balance.key))) return;
    try {
      await this.journal.exclusive(async () => {
        if ((await this.cache.get(balance.key)) !== null) return;
        const stored = await balance.read();
        if (stored === null) return;
        const value = await this.journal.load(balance.key, stored);
        if (value !== null) this.observe(balance.key, value);
      });
    } finally {
      await this.cache.del(claim);
    }
  }

  /** Whether another loader cached the key in time. */
  private async waitFor(key: string): Promise<boolean> {
    for (let waited = 0; waited < LOAD_WAIT_MS; waited += LOAD_POLL_MS) {
      if ((await this.cache.get(key)) !== null) return true;
      await sleep(LOAD_POLL_MS);
    }
    return false;
  }
}

function claimKey(balanceKey: string): string {
  return `${balanceKey}:loading`;
}
