import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { envelope, GlobalSettings, IntegrationList } from '@vigil/contract';
import { quoteIdentifier } from '../store/postgres-database';
import { bootSettingsPath } from '../settings/boot-settings';

const bin = fileURLToPath(new URL('../../bin/vigil.js', import.meta.url));
const postgresUrl = process.env.VIGIL_TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432/test';
const Integrations = envelope(IntegrationList);
const Global = envelope(GlobalSettings);

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts `vigil serve`, runs `visit` against its URL once it listens, then stops it. */
function serveAndVisit(
  args: string[],
  env: NodeJS.ProcessEnv,
  visit: (baseUrl: string) => Promise<void>,
): Promise<Run & { visited: unknown }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, 'serve', ...args], {
      env: { ...process.env, VIGIL_API_TOKEN: '', DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let visited: unknown = 'never listened';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /^Vigil listening on (http:\/\/\S+)$/m.exec(chunk.toString());
      if (!match?.[1]) return;
      void visit(match[1])
        .then(
          () => (visited = true),
          (error: unknown) => (visited = error),
        )
        .finally(() => child.kill('SIGTERM'));
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr, visited }));
  });
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address !== 'object') throw new Error('no port');
  return address.port;
}

/** The pino lines on stdout. */
function logLines(stdout: string): { level: number; msg: string }[] {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; msg: string });
}

describe('vigil serve with a boot settings file', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });
  const dataDirWith = async (settings: Record<string, unknown>): Promise<string> => {
    const dir = await mkdtemp(join(tmpdir(), 'vigil-boot-serve-'));
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    await writeFile(bootSettingsPath(dir), JSON.stringify(settings), { mode: 0o600 });
    return dir;
  };
  const noConsole = (dir: string) => ({ VIGIL_WEB_DIST: join(dir, 'no-console') });

  it('binds the file host and port, and logs at the file level', async () => {
    const port = await freePort();
    const dir = await dataDirWith({
      'server.host': '127.0.0.2',
      'server.port': port,
      'server.log_level': 'WARNING',
    });
    const quiet = await serveAndVisit(['--data-dir', dir], noConsole(dir), async (url) => {
      expect(url).toBe(`http://127.0.0.2:${port}`);
      await fetch(`${url}/healthz`);
    });
    expect(quiet.visited).toBe(true);
    expect(quiet.code).toBe(0);
    // WARNING: neither fastify's info line nor request lines.
    expect(logLines(quiet.stdout)).toEqual([]);

    await writeFile(
      bootSettingsPath(dir),
      JSON.stringify({ 'server.log_level': 'INFO', 'server.debug': true }),
    );
    const chatty = await serveAndVisit(
      ['--data-dir', dir, '--port', '0'],
      noConsole(dir),
      async (url) => {
        await fetch(`${url}/healthz`);
      },
    );
    expect(chatty.visited).toBe(true);
    const lines = logLines(chatty.stdout);
    expect(lines.some((line) => line.msg.startsWith('Server listening at'))).toBe(true);
    // debug: request lines too.
    expect(lines.some((line) => line.msg === 'incoming request')).toBe(true);

    // The environment wins over the file.
    const fromEnv = await serveAndVisit(
      ['--data-dir', dir, '--port', '0'],
      { ...noConsole(dir), VIGIL_DEBUG: 'false', VIGIL_LOG_LEVEL: 'ERROR' },
      async (url) => void (await fetch(`${url}/healthz`)),
    );
    expect(fromEnv.visited).toBe(true);
    expect(logLines(fromEnv.stdout)).toEqual([]);
  });

  it('refuses a boot file with a bad value, naming the key', async () => {
    const dir = await dataDirWith({ 'server.port': 80 });
    const run = await serveAndVisit(['--data-dir', dir], noConsole(dir), async () => undefined);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('server.port: Port must be between 1024 and 65535');
  });

  it('answers a store it cannot reach with one line naming it, not a stack trace', async () => {
    const port = await freePort();
    const dir = await dataDirWith({
      'database.engine': 'postgres',
      'postgres.host': '127.0.0.1',
      'postgres.port': port,
      'postgres.timeout_seconds': 2,
    });
    const run = await serveAndVisit(['--data-dir', dir], noConsole(dir), async () => undefined);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('vigil serve: cannot open the store:');
    expect(run.stderr).toContain(`127.0.0.1:${port}`);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  describe.skipIf(postgresUrl === 'none')('database.engine postgres', () => {
    const server = new URL(postgresUrl === 'none' ? 'postgres://127.0.0.1/test' : postgresUrl);
    const user = decodeURIComponent(server.username) || process.env.PGUSER || userInfo().username;
    const direct = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
      const client = new pg.Client({
        host: server.hostname,
        port: Number(server.port || 5432),
        database: server.pathname.slice(1),
        user,
        password: decodeURIComponent(server.password),
      });
      await client.connect();
      try {
        return await work(client);
      } finally {
        await client.end();
      }
    };

    it('runs on PostgreSQL built from the postgres.* settings: saves land there', async () => {
      const schema = `boot_serve_${randomUUID().slice(0, 8)}`;
      cleanup.push(() =>
        direct((client) =>
          client.query(`drop schema if exists ${quoteIdentifier(schema)} cascade`),
        ),
      );
      const dir = await dataDirWith({
        'database.engine': 'postgres',
        'postgres.host': server.hostname,
        'postgres.port': Number(server.port || 5432),
        'postgres.database': server.pathname.slice(1),
        'postgres.user': user,
        'postgres.password': decodeURIComponent(server.password),
        'postgres.shared_buffers_mb': 65536,
      });
      const run = await serveAndVisit(
        ['--data-dir', dir, '--port', '0'],
        { ...noConsole(dir), VIGIL_DATABASE_SCHEMA: schema },
        async (url) => {
          const cards = Integrations.parse(
            await (await fetch(`${url}/api/settings/integrations`)).json(),
          ).data.integrations;
          const postgres = cards.find((card) => card.type === 'postgres');
          expect(postgres).toMatchObject({ status: 'configured', used_by_deployment: true });
          expect(postgres?.status_detail).toMatch(
            /shared_buffers is \d+ MB, below postgres\.shared_buffers_mb \(65536 MB\)/,
          );
          // The console shows what runs: the boot file's values were carried into this store.
          const global = Global.parse(await (await fetch(`${url}/api/settings/global`)).json());
          expect(global.data.values).toMatchObject({
            'database.engine': 'postgres',
            'postgres.shared_buffers_mb': 65536,
          });
          const saved = await fetch(`${url}/api/settings/global`, {
            method: 'PUT',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ 'otel.timeout_seconds': 17 }),
          });
          expect(saved.status).toBe(200);
        },
      );
      expect(run.visited).toBe(true);
      expect(run.stdout).toMatch(/Warning: The PostgreSQL server's shared_buffers is/);
      const rows = await direct((client) =>
        client.query<{ value: string }>(
          `select value from ${quoteIdentifier(schema)}.config_values where key = 'otel.timeout_seconds'`,
        ),
      );
      expect(rows.rows.map((row) => JSON.parse(row.value) as unknown)).toEqual([17]);
      // No SQLite store was made in the data dir.
      expect((await readdir(dir)).some((name) => name.endsWith('.db'))).toBe(false);
    });
  });
});
