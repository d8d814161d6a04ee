/**
 * The miner's state as plain JSON, so the store can persist it and a restart resumes with the same
 * templates and ids. Clusters are listed least recently used first, which is also the order that
 * rebuilds the LRU.
 */
export interface MinerSnapshot {
  version: 1;
  config: MinerConfig;
  /** The creation counter, so clusters created after a restore stay younger than restored ones. */
  nextSeq: number;
  clusters: SnapshotCluster[];
}

export interface SnapshotCluster {
  id: string;
  seq: number;
  tokens: string[];
  /** The template as reported (for readers of the snapshot); recomputed from tokens on restore. */
  template?: string;
  count: number;
  route: string[];
  aliases: string[];
}

/** Every knob of the miner. One configuration serves every log source. */
export interface MinerConfig {
  /** Share of equal tokens a line needs to join a cluster (Drain's st). */
  similarityThreshold: number;
  /** Token layers under the length layer (Drain's depth minus two). */
  depth: number;
  /** Children per tree node before new tokens share the `<*>` child. */
  maxChildren: number;
  /** Live clusters kept; the least recently used is evicted past this. */
  maxClusters: number;
  /** Tokens per line; the rest of a longer line becomes one variable token. */
  maxTokens: number;
  /** Mask numbers, ids, addresses, paths… before the tree lookup. */
  mask: boolean;
  /**
   * Clusters equal but for one position merge once that many distinct values were seen there
   * (the position is a variable no mask knew); 0 turns this off.
   */
  slotMergeMinValues: number;
}

export const DEFAULT_MINER_CONFIG: Readonly<MinerConfig> = Object.freeze({
  similarityThreshold: 0.9,
  depth: 2,
  maxChildren: 100,
  maxClusters: 10_000,
  maxTokens: 128,
  mask: true,
  slotMergeMinValues: 4,
});

/** Defaults, overridden by the given options; throws naming every bad field at once. */
export function resolveConfig(
  options: Partial<MinerConfig> = {},
  base: MinerConfig = DEFAULT_MINER_CONFIG,
): MinerConfig {
  const config: MinerConfig = { ...base };
  for (const [key, value] of Object.entries(options) as [keyof MinerConfig, unknown][]) {
    if (value !== undefined) Object.assign(config, { [key]: value });
  }
  const problems: string[] = [];
  const { similarityThreshold: st, depth, maxChildren, maxClusters, maxTokens, mask } = config;
  if (typeof st !== 'number' || !(st >= 0 && st <= 1))
    problems.push('similarityThreshold must be in [0, 1]');
  if (!isIntegerAtLeast(depth, 1)) problems.push('depth must be an integer ≥ 1');
  if (!isIntegerAtLeast(maxChildren, 2)) problems.push('maxChildren must be an integer ≥ 2');
  if (!isIntegerAtLeast(maxClusters, 1)) problems.push('maxClusters must be an integer ≥ 1');
  if (!isIntegerAtLeast(maxTokens, 1)) problems.push('maxTokens must be an integer ≥ 1');
  if (typeof mask !== 'boolean') problems.push('mask must be a boolean');
  if (!isIntegerAtLeast(config.slotMergeMinValues, 0))
    problems.push('slotMergeMinValues must be an integer ≥ 0');
  if (problems.length > 0)
    throw new Error(`invalid template miner options: ${problems.join('; ')}`);
  return config;
}

/** Checks a snapshot read back from storage; throws naming what is wrong. */
export function assertSnapshot(value: unknown): asserts value is MinerSnapshot {
  const fail = (what: string): never => {
    throw new Error(`invalid template miner snapshot: ${what}`);
  };
  if (!isRecord(value)) return fail('not an object');
  if (value.version !== 1) fail(`unsupported version ${String(value.version)}`);
  if (!isRecord(value.config)) fail('config missing');
  if (!isIntegerAtLeast(value.nextSeq, 0)) fail('nextSeq must be a non-negative integer');
  if (!Array.isArray(value.clusters)) return fail('clusters must be an array');
  value.clusters.forEach((cluster: unknown, index) => {
    if (!isRecord(cluster)) return fail(`clusters[${index}] is not an object`);
    if (typeof cluster.id !== 'string' || cluster.id === '')
      fail(`clusters[${index}].id must be a string`);
    if (!isIntegerAtLeast(cluster.seq, 0)) fail(`clusters[${index}].seq must be an integer`);
    if (!isIntegerAtLeast(cluster.count, 1))
      fail(`clusters[${index}].count must be a positive integer`);
    for (const field of ['tokens', 'route', 'aliases'] as const) {
      if (!isStringArray(cluster[field]))
        fail(`clusters[${index}].${field} must be an array of strings`);
    }
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function isIntegerAtLeast(value: unknown, min: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min;
}
