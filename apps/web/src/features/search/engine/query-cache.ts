/** Spec part 1 section 9: the client keeps the answers of 100 queries, oldest evicted first. */
export const QUERY_CACHE_SIZE = 100;

export interface QueryCache<V> {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
  clear(): void;
  readonly size: number;
}

/** Insertion-ordered: the entry stored first is evicted first. */
export function createQueryCache<V>(capacity = QUERY_CACHE_SIZE): QueryCache<V> {
  const entries = new Map<string, V>();
  return {
    get: (key) => entries.get(key),
    set(key, value) {
      entries.delete(key);
      entries.set(key, value);
      while (entries.size > capacity) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        entries.delete(oldest.value);
      }
    },
    clear: () => entries.clear(),
    get size() {
      return entries.size;
    },
  };
}
