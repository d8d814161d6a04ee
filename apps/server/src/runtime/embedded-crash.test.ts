import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeOtlp } from '../ingest/otlp/decode-otlp';
import { SQLITE_FILE_NAME } from '../store/sqlite-database';
import { otlpLogs, postLogs } from './testing/otlp-logs';
import { launchVigil, type LaunchedVigil } from './testing/vigil-process';

/** Kills per phase; `VIGIL_CRASH_KILLS=100` runs a longer harness. */
const KILLS_PER_PHASE = Math.max(10, Number(process.env.VIGIL_CRASH_KILLS ?? 20) / 2);
const LINES_PER_REQUEST = 25;
const ENV = { VIGIL_WEB_DIST: '/nonexistent', VIGIL_API_TOKEN: '' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const serveArgs = (dataDir: string) => ['serve', '--port', '0', '--data-dir', dataDir];

/** Ids the server gives these records: computed by the same decoder the OTLP route runs. */
function idsOf(body: string): string[] {
  const decoded = decodeOtlp('logs', Buffer.from(body), 'json');
  if (!decoded.ok) throw new Error(decoded.message);
  return decoded.records.map((record) => record.id);
}

function processedIds(dataDir: string): Set<string> {
  const db = new SqliteDatabase(join(dataDir, SQLITE_FILE_NAME), {
    readonly: true,
    fileMustExist: true,
  });
  try {
    return new Set(db.prepare('select id from ingest_log').pluck().all() as string[]);
  } finally {
    db.close();
  }
}

async function eventually(check: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** Starts and waits for the URL, noting how long the restart took to answer. */
async function restart(
  dataDir: string,
  readyTimes: number[],
): Promise<{ server: LaunchedVigil; url: string }> {
  const started = Date.now();
  const server = launchVigil(serveArgs(dataDir), ENV);
  const url = await server.listening;
  const health = await fetch(`${url}/healthz`);
  expect(health.status).toBe(200);
  readyTimes.push(Date.now() - started);
  return { server, url };
}

describe('embedded mode under kill -9', () => {
  const dirs: string[] = [];
  const readyTimes: number[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
    if (readyTimes.length > 0)
      console.log(
        `restart to ready after kill -9: ${readyTimes.length} restarts, median ${
          [...readyTimes].sort((a, b) => a - b)[Math.floor(readyTimes.length / 2)]
        } ms, max ${Math.max(...readyTimes)} ms (includes Node and tsx start-up)`,
      );
  });

  it(`survives ${KILLS_PER_PHASE} kills during first start: the store opens and migrates afterwards`, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'vigil-crash-init-'));
    dirs.push(dataDir);
    // How long a full start takes here, so the kills land anywhere from boot to listening.
    const probeDir = await mkdtemp(join(tmpdir(), 'vigil-crash-probe-'));
    dirs.push(probeDir);
    const probeStart = Date.now();
    const probe = launchVigil(serveArgs(probeDir), ENV);
    await probe.listening;
    const bootMs = Date.now() - probeStart;
    await probe.kill();

    for (let kill = 0; kill < KILLS_PER_PHASE; kill += 1) {
      const server = launchVigil(serveArgs(dataDir), ENV);
      await sleep(Math.random() * bootMs);
      await server.kill();
    }
    expect(existsSync(dataDir)).toBe(true);
    const { server, url } = await restart(dataDir, readyTimes);
    const response = await fetch(`${url}/api/agents`);
    expect(response.status).toBe(200);
    await server.stop();
  }, 600_000);

  it(`keeps every acknowledged record through ${KILLS_PER_PHASE} kills during ingest`, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'vigil-crash-ingest-'));
    dirs.push(dataDir);
    const acknowledged = new Set<string>();
    let requestNo = 0;
    const startMs = Date.now() - 3_600_000;

    for (let kill = 0; kill < KILLS_PER_PHASE; kill += 1) {
      const { server, url } = await restart(dataDir, readyTimes);
      // Every batch acknowledged before the previous kill has been processed since.
      await eventually(() => {
        const seen = processedIds(dataDir);
        return [...acknowledged].every((id) => seen.has(id));
      }, 'acknowledged records after restart');

      let killed = false;
      const sender = async (): Promise<void> => {
        while (!killed) {
          requestNo += 1;
          const component = `svc-${requestNo % 5}`;
          const lines = Array.from({ length: LINES_PER_REQUEST }, (_, i) => ({
            body: `request ${requestNo} line ${i} served for ${component}`,
            severity: 9,
          }));
          const body = otlpLogs(component, lines, startMs + requestNo * 1_000);
          const status = await postLogs(url, body).catch(() => 0);
          if (status === 200) for (const id of idsOf(body)) acknowledged.add(id);
        }
      };
      const senders = [sender(), sender()];
      await sleep(150 + Math.random() * 1_000);
      await server.kill();
      killed = true;
      await Promise.all(senders);
    }

    const { server } = await restart(dataDir, readyTimes);
    await eventually(() => {
      const seen = processedIds(dataDir);
      return [...acknowledged].every((id) => seen.has(id));
    }, 'every acknowledged record after the last restart');
    expect(acknowledged.size).toBeGreaterThan(0);
    await server.stop();
    const db = new SqliteDatabase(join(dataDir, SQLITE_FILE_NAME), { readonly: true });
    // A clean stop leaves nothing to replay.
    expect(db.prepare('select count(*) from bus_journal').pluck().get()).toBe(0);
    db.close();
  }, 600_000);
});
