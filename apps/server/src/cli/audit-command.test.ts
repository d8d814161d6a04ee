import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStore } from '../store/create-store';
import { SQLITE_FILE_NAME } from '../store/sqlite-database';
import { makeAuditInput } from '../store/test-factories';
import { runAuditCommand } from './audit-command';

async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const code = await runAuditCommand(argv, { stdout, stderr, env: {} });
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
});
