import { VARIABLE } from './char-class';
import type { Cluster } from './parse-tree';

/**
 * Finds clusters that are the same template apart from one position: "session closed for user
 * cyrus", "… user news", "… user root". Once a position has shown `minValues` distinct values it
 * is a variable, and the caller merges those clusters. This catches variables no mask can know
 * (user names, host names without digits), while the tree's similarity keeps two different words
 * ("VM Paused", "VM Resumed") apart until their position has shown that many values.
 *
 * Each cluster registers one key per literal position: a 53-bit hash of its other tokens with that
 * position as a hole, computed for all positions in one pass from prefix and suffix hashes. The
 * caller re-checks the tokens before merging, so a hash collision never merges unrelated clusters.
 * The leading positions that route the parse tree are never slots: like Drain, the miner takes a
 * line's first words to name its event ("boot (command <*>)", "halt (command <*>)").
 */
export interface SlotIndex {
  add(cluster: Cluster): void;
  remove(cluster: Cluster): void;
  /** A position of cluster where at least minValues clusters differ only, with those clusters. */
  findVariableSlot(cluster: Cluster): { position: number; clusters: Cluster[] } | null;
}

export function createSlotIndex(
  minValues: number,
  minTokens: number,
  firstSlot: number,
): SlotIndex {
  const index = new Map<number, Set<Cluster>>();
  const keysOf = new WeakMap<Cluster, number[]>();

  return {
    add(cluster) {
      if (minValues < 2 || cluster.tokens.length < minTokens) return;
      const keys = slotKeys(cluster.tokens);
      keysOf.set(cluster, keys);
      keys.forEach((key, position) => {
        if (position < firstSlot || cluster.tokens[position] === VARIABLE) return;
        let set = index.get(key);
        if (!set) index.set(key, (set = new Set()));
        set.add(cluster);
      });
    },
    remove(cluster) {
      const keys = keysOf.get(cluster);
      if (!keys) return;
      keysOf.delete(cluster);
      for (const key of keys) {
        const set = index.get(key);
        if (!set) continue;
        set.delete(cluster);
        if (set.size === 0) index.delete(key);
      }
    },
    findVariableSlot(cluster) {
      const keys = keysOf.get(cluster);
      if (!keys) return null;
      for (let position = firstSlot; position < keys.length; position += 1) {
        const set = index.get(keys[position] ?? -1);
        if (!set || set.size < minValues) continue;
        const twins = [...set].filter((other) =>
          differsOnlyAt(cluster.tokens, other.tokens, position),
        );
        if (twins.length >= minValues) return { position, clusters: twins };
      }
      return null;
    },
  };
}

function differsOnlyAt(a: readonly string[], b: readonly string[], position: number): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) {
    if (i !== position && a[i] !== b[i]) return false;
  }
  return true;
}

/** For each position, a hash of the token sequence with that position left out. */
function slotKeys(tokens: readonly string[]): number[] {
  const n = tokens.length;
  const hashes = tokens.map(hashToken);
  // Prefix and suffix hashes make every "all but one" hash O(1): key(i) = mix(prefix(i), suffix(i+1), i).
  const prefix = new Array<number>(n + 1);
  const suffix = new Array<number>(n + 1);
  prefix[0] = 0x9e3779b9;
  for (let i = 0; i < n; i += 1)
    prefix[i + 1] = Math.imul((prefix[i] ?? 0) ^ (hashes[i] ?? 0), 0x85ebca6b) >>> 0;
  suffix[n] = 0xc2b2ae35;
  for (let i = n - 1; i >= 0; i -= 1)
    suffix[i] = Math.imul((suffix[i + 1] ?? 0) ^ (hashes[i] ?? 0), 0x27d4eb2f) >>> 0;
  const keys = new Array<number>(n);
  for (let i = 0; i < n; i += 1) {
    const high = Math.imul((prefix[i] ?? 0) ^ (i * 0x632be5ab), 0x1b873593) >>> 11;
    keys[i] = high * 4294967296 + (((suffix[i + 1] ?? 0) ^ n) >>> 0);
  }
  return keys;
}

function hashToken(token: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < token.length; i += 1) h = Math.imul(h ^ token.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
