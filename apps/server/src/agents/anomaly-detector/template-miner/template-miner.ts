import type { MinedEvent } from '../mined-event';
import { VARIABLE } from './char-class';
import { createParseTree, type Cluster } from './parse-tree';
import { prepareLine } from './prepare-line';
import {
  assertSnapshot,
  resolveConfig,
  type MinerConfig,
  type MinerSnapshot,
  type SnapshotCluster,
} from './snapshot';
import { createSlotIndex } from './slot-index';
import { templateIdFor } from './template-id';
import { extractValues, generaliseToken, matchesPattern } from './template-token';

export type TemplateMinerOptions = Partial<MinerConfig>;

/** One-token lines ("normal", "warning") are whole templates, never a variable slot. */
const MIN_SLOT_TOKENS = 2;

/** What mining one line gives: the MinedEvent fields apart from the record. */
export type MinedTemplate = Omit<MinedEvent, 'record'>;

export interface TemplateInfo {
  templateId: string;
  template: string;
  count: number;
  /** Ids of templates merged into this one; they resolve to it. */
  aliases: readonly string[];
}

export interface TemplateMiner {
  /** Mines one message: pure in its input, synchronous, and it updates the miner's state. */
  mine(message: string): MinedTemplate;
  /** Live templates, least recently used first. */
  templates(): IterableIterator<TemplateInfo>;
  /** The current template for an id, following merges; undefined once evicted. */
  lookup(templateId: string): TemplateInfo | undefined;
  /** JSON-serialisable state for restoreTemplateMiner. */
  snapshot(): MinerSnapshot;
  readonly size: number;
}

export function createTemplateMiner(options?: TemplateMinerOptions): TemplateMiner {
  return buildMiner(resolveConfig(options), [], 0);
}

/** A miner resuming from a snapshot; options override the snapshot's own config. */
export function restoreTemplateMiner(snapshot: unknown, options?: TemplateMinerOptions): TemplateMiner {
  assertSnapshot(snapshot);
  const config = resolveConfig(options, resolveConfig(snapshot.config));
  return buildMiner(config, snapshot.clusters, snapshot.nextSeq);
}

function buildMiner(config: MinerConfig, restored: readonly SnapshotCluster[], firstSeq: number): TemplateMiner {
  const tree = createParseTree(config.depth, config.maxChildren);
  const slots = createSlotIndex(config.slotMergeMinValues, MIN_SLOT_TOKENS, config.depth);
  /** Live clusters by id, in LRU order (Map keeps insertion order; a touch re-inserts). */
  const live = new Map<string, Cluster>();
  const aliasOf = new Map<string, Cluster>();
  /** Live clusters by template text: an exact-match fast path and the merge detector. */
  const byText = new Map<string, Cluster>();
  let nextSeq = firstSeq;
  let tick = 0;
  const touchSlack = Math.floor(config.maxClusters / 4);

  const isTaken = (id: string): boolean => live.has(id) || aliasOf.has(id);

  /**
   * Moves a cluster to the young end of the LRU. Re-inserting into the Map on every line costs more
   * than the mining, so a cluster moves only once it has aged past a quarter of the capacity: every
   * cluster used within the last three quarters of the window stays safe from eviction, and small
   * capacities (tests) stay exact.
   */
  function touch(cluster: Cluster): void {
    tick += 1;
    if (tick - cluster.touched <= touchSlack) return;
    cluster.touched = tick;
    live.delete(cluster.id);
    live.set(cluster.id, cluster);
  }

  function forget(cluster: Cluster): void {
    tree.remove(cluster);
    slots.remove(cluster);
    live.delete(cluster.id);
    if (byText.get(cluster.key) === cluster) byText.delete(cluster.key);
  }

  function evict(): void {
    while (live.size > config.maxClusters) {
      const oldest = live.values().next().value;
      if (!oldest) return;
      forget(oldest);
      for (const alias of oldest.aliases) aliasOf.delete(alias);
    }
  }

  function adopt(cluster: Cluster): void {
    live.set(cluster.id, cluster);
    byText.set(cluster.key, cluster);
    slots.add(cluster);
    for (const alias of cluster.aliases) aliasOf.set(alias, cluster);
  }

  function create(masked: string[], text: string): Cluster {
    const id = templateIdFor(text, isTaken);
    const template = renderTemplate(text);
    const cluster = tree.add({ id, seq: nextSeq, tokens: masked, key: text, template, count: 1, aliases: [], touched: -Infinity });
    nextSeq += 1;
    adopt(cluster);
    return cluster;
  }

  /** Folds absorbed into survivor: its lines, and its id and aliases as aliases. */
  function absorb(survivor: Cluster, absorbed: Cluster): void {
    forget(absorbed);
    survivor.count += absorbed.count;
    for (const id of [absorbed.id, ...absorbed.aliases]) {
      survivor.aliases.push(id);
      aliasOf.set(id, survivor);
    }
  }

  /**
   * Applies a change to a cluster's tokens and keeps the indexes in step; when the new template is
   * one another cluster already has, the two merge and the older keeps its id.
   */
  function retemplate(cluster: Cluster, change: (tokens: string[]) => void): Cluster {
    slots.remove(cluster);
    if (byText.get(cluster.key) === cluster) byText.delete(cluster.key);
    change(cluster.tokens);
    cluster.key = cluster.tokens.join(' ');
    cluster.template = renderTemplate(cluster.key);
    const twin = byText.get(cluster.key);
    if (twin && twin !== cluster) {
      const [survivor, absorbed] = twin.seq <= cluster.seq ? [twin, cluster] : [cluster, twin];
      absorb(survivor, absorbed);
      byText.set(survivor.key, survivor);
      if (survivor === cluster) slots.add(cluster);
      return survivor;
    }
    byText.set(cluster.key, cluster);
    slots.add(cluster);
    return cluster;
  }

  /** Widens the template where the line differs: the cluster the line now belongs to, or null when unchanged. */
  function widen(cluster: Cluster, masked: readonly string[]): Cluster | null {
    const tokens = cluster.tokens;
    let changes: [number, string][] | null = null;
    for (let i = 0; i < tokens.length; i += 1) {
      const t = tokens[i] ?? '';
      const m = masked[i] ?? '';
      if (t === m || t === VARIABLE || (t.includes(VARIABLE) && matchesPattern(t, m))) continue;
      const wider = generaliseToken(t, m);
      if (wider !== t) (changes ??= []).push([i, wider]);
    }
    if (!changes) return null;
    const applied = changes;
    return retemplate(cluster, (target) => {
      for (const [i, wider] of applied) target[i] = wider;
    });
  }

  /** Merges the clusters that differ from this one at a position that has shown enough values. */
  function settle(cluster: Cluster): Cluster {
    let current = cluster;
    for (;;) {
      const slot = slots.findVariableSlot(current);
      if (!slot) return current;
      const { position, clusters } = slot;
      const survivor = clusters.reduce((a, b) => (b.seq < a.seq ? b : a));
      const wider = clusters.map((c) => c.tokens[position] ?? '').reduce((a, b) => generaliseToken(a, b));
      for (const other of clusters) if (other !== survivor) absorb(survivor, other);
      current = retemplate(survivor, (tokens) => {
        tokens[position] = wider;
      });
    }
  }

  function mine(message: string): MinedTemplate {
    const { raw, masked } = prepareLine(message, config.maxTokens, config.mask);
    let cluster = tree.search(masked, config.similarityThreshold);
    const isNewTemplate = cluster === null;
    if (!cluster) {
      // The parse tree routes by the first tokens; a template with this exact text elsewhere wins.
      const text = masked.join(' ');
      const twin = byText.get(text);
      if (twin && twin.tokens.length === masked.length) {
        twin.count += 1;
        cluster = twin;
      } else cluster = settle(create(masked, text));
    } else {
      cluster.count += 1;
      const widened = tree.lastMatchCovers() ? null : widen(cluster, masked);
      if (widened) cluster = settle(widened);
    }
    touch(cluster);
    evict();
    return {
      templateId: cluster.id,
      template: cluster.template,
      parameters: parametersOf(cluster.tokens, raw),
      isNewTemplate,
      templateCount: cluster.count,
    };
  }

  for (const saved of restored) {
    const key = saved.tokens.join(' ');
    const cluster: Cluster = {
      id: saved.id,
      seq: saved.seq,
      count: saved.count,
      tokens: [...saved.tokens],
      key,
      template: renderTemplate(key),
      route: [...saved.route],
      aliases: [...saved.aliases],
      touched: -Infinity,
    };
    tree.place(cluster);
    adopt(cluster);
    nextSeq = Math.max(nextSeq, cluster.seq + 1);
  }
  evict();

  return {
    mine,
    *templates() {
      for (const cluster of live.values()) yield infoOf(cluster);
    },
    lookup(templateId) {
      const cluster = live.get(templateId) ?? aliasOf.get(templateId);
      return cluster ? infoOf(cluster) : undefined;
    },
    snapshot() {
      return {
        version: 1,
        config: { ...config },
        nextSeq,
        clusters: [...live.values()].map((c) => ({
          id: c.id,
          seq: c.seq,
          tokens: [...c.tokens],
          count: c.count,
          route: [...c.route],
          aliases: [...c.aliases],
        })),
      };
    },
    get size() {
      return live.size;
    },
  };
}

/**
 * The reported text: tokens joined by one space, and `<*>>` written `<*>` as Loghub's corrected
 * templates do (`<memory:<*>, vCores:<*>`): `>` closing a value is read as part of it.
 */
export function renderTemplate(key: string): string {
  return key.includes('<*>>') ? key.replaceAll('<*>>', VARIABLE) : key;
}

function infoOf(cluster: Cluster): TemplateInfo {
  return { templateId: cluster.id, template: cluster.template, count: cluster.count, aliases: [...cluster.aliases] };
}

/** The values at the template's `<*>` slots, read from the raw tokens. */
function parametersOf(template: readonly string[], raw: readonly string[]): string[] {
  const values: string[] = [];
  for (let i = 0; i < template.length; i += 1) {
    const t = template[i] ?? '';
    if (t === VARIABLE) values.push(raw[i] ?? '');
    else if (t.includes(VARIABLE)) extractValues(t, raw[i] ?? '', values);
  }
  return values;
}
