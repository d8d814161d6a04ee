/**
 * A Map with a size cap that forgets keys nobody used lately. Every per-key table in the models goes
 * through one of these so memory stays bounded whatever the key cardinality of a source (trace ids,
 * template ids, components).
 *
 * Eviction is "second chance" (CLOCK) rather than strict LRU: a hit only sets a flag, because moving
 * the key to the back of a JS Map on every read (delete + set) costs more than all the scoring done
 * with the value. When full, the oldest key is evicted unless it was used since its last chance, in
 * which case it moves to the back with its flag cleared.
 */
export interface LruMap<K, V> {
  readonly capacity: number;
  readonly size: number;
  /** Reads and marks the key as recently used. */
  get(key: K): V | undefined;
  /** Reads without touching recency (for snapshots and checks). */
  peek(key: K): V | undefined;
  has(key: K): boolean;
  set(key: K, value: V): void;
  delete(key: K): boolean;
  clear(): void;
  /** Oldest first, so re-inserting in this order restores a similar recency. */
  entries(): IterableIterator<[K, V]>;
}

interface Slot<V> {
  value: V;
  used: boolean;
}

export function createLruMap<K, V>(capacity: number): LruMap<K, V> {
  if (!Number.isInteger(capacity) || capacity < 1) {
    throw new RangeError(`LRU capacity must be a positive integer, got ${capacity}`);
  }
  const map = new Map<K, Slot<V>>();

  function evictOne(): void {
    // Bounded: after one full pass every flag is clear, so this ends within size + 1 steps.
    for (;;) {
      const oldest = map.entries().next();
      if (oldest.done) return;
      const [key, slot] = oldest.value;
      map.delete(key);
      if (!slot.used) return;
      slot.used = false;
      map.set(key, slot);
    }
  }

  return {
    capacity,
    get size() {
      return map.size;
    },
    get(key) {
      const slot = map.get(key);
      if (slot === undefined) return undefined;
      slot.used = true;
      return slot.value;
    },
    peek: (key) => map.get(key)?.value,
    has: (key) => map.has(key),
    set(key, value) {
      const slot = map.get(key);
      if (slot !== undefined) {
        slot.value = value;
        slot.used = true;
        return;
      }
      if (map.size >= capacity) evictOne();
      map.set(key, { value, used: false });
    },
    delete: (key) => map.delete(key),
    clear: () => map.clear(),
    *entries() {
      for (const [key, slot] of map) yield [key, slot.value] as [K, V];
    },
  };
}
