import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../apps/server/src/app';

/**
 * OTLP JSON over real HTTP → decode → template mining → ensemble detection → anomalies stored.
 * Prints sustained records/s end to end (the bus drained, every anomaly written) and peak RSS.
 */
const TOTAL_RECORDS = Number(process.env.BENCH_INGEST_RECORDS ?? 300_000);
const BATCH = 1_000;
const CONCURRENCY = 4;
const SERVICES = ['checkout', 'payments', 'orders', 'inventory', 'gateway', 'auth', 'search', 'cart'];

function line(i: number): { body: string; severity: number } {
  const n = (i * 2_654_435_761) >>> 0;
  switch (n % 10) {
    case 0:
      return { body: `GET /api/orders/${n % 100_000} 200 in ${n % 300} ms`, severity: 9 };
    case 1:
      return { body: `user ${n % 5_000} added item ${n % 977} to cart ${n.toString(16)}`, severity: 9 };
    case 2:
      return { body: `cache hit ratio ${(n % 100) / 100} for region eu-${n % 4}`, severity: 5 };
    case 3:
      return { body: `processed batch ${n % 10_000} with ${n % 500} records in ${n % 90} ms`, severity: 9 };
    case 4:
      return { body: `connection from 10.${n % 255}.${(n >> 8) % 255}.${(n >> 16) % 255}:${n % 65_535} accepted`, severity: 9 };
    case 5:
      return { body: `scheduled job ${n % 40} finished, next run in ${n % 60} s`, severity: 9 };
    case 6:
      return { body: `request ${n.toString(16)} routed to backend-${n % 12}`, severity: 5 };
    case 7:
      return { body: `slow query on table t_${n % 30} took ${n % 5_000} ms`, severity: 13 };
    case 8:
      return { body: `token refreshed for session ${n.toString(36)}`, severity: 9 };
    default:
      return n % 97 === 0
        ? { body: `ERROR upstream timeout calling payments after ${n % 30_000} ms`, severity: 17 }
        : { body: `health check ok in ${n % 20} ms`, severity: 5 };
  }
}

function body(batchIndex: number, startMs: number): string {
  const service = SERVICES[batchIndex % SERVICES.length] ?? 'unknown';
  const logRecords = Array.from({ length: BATCH }, (_, k) => {
    const i = batchIndex * BATCH + k;
    const { body: text, severity } = line(i);
    return {
      timeUnixNano: `${startMs + i}000000`,
      severityNumber: severity,
      body: { stringValue: text },
    };
  });
  return JSON.stringify({
    resourceLogs: [{ resource: { attributes: [{ key: 'service.name', value: { stringValue: service } }] }, scopeLogs: [{ logRecords }] }],
  });
}

export async function run(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'vigil-bench-ingest-'));
  const app = await createApp({ store: { kind: 'sqlite', dataDir }, bindHost: '127.0.0.1', apiToken: null, allowedHosts: [], webDistDir: null });
  const base = await app.http.listen({ host: '127.0.0.1', port: 0 });
  const batches = Math.ceil(TOTAL_RECORDS / BATCH);
  const bodies = Array.from({ length: batches }, (_, i) => body(i, Date.now() - 3_600_000));
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
  let retries = 0;
  let next = 0;
  const started = performance.now();
  const worker = async (): Promise<void> => {
    while (next < batches) {
      const payload = bodies[next++] ?? '';
      for (;;) {
        const response = await fetch(`${base}/v1/logs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: payload });
        await response.arrayBuffer();
        if (response.status === 200) break;
        if (response.status !== 429) throw new Error(`ingest answered ${response.status}`);
        retries += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const accepted = performance.now();
  await app.bus.drain();
  const done = performance.now();
  clearInterval(sampler);
  const stored = await app.store.anomalies.countSince(0);
  const seconds = (done - started) / 1000;
  console.log(`ingest records: ${batches * BATCH} in ${batches} requests of ${BATCH} (OTLP JSON, ${CONCURRENCY} concurrent)`);
  console.log(`ingest accepted: ${((batches * BATCH) / ((accepted - started) / 1000)).toFixed(0)} records/s (answered 200)`);
  console.log(`ingest → detection → stored: ${((batches * BATCH) / seconds).toFixed(0)} records/s sustained`);
  console.log(`anomalies stored: ${stored} (${((stored / (batches * BATCH)) * 100).toFixed(2)}% of records); 429 retries: ${retries}`);
  console.log(`peak RSS: ${(peakRss / 1_048_576).toFixed(0)} MiB`);
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
}
