import { parentPort, workerData } from 'node:worker_threads';

/**
 * The load generator for the ingest benchmark, run in its own thread so the client's JSON and
 * HTTP work does not share the server's event loop (a real collector runs elsewhere).
 */
export interface LoadRequest {
  base: string;
  totalRecords: number;
  batch: number;
  concurrency: number;
  startMs: number;
}

export interface LoadResult {
  requests: number;
  records: number;
  retries: number;
  elapsedMs: number;
}

const SERVICES = [
  'checkout',
  'payments',
  'orders',
  'inventory',
  'gateway',
  'auth',
  'search',
  'cart',
];

function line(i: number): { body: string; severity: number } {
  const n = (i * 2_654_435_761) >>> 0;
  switch (n % 10) {
    case 0:
      return { body: `GET /api/orders/${n % 100_000} 200 in ${n % 300} ms`, severity: 9 };
    case 1:
      return {
        body: `user ${n % 5_000} added item ${n % 977} to cart ${n.toString(16)}`,
        severity: 9,
      };
    case 2:
      return { body: `cache hit ratio ${(n % 100) / 100} for region eu-${n % 4}`, severity: 5 };
    case 3:
      return {
        body: `processed batch ${n % 10_000} with ${n % 500} records in ${n % 90} ms`,
        severity: 9,
      };
    case 4:
      return {
        body: `connection from 10.${n % 255}.${(n >> 8) % 255}.${(n >> 16) % 255}:${n % 65_535} accepted`,
        severity: 9,
      };
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

export function logsBody(batchIndex: number, batch: number, startMs: number): string {
  const service = SERVICES[batchIndex % SERVICES.length] ?? 'unknown';
  const logRecords = Array.from({ length: batch }, (_, k) => {
    const i = batchIndex * batch + k;
    const { body, severity } = line(i);
    return {
      timeUnixNano: `${startMs + i}000000`,
      severityNumber: severity,
      body: { stringValue: body },
    };
  });
  return JSON.stringify({
    resourceLogs: [
      {
        resource: { attributes: [{ key: 'service.name', value: { stringValue: service } }] },
        scopeLogs: [{ logRecords }],
      },
    ],
  });
}

async function send(request: LoadRequest): Promise<LoadResult> {
  const batches = Math.ceil(request.totalRecords / request.batch);
  let next = 0;
  let retries = 0;
  const started = performance.now();
  const worker = async (): Promise<void> => {
    while (next < batches) {
      const payload = logsBody(next++, request.batch, request.startMs);
      for (;;) {
        const response = await fetch(`${request.base}/v1/logs`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: payload,
        });
        await response.arrayBuffer();
        if (response.status === 200) break;
        if (response.status !== 429) throw new Error(`ingest answered ${response.status}`);
        retries += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  };
  await Promise.all(Array.from({ length: request.concurrency }, worker));
  return {
    requests: batches,
    records: batches * request.batch,
    retries,
    elapsedMs: performance.now() - started,
  };
}

if (parentPort && workerData) {
  const port = parentPort;
  send(workerData as LoadRequest).then(
    (result) => port.postMessage(result),
    (error: unknown) => port.postMessage({ error: String(error) }),
  );
}
