/**
 * A bounded "recently seen" map with O(1) everything and no per-entry bookkeeping: writes go to
 * the young generation; when it is full the old generation is dropped and the young one ages.
 * An entry lives for between `capacity` and `2 × capacity` later writes (an LRU approximation
 * that costs one extra lookup on a miss).
 */
export interface TwoGenerationMap<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): void;
  delete(key: K): void;
  readonly size: number;
}

export function createTwoGenerationMap<K, V>(capacity: number): TwoGenerationMap<K, V> {
  let young = new Map<K, V>();
  let old = new Map<K, V>();
  return {
    get(key) {
      const hit = young.get(key);
      return hit !== undefined ? hit : old.get(key);
    },
    set(key, value) {
      if (young.size >= capacity) {
        old = young;
        young = new Map();
      }
      young.set(key, value);
    },
    delete(key) {
      young.delete(key);
      old.delete(key);
    },
    get size() {
      return young.size + old.size;
    },
  };
}
