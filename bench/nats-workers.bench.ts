import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createNatsBus } from '../apps/server/src/bus/nats/nats-bus';
import { DEFAULT_NATS_BUS_CONFIG } from '../apps/server/src/bus/nats/nats-bus-config';
import { deleteNatsStreams } from '../apps/server/src/bus/nats/nats-cleanup';
import type { LogBatch } from '../apps/server/src/bus/record-batch';
import { decodeOtlp } from '../apps/server/src/ingest/otlp/decode-otlp';
import type { LogRecord } from '../apps/server/src/ingest/records';
import { startVigil, type VigilProcess } from '../apps/server/src/runtime/testing/vigil-process';
import { withDefaultUser } from '../apps/server/src/store/postgres-database';
import { logsBody } from './lib/ingest-load';

/**
 * Anomaly detection throughput on NATS JetStream with 1 and 2 `vigil agent anomaly_detector`
 * processes on PostgreSQL: once the workers have shared out the partitions, the records are
 * published and the figure is records processed (detected, stored, announced and marked in the
 * ledger) per second, from the first publish until the last record is marked.
 */
const RECORDS = Number(process.env.BENCH_NATS_RECORDS ?? 60_000);
const BATCH = 1_000;
const COMPONENTS = 32;
const NATS_URL = process.env.NATS_URL ?? '127.0.0.1:4222';
const DATABASE_URL = process.env.VIGIL_TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432/test';

function batches(startMs: number): LogBatch[] {
  const out: LogBatch[] = [];
  for (let index = 0; index < RECORDS / BATCH; index += 1) {
    const decoded = decodeOtlp('logs', Buffer.from(logsBody(index, BATCH, startMs)), 'json');
    if (!decoded.ok) throw new Error(decoded.message);
    const records: LogRecord[] = decoded.records.map((record, k) => ({
      ...record,
      component: `svc-${(index * BATCH + k) % COMPONENTS}`,
    }));
    out.push({ records, receivedAt: Date.now() });
  }
  return out;
}

async function measure(workers: number): Promise<number> {
  const prefix = `b${randomBytes(5).toString('hex')}`;
  const schema = `bench_${prefix}`;
  const env = {
    NATS_URL,
    DATABASE_URL,
    VIGIL_DATABASE_SCHEMA: schema,
    VIGIL_NATS_PREFIX: prefix,
    VIGIL_API_TOKEN: '',
  };
  const pool = new pg.Pool({ connectionString: withDefaultUser(DATABASE_URL), max: 1 });
  const publisher = await createNatsBus(
    { ...DEFAULT_NATS_BUS_CONFIG, url: NATS_URL, prefix, workerId: 'bench-publisher' },
    { onHandlerError: () => undefined, onError: () => undefined },
  );
  const processes: VigilProcess[] = [];
  try {
    // The store's schema and migrations exist before the workers race for them.
    processes.push(await startVigil(['agent', 'orchestrator', '--port', '0'], env));
    processes.push(
      ...(await Promise.all(
        Array.from({ length: workers }, () =>
          startVigil(['agent', 'anomaly_detector', '--port', '0'], env),
        ),
      )),
    );
    // Two lease rounds, so the partitions are shared out before the clock starts.
    await new Promise((resolve) => setTimeout(resolve, 2 * DEFAULT_NATS_BUS_CONFIG.leaseTtlMs));
    const prepared = batches(Date.now() - 3_600_000);
    const started = performance.now();
    for (const batch of prepared)
      await publisher.publish('records.logs', batch, batch.records.length);
    for (;;) {
      const { rows } = await pool.query<{ n: string }>(
        `select count(*) as n from "${schema}".ingest_log`,
      );
      if (Number(rows[0]?.n ?? 0) >= RECORDS) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return RECORDS / ((performance.now() - started) / 1000);
  } finally {
    for (const process of processes) await process.stop();
    await publisher.close();
    await pool.query(`drop schema if exists "${schema}" cascade`);
    await pool.end();
    await deleteNatsStreams(NATS_URL, prefix);
  }
}

export async function run(): Promise<void> {
  console.log(
    `${RECORDS} log records in ${BATCH}-record batches over ${COMPONENTS} components, PostgreSQL store, ${DEFAULT_NATS_BUS_CONFIG.partitions} partitions`,
  );
  const one = await measure(1);
  console.log(`1 detector worker:  ${one.toFixed(0)} records/s`);
  const two = await measure(2);
  console.log(`2 detector workers: ${two.toFixed(0)} records/s (x${(two / one).toFixed(2)})`);
}
