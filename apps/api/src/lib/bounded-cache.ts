export type BoundedCacheOptions<V> = {
  /** Most entries kept at once. */
  maxEntries: number;
  /** Most total weight kept at once (bytes, tokens: whatever `weigh` counts). */
  maxWeight: number;
  /** Weight of one entry; an entry heavier than maxWeight / 8 is never stored. */
  weigh: (key: string, value: V) => number;
};

export type BoundedCache<V> = {
  get: (key: string) => V | undefined;
  set: (key: string, value: V) => void;
  readonly size: number;
  readonly weight: number;
  clear: () => void;
};

/**
 * A least-recently-used cache bounded by entry count and by total weight. Caches keyed by what a
 * client sends (query text) must be bounded by what the entries cost, not only by how many there
 * are: a thousand distinct large documents would otherwise stay in memory for as long as the
 * process lives.
 */
export const createBoundedCache = <V>({ maxEntries, maxWeight, weigh }: BoundedCacheOptions<V>): BoundedCache<V> => {
  const entries = new Map<string, { value: V; weight: number }>();
  let total = 0;
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    total -= entry.weight;
  };
  return {
    get: (key) => {
      const entry = entries.get(key);
      if (!entry) return undefined;
      // Map keeps insertion order: re-inserting marks the entry as the most recently used.
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    set: (key, value) => {
      const weight = Math.max(1, weigh(key, value));
      remove(key);
      if (weight > maxWeight / 8) return;
      entries.set(key, { value, weight });
      total += weight;
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries && total <= maxWeight) break;
        remove(oldest);
      }
    },
    get size() {
      return entries.size;
    },
    get weight() {
      return total;
    },
    clear: () => {
      entries.clear();
      total = 0;
    },
  };
};
