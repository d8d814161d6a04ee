import type { ArchitectureGroup } from '@vigil/contract';
import {
  orderGroups,
  UNGROUPED,
  LAYER_LABELS,
  type GroupableEdge,
  type GroupableNode,
} from './grouping-types';

/**
 * Single-linkage agglomerative clustering cut at a threshold (union-find over pairs whose
 * similarity reaches it). Similarity = weighted Jaccard of three feature sets, averaged over the
 * sets either node actually has:
 *   name tokens (0.4)  `payment-api` / `payments-worker` share `payment`
 *   tags (0.2)         `key=value` pairs, ignoring pairs most nodes carry (they say nothing)
 *   neighbours (0.4)   nodes both talk to (either direction): two services with the same
 *                      callees and callers cluster at the default threshold (0.5) whatever their names
 * Only pairs that share some feature can score above 0, so candidates come from an inverted
 * index; features on more than `maxPosting` nodes are skipped when generating candidates.
 * Singletons are ungrouped.
 */
export interface SimilarityOptions {
  threshold: number;
  weights: { name: number; tags: number; neighbours: number };
  maxPosting: number;
}

export const DEFAULT_SIMILARITY: SimilarityOptions = {
  threshold: 0.5,
  weights: { name: 0.4, tags: 0.2, neighbours: 0.4 },
  maxPosting: 200,
};

const GENERIC_TOKENS = new Set([
  'svc',
  'service',
  'server',
  'srv',
  'app',
  'api',
  'the',
  'prod',
  'dev',
  'staging',
  'main',
  'primary',
  'default',
]);

/** Lowercase name words without generic ones; plurals folded (`payments` → `payment`). */
export function nameTokens(name: string): Set<string> {
  const tokens = new Set<string>();
  for (const raw of name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)) {
    if (raw.length < 2 || GENERIC_TOKENS.has(raw) || /^v?\d+$/.test(raw)) continue;
    tokens.add(raw.length > 3 && raw.endsWith('s') && !raw.endsWith('ss') ? raw.slice(0, -1) : raw);
  }
  return tokens;
}

function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  let shared = 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const item of small) if (large.has(item)) shared += 1;
  return shared / (a.size + b.size - shared);
}

interface Features {
  name: Set<string>;
  tags: Set<string>;
  neighbours: Set<string>;
}

export function similarity(
  a: Features,
  b: Features,
  weights: SimilarityOptions['weights'],
): number {
  let total = 0;
  let weight = 0;
  const parts: [ReadonlySet<string>, ReadonlySet<string>, number][] = [
    [a.name, b.name, weights.name],
    [a.tags, b.tags, weights.tags],
    [a.neighbours, b.neighbours, weights.neighbours],
  ];
  for (const [x, y, w] of parts) {
    if (x.size === 0 && y.size === 0) continue;
    total += w * jaccard(x, y);
    weight += w;
  }
  return weight === 0 ? 0 : total / weight;
}

function buildFeatures(
  nodes: readonly GroupableNode[],
  edges: readonly GroupableEdge[],
): Features[] {
  const tagCounts = new Map<string, number>();
  for (const node of nodes)
    for (const [k, v] of Object.entries(node.tags))
      tagCounts.set(`${k}=${v}`, (tagCounts.get(`${k}=${v}`) ?? 0) + 1);
  const common = (pair: string): boolean =>
    nodes.length >= 4 && (tagCounts.get(pair) ?? 0) * 2 > nodes.length;
  const neighbours = new Map<string, Set<string>>(
    nodes.map((node) => [node.id, new Set<string>()]),
  );
  for (const edge of edges) {
    neighbours.get(edge.from)?.add(edge.to);
    neighbours.get(edge.to)?.add(edge.from);
  }
  return nodes.map((node) => ({
    name: nameTokens(node.name),
    tags: new Set(
      Object.entries(node.tags)
        .map(([k, v]) => `${k}=${v}`)
        .filter((pair) => !common(pair)),
    ),
    neighbours: neighbours.get(node.id) ?? new Set(),
  }));
}

function createUnionFind(size: number): {
  find(i: number): number;
  union(a: number, b: number): void;
} {
  const parent = Int32Array.from({ length: size }, (_, i) => i);
  const find = (i: number): number => {
    let root = i;
    while (parent[root] !== root) root = parent[root] ?? root;
    let cursor = i;
    while (parent[cursor] !== root) {
      const next = parent[cursor] ?? root;
      parent[cursor] = root;
      cursor = next;
    }
    return root;
  };
  return { find, union: (a, b) => void (parent[find(a)] = find(b)) };
}

function pushTo<K>(map: Map<K, number[]>, key: K, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Indices of nodes sharing each feature; only lists short enough to be informative. */
function postings(features: readonly Features[], maxPosting: number): number[][] {
  const index = new Map<string, number[]>();
  features.forEach((f, i) => {
    for (const token of f.name) pushTo(index, `n:${token}`, i);
    for (const tag of f.tags) pushTo(index, `t:${tag}`, i);
    for (const id of f.neighbours) pushTo(index, `g:${id}`, i);
  });
  return [...index.values()].filter((list) => list.length >= 2 && list.length <= maxPosting);
}

export function clusterBySimilarity(
  nodes: readonly GroupableNode[],
  edges: readonly GroupableEdge[],
  options: SimilarityOptions = DEFAULT_SIMILARITY,
): ArchitectureGroup[] {
  const features = buildFeatures(nodes, edges);
  const sets = createUnionFind(nodes.length);
  const compared = new Set<number>();
  for (const list of postings(features, options.maxPosting)) {
    for (let x = 0; x < list.length; x += 1) {
      for (let y = x + 1; y < list.length; y += 1) {
        const a = list[x] ?? 0;
        const b = list[y] ?? 0;
        const key = a * nodes.length + b;
        if (compared.has(key) || sets.find(a) === sets.find(b)) continue;
        compared.add(key);
        const fa = features[a];
        const fb = features[b];
        if (fa && fb && similarity(fa, fb, options.weights) >= options.threshold) sets.union(a, b);
      }
    }
  }
  return labelClusters(nodes, features, sets.find);
}

function labelClusters(
  nodes: readonly GroupableNode[],
  features: readonly Features[],
  find: (i: number) => number,
): ArchitectureGroup[] {
  const members = new Map<number, number[]>();
  nodes.forEach((_, i) => {
    const root = find(i);
    pushTo(members, root, i);
  });
  const groups: ArchitectureGroup[] = [];
  const ungrouped: string[] = [];
  const usedIds = new Set<string>();
  for (const indices of members.values()) {
    const ids = indices.map((i) => nodes[i]?.id ?? '');
    if (indices.length < 2) {
      ungrouped.push(...ids);
      continue;
    }
    const counts = new Map<string, number>();
    for (const i of indices)
      for (const token of features[i]?.name ?? []) counts.set(token, (counts.get(token) ?? 0) + 1);
    const top =
      [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ??
      ids[0] ??
      'cluster';
    let id = `cluster:${top}`;
    for (let n = 2; usedIds.has(id); n += 1) id = `cluster:${top}-${n}`;
    usedIds.add(id);
    groups.push({ id, label: top.charAt(0).toUpperCase() + top.slice(1), nodes: ids });
  }
  if (ungrouped.length > 0)
    groups.push({ id: UNGROUPED, label: LAYER_LABELS.ungrouped, nodes: ungrouped });
  return orderGroups(groups, false);
}
