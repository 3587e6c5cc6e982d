interface Entry<V> {
  value: V;
  expiresAt: number;
}

/**
 * An in-process cache for the hot path: entries live `ttlMs` (the safety net when an invalidation notice is
 * lost), concurrent misses of one key share one load, and a load that raced an invalidation is not kept.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly loading = new Map<string, Promise<V>>();
  private epoch = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > this.now()) return Promise.resolve(entry.value);
    return this.loading.get(key) ?? this.startLoad(key, load);
  }

  delete(key: string): void {
    this.epoch++;
    this.entries.delete(key);
    this.loading.delete(key);
  }

  /** Drops every entry whose value matches (e.g. all negative entries). */
  deleteWhere(matches: (value: V) => boolean): void {
    this.epoch++;
    for (const [key, entry] of this.entries) if (matches(entry.value)) this.entries.delete(key);
    this.loading.clear();
  }

  clear(): void {
    this.epoch++;
    this.entries.clear();
    this.loading.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private startLoad(key: string, load: () => Promise<V>): Promise<V> {
    const startedAt = this.epoch;
    const pending = load()
      .then((value) => {
        if (this.epoch === startedAt) this.store(key, value);
        return value;
      })
      .finally(() => {
        // An invalidation may have replaced this load with a newer one meanwhile.
        if (this.loading.get(key) === pending) this.loading.delete(key);
      });
    this.loading.set(key, pending);
    return pending;
  }

  private store(key: string, value: V): void {
    this.entries.delete(key);
    // Maps iterate in insertion order: the first key is the oldest entry.
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expiresAt: this.now() + this.ttlMs });
  }
}
