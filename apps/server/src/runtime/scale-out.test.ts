import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteNatsStreams } from '../bus/nats/nats-cleanup';
import { TEST_NATS_URL, uniqueNatsPrefix } from '../bus/nats/nats-test-config';
import { withDefaultUser } from '../store/postgres-database';
import { otlpLogs, postLogs } from './testing/otlp-logs';
import { startVigil, type VigilProcess } from './testing/vigil-process';

const DATABASE_URL = process.env.VIGIL_TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432/test';
const COMPONENTS = ['orders-db', 'payments', 'checkout', 'catalog', 'shipping', 'auth'];
const REQUESTS_PER_COMPONENT = 8;
const LINES_PER_REQUEST = 40;

async function until<T>(
  probe: () => Promise<T | null>,
  what: string,
  timeoutMs = 90_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Normal traffic with an error of its own now and then, so the detector finds anomalies. */
function request(component: string, index: number, startMs: number): string {
  const lines = Array.from({ length: LINES_PER_REQUEST }, (_, i) => {
    const n = index * LINES_PER_REQUEST + i;
    return index > 2 && i === 0
      ? { body: `ERROR ${component} connection refused by upstream pool ${n}`, severity: 17 }
      : { body: `handled request ${n} for ${component} in ${(n * 7) % 90} ms`, severity: 9 };
  });
  return otlpLogs(component, lines, startMs + index * LINES_PER_REQUEST * 10);
}

describe.skipIf(DATABASE_URL === 'none')('scale-out on NATS JetStream and PostgreSQL', () => {
  const prefix = uniqueNatsPrefix();
  const schema = `scaleout_${randomBytes(5).toString('hex')}`;
  const env: NodeJS.ProcessEnv = {
    NATS_URL: TEST_NATS_URL,
    DATABASE_URL,
    VIGIL_DATABASE_SCHEMA: schema,
    VIGIL_NATS_PREFIX: prefix,
    VIGIL_NATS_PARTITIONS: '4',
    VIGIL_NATS_ACK_WAIT_MS: '3000',
    VIGIL_NATS_LEASE_TTL_MS: '1500',
    VIGIL_API_TOKEN: '',
  };
  const pool = new pg.Pool({ connectionString: withDefaultUser(DATABASE_URL), max: 2 });
  const processes: VigilProcess[] = [];
  const count = async (sql: string): Promise<number> =>
    Number((await pool.query<{ n: string }>(sql.replaceAll('$s', `"${schema}"`))).rows[0]?.n ?? 0);

  beforeAll(async () => {
    // The API process first: it creates the schema, the streams and runs the migrations.
    processes.push(
      await startVigil(['serve', '--port', '0'], { ...env, VIGIL_WEB_DIST: '/nonexistent' }),
    );
  }, 120_000);

  afterAll(async () => {
    for (const process of processes) await process.kill();
    await pool.query(`drop schema if exists "${schema}" cascade`);
    await pool.end();
    await deleteNatsStreams(TEST_NATS_URL, prefix);
  }, 60_000);

  it('processes every accepted record once although a detector worker is killed mid-stream', async () => {
    const api = processes[0];
    if (!api) throw new Error('the API process did not start');
    const agentArgs = (name: string) => ['agent', name, '--port', '0'];
    const [detectorA, detectorB, orchestrator] = await Promise.all([
      startVigil(agentArgs('anomaly_detector'), env),
      startVigil(agentArgs('anomaly_detector'), env),
      startVigil(agentArgs('orchestrator'), env),
    ]);
    if (!detectorA || !detectorB || !orchestrator) throw new Error('an agent did not start');
    processes.push(detectorA, detectorB, orchestrator);

    const agents = async () =>
      (
        (await (await fetch(`${api.url}/api/agents`)).json()) as {
          data: Record<string, { status: string; workers: { id: string; status: string }[] }>;
        }
      ).data;
    await until(
      async () => ((await agents()).anomaly_detector?.workers.length === 2 ? true : null),
      'two detector workers',
    );
    const seen = await agents();
    expect(seen.orchestrator?.workers).toHaveLength(1);
    expect(seen.anomaly_detector?.status).toBe('healthy');

    const startMs = Date.now() - 3_600_000;
    let accepted = 0;
    let sent = 0;
    for (let index = 0; index < REQUESTS_PER_COMPONENT; index += 1) {
      for (const component of COMPONENTS) {
        const status = await postLogs(api.url, request(component, index, startMs));
        if (status === 200) accepted += LINES_PER_REQUEST;
        sent += 1;
        // Mid-stream, while it holds partitions and unacknowledged batches.
        if (sent === 16) await detectorA.kill();
      }
    }
    expect(accepted).toBe(COMPONENTS.length * REQUESTS_PER_COMPONENT * LINES_PER_REQUEST);

    // Every accepted record reaches the detector's ledger (after the survivor takes over)...
    await until(
      async () =>
        (await count('select count(*) as n from $s.ingest_log')) === accepted ? true : null,
      'every accepted record processed',
    );
    // ...and every anomaly found reaches an incident.
    const anomalies = await until(async () => {
      const total = await count('select count(*) as n from $s.anomalies');
      const unplaced = await count(
        'select count(*) as n from $s.anomalies where incident_id is null',
      );
      return total > 0 && unplaced === 0 ? total : null;
    }, 'every anomaly placed in an incident');

    // None twice: an anomaly id is derived from its record id, each counted by exactly one incident.
    expect(await count('select count(distinct id) as n from $s.anomalies')).toBe(anomalies);
    expect(await count('select coalesce(sum(count_total), 0) as n from $s.incidents')).toBe(
      anomalies,
    );
    expect(await count('select count(*) as n from $s.incidents where count_total = 0')).toBe(0);
    const components = await count('select count(distinct component) as n from $s.anomalies');
    expect(components).toBe(COMPONENTS.length);

    const survivor = (await agents()).anomaly_detector?.workers.find((worker) =>
      worker.id.endsWith(`:${detectorB.child.pid}`),
    );
    expect(survivor?.status).toBe('healthy');
  }, 240_000);
});
