import { runLoadWorker, startBenchServer } from './lib/bench-server';
import type { LoadRequest, LoadResult } from './lib/ingest-load';

/**
 * OTLP JSON over real HTTP → decode → template mining → ensemble detection → anomalies stored.
 * The client runs in a worker thread; prints sustained records/s (bus drained, every anomaly
 * written) and the server process's peak RSS.
 */
const TOTAL_RECORDS = Number(process.env.BENCH_INGEST_RECORDS ?? 300_000);

const runLoad = (request: LoadRequest): Promise<LoadResult> =>
  runLoadWorker<LoadResult & { error?: string }>(
    new URL('./lib/ingest-load-worker.mjs', import.meta.url),
    request,
    () => 'done',
  );

export async function run(): Promise<void> {
  const server = await startBenchServer('ingest');
  const { app, base } = server;
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
  const started = performance.now();
  const load = await runLoad({
    base,
    totalRecords: TOTAL_RECORDS,
    batch: 1_000,
    concurrency: 4,
    startMs: Date.now() - 3_600_000,
  });
  await app.bus.drain();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const stored = await app.store.anomalies.countSince(0);
  console.log(
    `ingest records: ${load.records} in ${load.requests} OTLP JSON requests (4 concurrent, client in a worker thread)`,
  );
  console.log(
    `ingest → detection → stored: ${(load.records / seconds).toFixed(0)} records/s sustained`,
  );
  console.log(`anomalies stored: ${stored}; 429 answers retried: ${load.retries}`);
  console.log(`peak RSS (server + client threads): ${(peakRss / 1_048_576).toFixed(0)} MiB`);
  await server.stop();
}
