import { VARIABLE } from './char-class';
import { createParseTree, type Cluster } from './parse-tree';
import { createSlotIndex } from './slot-index';
import type { MinerConfig, SnapshotCluster } from './snapshot';
import { templateIdFor } from './template-id';

/** One-token lines ("normal", "warning") are whole templates, never a variable slot. */
const MIN_SLOT_TOKENS = 2;
/** Aliases kept per cluster (oldest dropped first), so merges cannot grow memory without bound. */
const MAX_ALIASES = 1_000;

/**
 * The miner's state: live clusters in LRU order, the parse tree that finds them, the index by
 * template text that spots identical templates, the slot index, and the aliases of merged ids.
 * Every change to a cluster goes through here so the indexes stay in step.
 */
export interface ClusterStore {
  /** Best cluster for masked tokens (Drain tree search), or null. */
  search(masked: readonly string[]): Cluster | null;
  /** Whether the last search's cluster covers its line without widening. */
  lastMatchCovers(): boolean;
  /** The live cluster whose tokens join to key. */
  byKey(key: string): Cluster | undefined;
  create(masked: string[], key: string): Cluster;
  /** Changes a cluster's tokens; when its template becomes another's, the two merge (older id wins). */
  retemplate(cluster: Cluster, change: (tokens: string[]) => void): Cluster;
  /** Folds absorbed into survivor: its lines, and its id and aliases as aliases. */
  absorb(survivor: Cluster, absorbed: Cluster): void;
  /** A position where enough clusters differ only from this one (slot-index.ts). */
  findVariableSlot(cluster: Cluster): { position: number; clusters: Cluster[] } | null;
  /** Marks a cluster used (LRU) and evicts past capacity. */
  touch(cluster: Cluster): void;
  restore(saved: SnapshotCluster): void;
  lookup(id: string): Cluster | undefined;
  /** Live clusters, least recently used first. */
  values(): IterableIterator<Cluster>;
  readonly size: number;
  readonly nextSeq: number;
}

export function createClusterStore(config: MinerConfig, firstSeq: number): ClusterStore {
  const tree = createParseTree(config.depth, config.maxChildren);
  const slots = createSlotIndex(config.slotMergeMinValues, MIN_SLOT_TOKENS, config.depth);
  /** Live clusters by id, in LRU order (a Map keeps insertion order; a touch re-inserts). */
  const live = new Map<string, Cluster>();
  const aliasOf = new Map<string, Cluster>();
  const byKey = new Map<string, Cluster>();
  let nextSeq = firstSeq;
  let tick = 0;
  // Re-inserting into the Map on every line costs more than mining it, so a cluster moves to the
  // young end only once it has aged past a quarter of the capacity: any cluster used within the
  // last three quarters of the window is safe from eviction, and small capacities stay exact.
  const touchSlack = Math.floor(config.maxClusters / 4);

  function index(cluster: Cluster): void {
    live.set(cluster.id, cluster);
    byKey.set(cluster.key, cluster);
    slots.add(cluster);
  }

  function unindex(cluster: Cluster): void {
    tree.remove(cluster);
    slots.remove(cluster);
    live.delete(cluster.id);
    if (byKey.get(cluster.key) === cluster) byKey.delete(cluster.key);
  }

  function absorb(survivor: Cluster, absorbed: Cluster): void {
    unindex(absorbed);
    survivor.count += absorbed.count;
    for (const id of [absorbed.id, ...absorbed.aliases]) {
      survivor.aliases.push(id);
      aliasOf.set(id, survivor);
    }
    while (survivor.aliases.length > MAX_ALIASES) {
      const dropped = survivor.aliases.shift();
      if (dropped !== undefined && aliasOf.get(dropped) === survivor) aliasOf.delete(dropped);
    }
  }

  function evict(): void {
    while (live.size > config.maxClusters) {
      const oldest = live.values().next().value;
      if (!oldest) return;
      unindex(oldest);
      for (const alias of oldest.aliases) aliasOf.delete(alias);
    }
  }

  return {
    search: (masked) => tree.search(masked, config.similarityThreshold),
    lastMatchCovers: () => tree.lastMatchCovers(),
    byKey: (key) => byKey.get(key),
    create(masked, key) {
      const id = templateIdFor(key, (taken) => live.has(taken) || aliasOf.has(taken));
      const fields = { id, seq: nextSeq, tokens: masked, key, template: renderTemplate(key) };
      const cluster = tree.add({ ...fields, count: 1, aliases: [], touched: -Infinity });
      nextSeq += 1;
      index(cluster);
      return cluster;
    },
    retemplate(cluster, change) {
      slots.remove(cluster);
      if (byKey.get(cluster.key) === cluster) byKey.delete(cluster.key);
      change(cluster.tokens);
      cluster.key = cluster.tokens.join(' ');
      cluster.template = renderTemplate(cluster.key);
      const twin = byKey.get(cluster.key);
      const survivor = twin && twin !== cluster && twin.seq < cluster.seq ? twin : cluster;
      if (twin && twin !== cluster) absorb(survivor, survivor === cluster ? twin : cluster);
      byKey.set(survivor.key, survivor);
      if (survivor === cluster) slots.add(cluster);
      return survivor;
    },
    absorb,
    findVariableSlot: (cluster) => slots.findVariableSlot(cluster),
    touch(cluster) {
      tick += 1;
      if (tick - cluster.touched > touchSlack) {
        cluster.touched = tick;
        live.delete(cluster.id);
        live.set(cluster.id, cluster);
      }
      evict();
    },
    restore(saved) {
      const key = saved.tokens.join(' ');
      const { id, seq, count } = saved;
      const cluster: Cluster = {
        id,
        seq,
        count,
        key,
        template: renderTemplate(key),
        touched: -Infinity,
        tokens: [...saved.tokens],
        route: [...saved.route],
        aliases: [...saved.aliases],
      };
      tree.place(cluster);
      index(cluster);
      for (const alias of cluster.aliases) aliasOf.set(alias, cluster);
      nextSeq = Math.max(nextSeq, seq + 1);
      evict();
    },
    lookup: (id) => live.get(id) ?? aliasOf.get(id),
    values: () => live.values(),
    get size() {
      return live.size;
    },
    get nextSeq() {
      return nextSeq;
    },
  };
}

/**
 * The reported text: tokens joined by one space, and `<*>>` written `<*>` as Loghub's corrected
 * templates do (`<memory:<*>, vCores:<*>`): a `>` closing a value is read as part of it.
 */
export function renderTemplate(key: string): string {
  return key.includes('<*>>') ? key.replaceAll('<*>>', VARIABLE) : key;
}
