import { parentPort, workerData } from 'node:worker_threads';
import { logsBody } from './ingest-load';

/** An open-loop sender: a fixed rate, whatever the server answers (as collectors do). */
export interface SoakRequest {
  base: string;
  /** Phases run one after the other. */
  /**
   * `prebuilt`: send from a few bodies built up front, so the client's own JSON work does not cap
   * the offered load (the records repeat, which the server absorbs by record id).
   */
  phases: { name: string; recordsPerSecond: number; seconds: number; prebuilt?: boolean }[];
  batch: number;
  /** Requests in flight at most; past it a tick's requests are counted as dropped by the client. */
  maxInFlight: number;
  startMs: number;
}

export interface SoakTick {
  phase: string;
  second: number;
  accepted: number;
  throttled: number;
  failed: number;
  clientDropped: number;
}

async function soak(request: SoakRequest, report: (tick: SoakTick) => void): Promise<void> {
  let batchIndex = 0;
  let inFlight = 0;
  const prebuilt = Array.from({ length: 32 }, (_, i) =>
    logsBody(1_000_000 + i, request.batch, request.startMs),
  );
  for (const phase of request.phases) {
    const perTick = Math.max(1, Math.round(phase.recordsPerSecond / request.batch / 10));
    for (let second = 0; second < phase.seconds; second += 1) {
      const tick: SoakTick = {
        phase: phase.name,
        second,
        accepted: 0,
        throttled: 0,
        failed: 0,
        clientDropped: 0,
      };
      const pending: Promise<void>[] = [];
      for (let step = 0; step < 10; step += 1) {
        const due = performance.now() + 100;
        for (let k = 0; k < perTick; k += 1) {
          if (inFlight >= request.maxInFlight) {
            tick.clientDropped += request.batch;
            continue;
          }
          inFlight += 1;
          const body = phase.prebuilt
            ? (prebuilt[batchIndex++ % prebuilt.length] ?? '')
            : logsBody(batchIndex++, request.batch, request.startMs);
          pending.push(
            fetch(`${request.base}/v1/logs`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body,
            })
              .then(async (response) => {
                await response.arrayBuffer();
                if (response.status === 200) tick.accepted += request.batch;
                else if (response.status === 429) tick.throttled += request.batch;
                else tick.failed += request.batch;
              })
              .catch(() => {
                tick.failed += request.batch;
              })
              .finally(() => {
                inFlight -= 1;
              }),
          );
        }
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      }
      // Answers that arrive later still count for the second they were sent in.
      void Promise.all(pending).then(() => report(tick));
    }
  }
  while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 50));
}

if (parentPort && workerData) {
  const port = parentPort;
  soak(workerData as SoakRequest, (tick) => port.postMessage({ tick })).then(
    () => port.postMessage({ done: true }),
    (error: unknown) => port.postMessage({ error: String(error) }),
  );
}
