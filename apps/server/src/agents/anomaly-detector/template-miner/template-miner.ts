import type { MinedEvent } from '../mined-event';
import { VARIABLE } from './char-class';
import { createClusterStore, type ClusterStore } from './cluster-store';
import type { Cluster } from './parse-tree';
import { prepareLine } from './prepare-line';
import { assertSnapshot, resolveConfig, type MinerConfig, type MinerSnapshot } from './snapshot';
import { extractValues, generaliseToken, matchesPattern } from './template-token';

export type TemplateMinerOptions = Partial<MinerConfig>;

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
  /** Mines one message: synchronous; the result depends on the message and the miner's state. */
  mine(message: string): MinedTemplate;
  /** Live templates, least recently used first. */
  templates(): IterableIterator<TemplateInfo>;
  /** The current template for an id, following merges; undefined once evicted. */
  lookup(templateId: string): TemplateInfo | undefined;
  /** JSON-serialisable state for restoreTemplateMiner. */
  snapshot(): MinerSnapshot;
  /** Live templates. */
  readonly size: number;
}

export function createTemplateMiner(options?: TemplateMinerOptions): TemplateMiner {
  const config = resolveConfig(options);
  return minerOver(config, createClusterStore(config, 0));
}

/** A miner resuming from a snapshot (as parsed JSON); options override the snapshot's config. */
export function restoreTemplateMiner(
  snapshot: unknown,
  options?: TemplateMinerOptions,
): TemplateMiner {
  assertSnapshot(snapshot);
  const config = resolveConfig(options, resolveConfig(snapshot.config));
  const store = createClusterStore(config, snapshot.nextSeq);
  for (const saved of snapshot.clusters) store.restore(saved);
  return minerOver(config, store);
}

function minerOver(config: MinerConfig, store: ClusterStore): TemplateMiner {
  return {
    mine: (message) => mineLine(config, store, message),
    *templates() {
      for (const cluster of store.values()) yield infoOf(cluster);
    },
    lookup(templateId) {
      const cluster = store.lookup(templateId);
      return cluster ? infoOf(cluster) : undefined;
    },
    snapshot: () => ({
      version: 1,
      config: { ...config },
      nextSeq: store.nextSeq,
      clusters: [...store.values()].map((c) => ({
        id: c.id,
        seq: c.seq,
        tokens: [...c.tokens],
        template: c.template,
        count: c.count,
        route: [...c.route],
        aliases: [...c.aliases],
      })),
    }),
    get size() {
      return store.size;
    },
  };
}

/**
 * Drain's step, then the post-processing: find the cluster (or create one), widen its template
 * where the line differs, merge it with clusters it now equals or that differ from it only at a
 * position that has shown enough values.
 */
function mineLine(config: MinerConfig, store: ClusterStore, message: string): MinedTemplate {
  const { raw, masked } = prepareLine(message, config.maxTokens, config.mask);
  let cluster = store.search(masked);
  const isNewTemplate = cluster === null;
  if (!cluster) {
    // The tree routes by the first tokens; a cluster with exactly this template elsewhere wins.
    const key = masked.join(' ');
    const twin = store.byKey(key);
    if (twin && twin.tokens.length === masked.length) {
      twin.count += 1;
      cluster = twin;
    } else cluster = settle(store, store.create(masked, key));
  } else {
    cluster.count += 1;
    const widened = store.lastMatchCovers() ? null : widen(store, cluster, masked);
    if (widened) cluster = settle(store, widened);
  }
  store.touch(cluster);
  return {
    templateId: cluster.id,
    template: cluster.template,
    parameters: parametersOf(cluster.tokens, raw),
    isNewTemplate,
    templateCount: cluster.count,
  };
}

/** Widens the template where the line differs: the cluster the line now belongs to, or null when unchanged. */
function widen(store: ClusterStore, cluster: Cluster, masked: readonly string[]): Cluster | null {
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
  return store.retemplate(cluster, (target) => {
    for (const [i, wider] of applied) target[i] = wider;
  });
}

/** Merges the clusters that differ from this one only at a position that has shown enough values. */
function settle(store: ClusterStore, cluster: Cluster): Cluster {
  let current = cluster;
  for (;;) {
    const slot = store.findVariableSlot(current);
    if (!slot) return current;
    const { position, clusters } = slot;
    const survivor = clusters.reduce((a, b) => (b.seq < a.seq ? b : a));
    const wider = clusters
      .map((c) => c.tokens[position] ?? '')
      .reduce((a, b) => generaliseToken(a, b));
    for (const other of clusters) if (other !== survivor) store.absorb(survivor, other);
    current = store.retemplate(survivor, (tokens) => {
      tokens[position] = wider;
    });
  }
}

function infoOf(cluster: Cluster): TemplateInfo {
  return {
    templateId: cluster.id,
    template: cluster.template,
    count: cluster.count,
    aliases: [...cluster.aliases],
  };
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
