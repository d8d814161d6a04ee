import { runLoadWorker, startBenchServer } from './lib/bench-server';
import type { SoakRequest, SoakTick } from './lib/soak-load';

/**
 * A soak on the embedded store: 10,000 records/s offered for BENCH_SOAK_SECONDS (default 60;
 * BENCH_SOAK_SECONDS=600 is the 10-minute run), then a burst at ten times the rate to show ingest
 * answering 429 beyond capacity (a queue bound of BENCH_SOAK_MAX_QUEUED records, default 20,000). Prints memory every 10 s, peak RSS and heap, and whether memory
 * stayed flat (the last third's peak against the first third's).
 */
const RATE = Number(process.env.BENCH_SOAK_RATE ?? 10_000);
const SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 60);
const BURST_SECONDS = 10;
const BURST_FACTOR = 10;
const BATCH = 500;
/** The ingest queue bound: past it OTLP answers 429 (the server default is 200,000). */
const MAX_QUEUED = Number(process.env.BENCH_SOAK_MAX_QUEUED ?? 20_000);

interface Sample {
  second: number;
  rss: number;
  heap: number;
}

const mib = (bytes: number): string => `${(bytes / 1_048_576).toFixed(0)} MiB`;

export async function run(): Promise<void> {
  const server = await startBenchServer('soak', {
    architectureFile: null,
    maxQueuedRecords: MAX_QUEUED,
  });
  const { app, base } = server;
  const samples: Sample[] = [];
  const started = performance.now();
  const sampler = setInterval(() => {
    const memory = process.memoryUsage();
    samples.push({
      second: (performance.now() - started) / 1000,
      rss: memory.rss,
      heap: memory.heapUsed,
    });
  }, 250);
  const totals = new Map<
    string,
    { accepted: number; throttled: number; failed: number; dropped: number }
  >();
  const request: SoakRequest = {
    base,
    phases: [
      { name: 'steady', recordsPerSecond: RATE, seconds: SECONDS },
      {
        name: 'burst',
        recordsPerSecond: RATE * BURST_FACTOR,
        seconds: BURST_SECONDS,
        prebuilt: true,
      },
    ],
    batch: BATCH,
    maxInFlight: 256,
    startMs: Date.now() - 7_200_000,
  };
  let lastPrinted = 0;
  await runLoadWorker<{ tick?: SoakTick; done?: boolean; error?: string }>(
    new URL('./lib/soak-load-worker.mjs', import.meta.url),
    request,
    (message) => {
      if (message.tick) {
        const total = totals.get(message.tick.phase) ?? {
          accepted: 0,
          throttled: 0,
          failed: 0,
          dropped: 0,
        };
        total.accepted += message.tick.accepted;
        total.throttled += message.tick.throttled;
        total.failed += message.tick.failed;
        total.dropped += message.tick.clientDropped;
        totals.set(message.tick.phase, total);
        const now = (performance.now() - started) / 1000;
        if (now - lastPrinted >= 10) {
          lastPrinted = now;
          const memory = process.memoryUsage();
          console.log(
            `${now.toFixed(0).padStart(4)} s  ${message.tick.phase}: rss ${mib(memory.rss)}, heap ${mib(memory.heapUsed)}, queue ${app.bus.depth('records.logs')} records`,
          );
        }
      }
      return message.done ? 'done' : 'more';
    },
  );
  await app.bus.drain();
  clearInterval(sampler);
  const elapsed = (performance.now() - started) / 1000;
  const peak = (from: number, to: number, key: 'rss' | 'heap') =>
    Math.max(0, ...samples.filter((s) => s.second >= from && s.second < to).map((s) => s[key]));
  for (const [phase, total] of totals) {
    const seconds = phase === 'steady' ? SECONDS : BURST_SECONDS;
    console.log(
      `${phase}: offered ${((phase === 'steady' ? RATE : RATE * BURST_FACTOR) / 1000).toFixed(0)}k records/s for ${seconds} s; accepted ${(total.accepted / seconds).toFixed(0)} records/s; 429 for ${total.throttled} records; errors ${total.failed}; not sent (client at ${request.maxInFlight} in flight) ${total.dropped}`,
    );
  }
  console.log(
    `peak memory: rss ${mib(peak(0, elapsed + 1, 'rss'))}, heap ${mib(peak(0, elapsed + 1, 'heap'))} (server and client threads, ${elapsed.toFixed(0)} s)`,
  );
  console.log(
    `steady-state flatness: heap peak in the first third ${mib(peak(0, SECONDS / 3, 'heap'))}, in the last third ${mib(peak((2 * SECONDS) / 3, SECONDS, 'heap'))}`,
  );
  await server.stop();
}
