import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createStore, type StoreOptions } from '../store/create-store';
import { SQLITE_FILE_NAME } from '../store/sqlite-database';
import { BootSettingsError, readBootSettings } from '../settings/boot-settings';
import { resolveBootSettings } from './boot-options';
import { postgresStore } from './scale-out-options';
import { UsageError } from './usage-error';

export interface AuditCommandIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env: NodeJS.ProcessEnv;
}

const USAGE = `Usage: vigil audit verify [--data-dir ./data] [--database-url URL]

Walks the audit trail's hash chain and prints OK, or the first broken link (exit 1).
Without a URL it opens the store the data dir's boot-settings.json selects (SQLite by default).
`;

function storeOptions(argv: string[], env: NodeJS.ProcessEnv): StoreOptions | string {
  let values: { 'data-dir'?: string | undefined; 'database-url'?: string | undefined };
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: { 'data-dir': { type: 'string' }, 'database-url': { type: 'string' } },
    }));
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  const databaseUrl = values['database-url'] ?? env.DATABASE_URL;
  if (databaseUrl) return { kind: 'postgres', url: databaseUrl };
  const dataDir = resolve(values['data-dir'] ?? env.VIGIL_DATA_DIR ?? './data');
  // The store `vigil serve` would open from this data dir's boot settings.
  let boot;
  try {
    boot = resolveBootSettings({}, env, readBootSettings(dataDir));
  } catch (error) {
    if (error instanceof BootSettingsError || error instanceof UsageError) return error.message;
    throw error;
  }
  if (boot.engine === 'postgres')
    return postgresStore({ connection: boot.postgres.connection }, env);
  // Verifying must never create an empty store where the operator expected one.
  if (!existsSync(join(dataDir, SQLITE_FILE_NAME))) return `No Vigil store in ${dataDir}`;
  return { kind: 'sqlite', dataDir };
}

/** `vigil audit verify`: 0 when the chain holds, 1 when a link is broken, 2 on bad usage. */
export async function runAuditCommand(argv: string[], io: AuditCommandIo): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub !== 'verify') {
    io.stderr.write(sub === undefined ? USAGE : `Unknown audit command '${sub}'.\n\n${USAGE}`);
    return 2;
  }
  const options = storeOptions(rest, io.env);
  if (typeof options === 'string') {
    io.stderr.write(`${options}\n\n${USAGE}`);
    return 2;
  }
  const store = await createStore(options);
  try {
    const result = await store.audit.verifyChain();
    if (result.ok) {
      io.stdout.write(`OK: audit chain intact (${result.checked} entries checked)\n`);
      return 0;
    }
    io.stdout.write(
      `BROKEN: first broken link at entry ${result.id} (seq ${result.seq}): ${result.reason}\n`,
    );
    return 1;
  } finally {
    await store.close();
  }
}
