import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bootSettingsPath } from '../settings/boot-settings';
import { quoteIdentifier } from '../store/postgres-database';
import { createStore } from '../store/create-store';
import { SQLITE_FILE_NAME } from '../store/sqlite-database';
import { makeAuditInput } from '../store/test-factories';
import { runAuditCommand } from './audit-command';

async function run(
  argv: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number; out: string; err: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const code = await runAuditCommand(argv, { stdout, stderr, env });
  return { code, out, err };
}

describe('vigil audit verify', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'vigil-audit-'));
    const store = await createStore({ kind: 'sqlite', dataDir });
    for (let i = 0; i < 5; i += 1)
      await store.audit.append(makeAuditInput({ description: `entry ${i}` }));
    await store.close();
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('prints OK for an intact chain', async () => {
    expect(await run(['verify', '--data-dir', dataDir])).toEqual({
      code: 0,
      out: 'OK: audit chain intact (5 entries checked)\n',
      err: '',
    });
  });

  it('names the first broken link of a tampered store and exits 1', async () => {
    const db = new Database(join(dataDir, SQLITE_FILE_NAME));
    const row = db
      .prepare('select id, doc from audit_entries order by seq limit 1 offset 2')
      .get() as { id: string; doc: string };
    db.prepare('update audit_entries set doc = ? where id = ?').run(
      row.doc.replace('entry 2', 'entry 2 (edited)'),
      row.id,
    );
    db.close();
    const result = await run(['verify', '--data-dir', dataDir]);
    expect(result.code).toBe(1);
    expect(result.out).toContain(`BROKEN: first broken link at entry ${row.id} (seq 3)`);
  });

  it('refuses a missing store and bad usage with exit 2', async () => {
    expect((await run(['verify', '--data-dir', join(dataDir, 'nope')])).code).toBe(2);
    expect((await run(['verify', '--bogus'])).code).toBe(2);
    expect((await run([])).code).toBe(2);
  });

  it('opens the PostgreSQL store the data dir boot settings select', async () => {
    const configured = process.env.VIGIL_TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432/test';
    if (configured === 'none') return;
    const url = new URL(configured);
    const user = decodeURIComponent(url.username) || process.env.PGUSER || userInfo().username;
    const schema = `audit_boot_${randomUUID().slice(0, 8)}`;
    await writeFile(
      bootSettingsPath(dataDir),
      JSON.stringify({
        'database.engine': 'postgres',
        'postgres.host': url.hostname,
        'postgres.port': Number(url.port || 5432),
        'postgres.database': url.pathname.slice(1),
        'postgres.user': user,
      }),
    );
    try {
      const result = await run(['verify', '--data-dir', dataDir], {
        VIGIL_DATABASE_SCHEMA: schema,
      });
      // The SQLite store here holds 5 entries; the fresh PostgreSQL schema holds none.
      expect(result.out).toBe('OK: audit chain intact (0 entries checked)\n');
    } finally {
      const client = new pg.Client({
        host: url.hostname,
        port: Number(url.port || 5432),
        database: url.pathname.slice(1),
        user,
      });
      await client.connect();
      await client.query(`drop schema if exists ${quoteIdentifier(schema)} cascade`);
      await client.end();
    }
  });

  it('refuses a broken boot settings file with exit 2, naming the problem', async () => {
    await writeFile(bootSettingsPath(dataDir), '{"database.engine": "oracle"}');
    const result = await run(['verify', '--data-dir', dataDir]);
    expect(result.code).toBe(2);
    expect(result.err).toContain('database.engine: Expected one of');
  });
});
