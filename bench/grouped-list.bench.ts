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

/** The first event is primary, the rest suppressed bar the odd later primary. */
function incidentEvents(incidentId: number, openedAt: number, count: number, random: () => number) {
  return Array.from({ length: count }, (_, e) => {
    const eventTime = openedAt + e * 10_000;
    const isPrimary = e === 0 || random() < 0.05;
    const severity = pick(SEVERITIES, random);
    const full = makeAnomaly({ incidentId, isPrimary, eventTime, severity });
    // Analysis attaches to an incident's primary events; suppressed ones are stored bare.
    const anomaly = isPrimary
      ? full
      : { ...full, rca_data: null, remediation_data: null, traceability_data: null };
    return { anomaly, columns: anomalyColumns(eventTime) };
  });
}

/** Incidents opened at random over the last 90 days; one transaction per 1,000 (~10k anomalies). */
async function fill(
  store: Store,
  anomalies: number,
  incidents: number,
  now: number,
  random: () => number,
) {
  const perIncident = Math.round(anomalies / incidents);
  for (let start = 0; start < incidents; start += INCIDENTS_PER_TRANSACTION) {
    const count = Math.min(INCIDENTS_PER_TRANSACTION, incidents - start);
    await store.transaction(async (tx) => {
      const items = [];
      for (let i = 0; i < count; i += 1) {
        const openedAt = now - Math.floor(random() * 90 * DAY);
        const incident = await tx.incidents.create(makeIncidentInput({ openedAt }));
        items.push(...incidentEvents(incident.id, openedAt, perIncident, random));
      }
      await tx.anomalies.insertMany(items);
    });
  }
}

/** Random pages within each filter's real result, so no query is a cheap page past the end. */
async function measure(store: Store, queries: number, now: number, random: () => number) {
  const totals = new Map<string, number>();
  const totalFor = async (sinceMs: number | null, includeSuppressed: boolean) => {
    const key = `${sinceMs}:${includeSuppressed}`;
    const known = totals.get(key);
    if (known !== undefined) return known;
    const query = { sinceMs, page: 1, pageSize: 1, includeSuppressed };
    const { total } = await store.anomalies.listIncidentStacks(query);
    totals.set(key, total);
    return total;
  };
  const timings: number[] = [];
  for (let q = 0; q < queries; q += 1) {
    const window = pick(TIME_FILTERS_MS, random);
    const sinceMs = window === null ? null : now - window;
    const includeSuppressed = random() < 0.5;
    const pageSize = pick(PAGE_SIZES, random);
    const pages = Math.max(1, Math.ceil((await totalFor(sinceMs, includeSuppressed)) / pageSize));
    const page = 1 + Math.floor(random() * pages);
    const started = performance.now();
    await store.anomalies.listIncidentStacks({ sinceMs, page, pageSize, includeSuppressed });
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
    await measure(store, 50, now, random);
    const timings = await measure(store, queries, now, random);
    console.log(
      `grouped-list queries: ${timings.length} random pages within each result (sizes 25-250, all/24h/7d/30d)`,
    );
    console.log(`grouped-list p50: ${percentile(timings, 50).toFixed(1)} ms`);
    console.log(`grouped-list p95: ${percentile(timings, 95).toFixed(1)} ms`);
    console.log(`grouped-list max: ${(timings.at(-1) ?? Number.NaN).toFixed(1)} ms`);
  } finally {
    await store.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
