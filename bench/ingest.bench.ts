import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { createApp } from '../apps/server/src/app';
import type { LoadRequest, LoadResult } from './lib/ingest-load';

/**
 * OTLP JSON over real HTTP → decode → template mining → ensemble detection → anomalies stored.
 * The client runs in a worker thread; prints sustained records/s (bus drained, every anomaly
 * written) and the server process's peak RSS.
 */
const TOTAL_RECORDS = Number(process.env.BENCH_INGEST_RECORDS ?? 300_000);

function runLoad(request: LoadRequest): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./lib/ingest-load-worker.mjs', import.meta.url), {
      workerData: request,
    });
    worker.once('message', (message: LoadResult | { error: string }) => {
      void worker.terminate();
      if ('error' in message) reject(new Error(message.error));
      else resolve(message);
    });
    worker.once('error', reject);
  });
}

export async function run(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'vigil-bench-ingest-'));
  const app = await createApp({
    store: { kind: 'sqlite', dataDir },
    bindHost: '127.0.0.1',
    apiToken: null,
    allowedHosts: [],
    webDistDir: null,
  });
  const base = await app.http.listen({ host: '127.0.0.1', port: 0 });
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
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
}
