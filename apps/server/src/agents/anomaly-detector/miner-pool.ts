import type { TemplateRecord } from '../../store/templates-repository';
import {
  createTemplateMiner,
  restoreTemplateMiner,
  type TemplateMiner,
} from './template-miner/template-miner';
import {
  DEFAULT_MINER_CONFIG,
  type MinerSnapshot,
  type SnapshotCluster,
} from './template-miner/snapshot';

/**
 * One template miner per component: the same words mean different things in different services,
 * and a per-component tree stays small. Components past the cap evict the least recently used.
 */
export interface MinerPool {
  minerFor(component: string): TemplateMiner;
  /** Template rows for every component mined since the last call, for the store. */
  takeDirty(nowMs: number): TemplateRecord[];
  restore(rows: readonly TemplateRecord[]): void;
  readonly components: number;
}

const ROW_ID_SEPARATOR = ':';

export function createMinerPool(maxComponents = 2_000): MinerPool {
  const miners = new Map<string, TemplateMiner>();
  const dirty = new Set<string>();

  const minerFor = (component: string): TemplateMiner => {
    let miner = miners.get(component);
    if (miner) {
      miners.delete(component);
    } else {
      miner = createTemplateMiner();
      if (miners.size >= maxComponents) {
        const oldest = miners.keys().next().value;
        if (oldest !== undefined) miners.delete(oldest);
      }
    }
    miners.set(component, miner);
    dirty.add(component);
    return miner;
  };

  return {
    minerFor,
    takeDirty(nowMs) {
      const rows: TemplateRecord[] = [];
      for (const component of dirty) {
        const miner = miners.get(component);
        if (!miner) continue;
        for (const cluster of miner.snapshot().clusters)
          rows.push(toRow(component, cluster, nowMs));
      }
      dirty.clear();
      return rows;
    },
    restore(rows) {
      const byComponent = new Map<string, SnapshotCluster[]>();
      for (const row of rows) {
        const cluster = row.extras.cluster as SnapshotCluster | undefined;
        if (!cluster) continue;
        const list = byComponent.get(row.component) ?? [];
        list.push({ ...cluster, count: Math.max(cluster.count, row.count) });
        byComponent.set(row.component, list);
      }
      for (const [component, clusters] of byComponent) {
        const snapshot: MinerSnapshot = {
          version: 1,
          config: { ...DEFAULT_MINER_CONFIG },
          nextSeq: clusters.reduce((max, cluster) => Math.max(max, cluster.seq + 1), 0),
          clusters: clusters.sort((a, b) => a.seq - b.seq),
        };
        miners.set(component, restoreTemplateMiner(snapshot));
      }
    },
    get components() {
      return miners.size;
    },
  };
}

function toRow(component: string, cluster: SnapshotCluster, nowMs: number): TemplateRecord {
  return {
    id: `${component}${ROW_ID_SEPARATOR}${cluster.id}`,
    component,
    template: cluster.template ?? cluster.tokens.join(' '),
    count: cluster.count,
    firstSeen: nowMs,
    lastSeen: nowMs,
    extras: { cluster: { ...cluster } },
  };
}
