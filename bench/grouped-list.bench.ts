import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createStore, type Store } from '../apps/server/src/store/create-store';
import {
  anomalyColumns,
  DAY,
  makeAnomaly,
  makeIncidentInput,
} from '../apps/server/src/store/test-factories';

export interface GroupedListBenchOptions {
  anomalies?: number;
  incidents?: number;
  queries?: number;
}

const TIME_FILTERS_MS = [null, null, 24 * 3_600_000, 7 * DAY, 30 * DAY] as const;
const PAGE_SIZES = [25, 50, 100, 250] as const;
const SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
const INCIDENTS_PER_TRANSACTION = 1_000;

/** Deterministic, so runs compare. */
function createRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const pick = <T>(items: readonly T[], random: () => number): T =>
  items[Math.floor(random() * items.length)] as T;

function percentile(sorted: number[], p: number): number {
  return (
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
  );
}

/** Ten events per incident: the first primary, the rest suppressed bar the odd later primary. */
async function fill(
  store: Store,
  anomalies: number,
  incidents: number,
  now: number,
  random: () => number,
) {
  const perIncident = anomalies / incidents;
  for (let start = 0; start < incidents; start += INCIDENTS_PER_TRANSACTION) {
    const count = Math.min(INCIDENTS_PER_TRANSACTION, incidents - start);
    await store.transaction(async (tx) => {
      const items = [];
      for (let i = 0; i < count; i += 1) {
        const openedAt = now - Math.floor(random() * 90 * DAY);
        const incident = await tx.incidents.create(makeIncidentInput({ openedAt }));
        for (let e = 0; e < perIncident; e += 1) {
          const eventTime = openedAt + e * 10_000;
          const isPrimary = e === 0 || random() < 0.05;
          const full = makeAnomaly({ incidentId: incident.id, isPrimary, eventTime, severity: pick(SEVERITIES, random) });
          // Analysis attaches to an incident's primary events; suppressed ones are stored bare.
          const anomaly = isPrimary ? full : { ...full, rca_data: null, remediation_data: null, traceability_data: null };
          items.push({ anomaly, columns: anomalyColumns(eventTime) });
        }
      }
      await tx.anomalies.insertMany(items);
    });
  }
}

async function measure(
  store: Store,
  queries: number,
  incidents: number,
  now: number,
  random: () => number,
) {
  const timings: number[] = [];
  for (let q = 0; q < queries; q += 1) {
    const pageSize = pick(PAGE_SIZES, random);
    const window = pick(TIME_FILTERS_MS, random);
    const page = 1 + Math.floor(random() * Math.ceil(incidents / pageSize));
    const started = performance.now();
    await store.anomalies.listIncidentStacks({
      sinceMs: window === null ? null : now - window,
      page,
      pageSize,
      includeSuppressed: random() < 0.5,
    });
    timings.push(performance.now() - started);
  }
  return timings.sort((a, b) => a - b);
}

/** Fills a SQLite store with 1,000,000 anomalies in 100,000 incidents and times the grouped list. */
export async function run(options: GroupedListBenchOptions = {}): Promise<void> {
  const anomalies = options.anomalies ?? 1_000_000;
  const incidents = options.incidents ?? 100_000;
  const queries = options.queries ?? 500;
  const dataDir = await mkdtemp(join(tmpdir(), 'vigil-bench-'));
  const random = createRandom(42);
  const now = Date.now();
  const store = await createStore({ kind: 'sqlite', dataDir });
  try {
    const fillStarted = performance.now();
    await fill(store, anomalies, incidents, now, random);
    const fillSeconds = (performance.now() - fillStarted) / 1_000;
    const { size } = await stat(join(dataDir, 'vigil.db'));
    console.log(
      `grouped-list fill: ${anomalies} anomalies in ${incidents} incidents, ${fillSeconds.toFixed(1)} s, ${(size / 1e6).toFixed(0)} MB`,
    );
    await measure(store, 50, incidents, now, random);
    const timings = await measure(store, queries, incidents, now, random);
    console.log(
      `grouped-list queries: ${timings.length} random pages (sizes 25-250, filters all/24h/7d/30d)`,
    );
    console.log(`grouped-list p50: ${percentile(timings, 50).toFixed(1)} ms`);
    console.log(`grouped-list p95: ${percentile(timings, 95).toFixed(1)} ms`);
    console.log(`grouped-list max: ${(timings.at(-1) ?? Number.NaN).toFixed(1)} ms`);
  } finally {
    await store.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
