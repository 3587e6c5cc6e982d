import { setTimeout as sleep } from 'node:timers/promises';
import { type CacheStore } from '../../infra/redis/redis.ports';

// A cached balance unused this long is dropped. Each debit restarts the clock, so a balance is reloaded only
// once every replica has long written its part (a reload sees only this process's unwritten changes). A
// database write made behind the ledger's back (a manual SQL edit) shows once the balance has rested this long.
export const BALANCE_TTL_SECONDS = 600;
const LOAD_CLAIM_TTL_SECONDS = 5;
const LOAD_WAIT_MS = 2000;
const LOAD_POLL_MS = 10;

/** A cached balance: its key, how to read it from the database, and its not-yet-written change. */
export interface Balance {
  key: string;
  read: () => Promise<number | null>;
  pending: () => number;
}

export interface Load {
  done: Promise<void>;
  /** The value to cache has been computed (database + pending); later changes must go to the cache. */
  computed: boolean;
}

/**
 * Puts a balance that is not cached into the CacheStore: database value + this process's pending deltas,
 * read under the ledger's flush lock (`exclusive`) so a batch being written is never counted twice or missed.
 */
export class BalanceLoader {
  private readonly loads = new Map<string, Load>();

  constructor(
    private readonly cache: CacheStore,
    private readonly exclusive: (task: () => Promise<void>) => Promise<void>,
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
    const load: Load = { done: Promise.resolve(), computed: false };
    load.done = this.loadOnce(balance, load).finally(() => this.loads.delete(balance.key));
    this.loads.set(balance.key, load);
    return load.done;
  }

  // The claim key makes one replica read the database while the others wait for the value it caches:
  // two loaders writing the same key could erase a debit made in between.
  private async loadOnce(balance: Balance, load: Load): Promise<void> {
    const claim = claimKey(balance.key);
    const claimed = (await this.cache.incrBy(claim, 1, LOAD_CLAIM_TTL_SECONDS)) === 1;
    // A claim left by a replica that died mid-load expires; after waiting, load anyway.
    if (!claimed && (await this.waitFor(balance.key))) return;
    try {
      await this.exclusive(async () => {
        if ((await this.cache.get(balance.key)) !== null) return;
        const stored = await balance.read();
        if (stored === null) return;
        const value = stored + balance.pending();
        load.computed = true;
        await this.cache.set(balance.key, String(value), BALANCE_TTL_SECONDS);
        this.observe(balance.key, value);
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
