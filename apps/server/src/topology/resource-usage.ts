import type { MetricPoint } from '../ingest/records';

/**
 * CPU and memory per component from OTLP metrics, as percentages. The mapping, in priority order
 * (the first with a fresh value wins):
 *
 * cpu_usage   process.cpu.utilization, container.cpu.utilization — ratios 0..1 → ×100
 *             system.cpu.utilization — only its `idle` state points (100 − idle×100) when the
 *             points carry a state, else the value itself
 * memory_usage process.memory.usage, container.memory.usage — bytes ÷ the component's latest
 *             limit (container.memory.limit, k8s.container.memory_limit, k8s.pod.memory_limit,
 *             system.memory.limit) × 100; no known limit → not used (we never guess one)
 *             system.memory.utilization — ratio; only its `used` state when the points carry one
 *
 * A metric whose unit is `%` is already a percentage. Points sharing a timestamp (one per core or
 * per device) are averaged. A value older than `staleAfterMs` behind the newest metric seen reads
 * as null, and so does a component with no data: no data is never 0 %.
 */
type Kind = 'cpu' | 'memory';
interface SourceRule {
  name: string;
  kind: Kind;
  rank: number;
  /** bytes: divide by the limit; ratio: ×100 unless the unit is % */
  scale: 'ratio' | 'bytes';
  state?: { keys: readonly string[]; value: string; invert: boolean };
}

const STATE_KEYS = ['system.cpu.state', 'cpu.mode', 'state'] as const;
const MEMORY_STATE_KEYS = ['system.memory.state', 'state'] as const;
const RULES: readonly SourceRule[] = [
  { name: 'process.cpu.utilization', kind: 'cpu', rank: 0, scale: 'ratio' },
  { name: 'container.cpu.utilization', kind: 'cpu', rank: 1, scale: 'ratio' },
  {
    name: 'system.cpu.utilization',
    kind: 'cpu',
    rank: 2,
    scale: 'ratio',
    state: { keys: STATE_KEYS, value: 'idle', invert: true },
  },
  { name: 'process.memory.usage', kind: 'memory', rank: 0, scale: 'bytes' },
  { name: 'container.memory.usage', kind: 'memory', rank: 1, scale: 'bytes' },
  {
    name: 'system.memory.utilization',
    kind: 'memory',
    rank: 2,
    scale: 'ratio',
    state: { keys: MEMORY_STATE_KEYS, value: 'used', invert: false },
  },
];
const RULE_BY_NAME = new Map(RULES.map((rule) => [rule.name, rule]));
const LIMIT_METRICS = new Set([
  'container.memory.limit',
  'k8s.container.memory_limit',
  'k8s.pod.memory_limit',
  'system.memory.limit',
]);

interface Reading {
  time: number;
  sum: number;
  n: number;
}

interface ComponentUsage {
  readings: Map<string, Reading>;
  limitBytes: number | null;
}

export interface Usage {
  cpu_usage: number | null;
  memory_usage: number | null;
}

export interface ResourceUsageTracker {
  /** Folds points; `componentOf` maps a raw component name to its node id. Returns how many were used. */
  fold(points: readonly MetricPoint[], componentOf: (name: string) => string): number;
  usage(component: string): Usage;
}

const clampPercent = (value: number): number => Math.min(100, Math.max(0, value));

function stateOf(point: MetricPoint, keys: readonly string[]): string | null {
  for (const key of keys) {
    const value = point.attributes[key];
    if (typeof value === 'string') return value;
  }
  return null;
}

export function createResourceUsageTracker(
  options: { staleAfterMs?: number; maxComponents?: number } = {},
): ResourceUsageTracker {
  const staleAfterMs = options.staleAfterMs ?? 300_000;
  const maxComponents = options.maxComponents ?? 10_000;
  const components = new Map<string, ComponentUsage>();
  let newest = 0;

  const entryFor = (id: string): ComponentUsage | null => {
    const existing = components.get(id);
    if (existing) return existing;
    if (components.size >= maxComponents) return null;
    const created: ComponentUsage = { readings: new Map(), limitBytes: null };
    components.set(id, created);
    return created;
  };

  const percentOf = (rule: SourceRule, point: MetricPoint): number | null => {
    let value = point.value;
    if (rule.state) {
      const state = stateOf(point, rule.state.keys);
      if (state !== null && state !== rule.state.value) return null;
      if (state !== null && rule.state.invert) value = (point.unit === '%' ? 100 : 1) - value;
    }
    return point.unit === '%' ? value : value * 100;
  };

  const read = (entry: ComponentUsage, kind: Kind): number | null => {
    let best: { rank: number; value: number } | null = null;
    for (const [name, reading] of entry.readings) {
      const rule = RULE_BY_NAME.get(name);
      if (!rule || rule.kind !== kind || reading.n === 0 || newest - reading.time > staleAfterMs)
        continue;
      if (best && best.rank <= rule.rank) continue;
      const mean = reading.sum / reading.n;
      if (rule.scale === 'bytes') {
        if (!entry.limitBytes) continue;
        best = { rank: rule.rank, value: (mean / entry.limitBytes) * 100 };
      } else best = { rank: rule.rank, value: mean };
    }
    return best ? clampPercent(best.value) : null;
  };

  return {
    fold(points, componentOf) {
      let used = 0;
      for (const point of points) {
        if (!Number.isFinite(point.value)) continue;
        const rule = RULE_BY_NAME.get(point.name);
        const isLimit = LIMIT_METRICS.has(point.name);
        if (!rule && !isLimit) continue;
        const entry = entryFor(componentOf(point.component));
        if (!entry) continue;
        newest = Math.max(newest, point.time);
        used += 1;
        if (isLimit) {
          if (point.value > 0) entry.limitBytes = point.value;
          continue;
        }
        if (!rule) continue;
        const value = rule.scale === 'bytes' ? point.value : percentOf(rule, point);
        if (value === null) continue;
        const reading = entry.readings.get(rule.name);
        if (!reading || point.time > reading.time)
          entry.readings.set(rule.name, { time: point.time, sum: value, n: 1 });
        else if (point.time === reading.time) {
          reading.sum += value;
          reading.n += 1;
        }
      }
      return used;
    },
    usage(component) {
      const entry = components.get(component);
      if (!entry) return { cpu_usage: null, memory_usage: null };
      return { cpu_usage: read(entry, 'cpu'), memory_usage: read(entry, 'memory') };
    },
  };
}
