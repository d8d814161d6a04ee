import { startBenchServer } from './lib/bench-server';
import { logsBody } from './lib/ingest-load';

/**
 * Log in → incident visible: a failure line is posted over OTLP among normal traffic, and the clock
 * stops when `GET /api/anomalies` shows it grouped into an incident. Prints p50/p95 over the rounds.
 */
const ROUNDS = 40;

interface AnomalyRow {
  description: string;
  orchestrator_data: { incident_id: number } | null;
}

function failureBody(round: number, timeMs: number): string {
  return JSON.stringify({
    resourceLogs: [
      {
        resource: {
          attributes: [{ key: 'service.name', value: { stringValue: `storage-${round % 5}` } }],
        },
        scopeLogs: [
          {
            logRecords: [
              {
                timeUnixNano: `${timeMs}000000`,
                severityNumber: 21,
                body: {
                  stringValue: `FATAL volume vol-${round} failed: I/O error, filesystem remounted read-only`,
                },
              },
            ],
          },
        ],
      },
    ],
  });
}

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

export async function run(): Promise<void> {
  const server = await startBenchServer('latency');
  const { app, base } = server;
  const post = (body: string) =>
    fetch(`${base}/v1/logs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    }).then((r) => r.arrayBuffer());
  const start = Date.now() - 600_000 - 20 * 500;
  for (let i = 0; i < 20; i += 1) await post(logsBody(i, 500, start));
  await app.bus.drain();

  const latencies: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    // logsBody stamps record i at startMs + i (ms): place this batch just before now.
    const batchIndex = 100 + round;
    await post(logsBody(batchIndex, 500, Date.now() - 1_000 - (batchIndex + 1) * 500));
    const marker = `vol-${round} failed`;
    const sent = performance.now();
    await post(failureBody(round, Date.now()));
    for (;;) {
      const page = (await (await fetch(`${base}/api/anomalies?page_size=25`)).json()) as {
        data: { anomalies: AnomalyRow[] };
      };
      const hit = page.data.anomalies.find((a) => a.description.includes(marker));
      if (hit?.orchestrator_data) break;
      if (performance.now() - sent > 10_000)
        throw new Error(`round ${round}: no incident after 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    latencies.push(performance.now() - sent);
  }
  latencies.sort((a, b) => a - b);
  console.log(
    `incident-latency: log in → incident visible over ${ROUNDS} rounds among 500-record batches`,
  );
  console.log(
    `incident-latency p50: ${percentile(latencies, 50).toFixed(1)} ms, p95: ${percentile(latencies, 95).toFixed(1)} ms, max: ${(latencies.at(-1) ?? NaN).toFixed(1)} ms`,
  );
  await server.stop();
}
