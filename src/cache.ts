// A small in-process cache with a TTL, a size bound and in-flight sharing: concurrent misses
// for one key run the loader once. Entries are dropped explicitly on change notifications;
// the TTL bounds staleness when a notification cannot arrive (see db/change-feed.ts).
export class TtlCache<V> {
  readonly #entries = new Map<string, { value: Promise<V>; expiresAt: number }>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;

  constructor(options: { ttlMs: number; maxEntries: number }) {
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = options.maxEntries;
  }

  get(key: string, load: (key: string) => Promise<V>): Promise<V> {
    const now = Date.now();
    const hit = this.#entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value;
    const value = load(key);
    this.#entries.set(key, { value, expiresAt: now + this.#ttlMs });
    // A failed load must not be served from the cache.
    value.catch(() => {
      if (this.#entries.get(key)?.value === value) this.#entries.delete(key);
    });
    this.#evictOverflow();
    return value;
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }

  #evictOverflow(): void {
    // Map iterates in insertion order: the first keys are the oldest.
    for (const key of this.#entries.keys()) {
      if (this.#entries.size <= this.#maxEntries) return;
      this.#entries.delete(key);
    }
  }
}
