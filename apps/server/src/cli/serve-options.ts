import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { StoreOptions } from '../store/create-store';
import { FAULT_NAMES } from '../demo/fault-catalogue';
import { postgresStore } from './scale-out-options';
import type { ConfigValues } from '../config/types';
import { BootSettingsError, readBootSettings } from '../settings/boot-settings';
import { parsePort, resolveBootSettings, type PinoLevel } from './boot-options';

export interface ParsedServeOptions {
  host: string;
  port: number;
  store: StoreOptions;
  /** Where the store (SQLite) and boot-settings.json live. */
  dataDir: string;
  logLevel: PinoLevel;
  logRequests: boolean;
  /** Boot settings that could not be honoured as written, said at startup. */
  notes: string[];
  /** The content of `<data-dir>/boot-settings.json` (validated; empty without the file). */
  bootFile: Partial<ConfigValues>;
  demo: boolean;
  /** How much faster than real time the demo's fault scenario runs. */
  demoSpeed: number;
  /** A demo fault to inject as soon as the fleet is warm. */
  demoFault: string | null;
  /** Loopback port of the demo fleet's control endpoint (0: any free port). */
  demoControlPort: number;
  natsUrl: string | null;
  apiToken: string | null;
  allowedHosts: string[];
  webDistDir: string;
}

import { UsageError } from './usage-error';

export { UsageError };

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

function parseSpeed(text: string): number {
  const speed = Number(text);
  if (!Number.isFinite(speed) || speed <= 0 || speed > 1_000)
    throw new UsageError(`--demo-speed must be a number above 0 and at most 1000, got '${text}'`);
  return speed;
}

function parseFault(text: string): string {
  if (!FAULT_NAMES.includes(text))
    throw new UsageError(`--demo-fault must be one of ${FAULT_NAMES.join(', ')}; got '${text}'`);
  return text;
}

interface DemoFlags {
  demo?: boolean | undefined;
  'demo-speed'?: string | undefined;
  'demo-fault'?: string | undefined;
  'demo-control-port'?: string | undefined;
}

/** The demo runs with --demo, or when a demo flag asks for it; --no-demo with a demo flag is a contradiction. */
function demoOptions(
  values: DemoFlags,
): Pick<ParsedServeOptions, 'demo' | 'demoSpeed' | 'demoFault' | 'demoControlPort'> {
  const tuned =
    values['demo-speed'] !== undefined ||
    values['demo-fault'] !== undefined ||
    values['demo-control-port'] !== undefined;
  if (values.demo === false && tuned)
    throw new UsageError(
      '--no-demo cannot be combined with --demo-speed, --demo-fault or --demo-control-port',
    );
  const port = values['demo-control-port'];
  return {
    demo: values.demo ?? tuned,
    demoSpeed: parseSpeed(values['demo-speed'] ?? '1'),
    demoFault: values['demo-fault'] === undefined ? null : parseFault(values['demo-fault']),
    demoControlPort: port === undefined ? 8089 : parsePort(port, '--demo-control-port'),
  };
}

function readBootFile(
  read: (dataDir: string) => Partial<ConfigValues>,
  dataDir: string,
): Partial<ConfigValues> {
  try {
    return read(dataDir);
  } catch (error) {
    if (error instanceof BootSettingsError) throw new UsageError(error.message);
    throw error;
  }
}

/**
 * Flags win over environment variables, which win over `<data-dir>/boot-settings.json` (what the
 * console saved), which wins over the schema's defaults.
 */
export function parseServeOptions(
  argv: string[],
  env: NodeJS.ProcessEnv,
  readBoot: (dataDir: string) => Partial<ConfigValues> = readBootSettings,
): ParsedServeOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      allowNegative: true,
      options: {
        host: { type: 'string' },
        port: { type: 'string' },
        'data-dir': { type: 'string' },
        'database-url': { type: 'string' },
        'database-engine': { type: 'string' },
        'log-level': { type: 'string' },
        debug: { type: 'boolean' },
        'nats-url': { type: 'string' },
        demo: { type: 'boolean' },
        'demo-speed': { type: 'string' },
        'demo-fault': { type: 'string' },
        'demo-control-port': { type: 'string' },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values } = parsed;
  const databaseUrl = values['database-url'] ?? (env.DATABASE_URL || null);
  const dataDir = resolve(values['data-dir'] ?? env.VIGIL_DATA_DIR ?? './data');
  const bootFile = readBootFile(readBoot, dataDir);
  const boot = resolveBootSettings(values, env, bootFile);
  const { tuning, connection, readReplica, cloudSql } = boot.postgres;
  return {
    host: boot.host,
    port: boot.port,
    store: databaseUrl
      ? postgresStore({ url: databaseUrl }, env, tuning, readReplica)
      : boot.engine === 'postgres'
        ? postgresStore({ connection }, env, tuning, readReplica, cloudSql)
        : { kind: 'sqlite', dataDir },
    dataDir,
    logLevel: boot.logLevel,
    logRequests: boot.logRequests,
    notes: boot.notes,
    bootFile,
    ...demoOptions(values),
    natsUrl: values['nats-url'] ?? env.NATS_URL ?? null,
    apiToken: env.VIGIL_API_TOKEN && env.VIGIL_API_TOKEN.length > 0 ? env.VIGIL_API_TOKEN : null,
    allowedHosts: (env.VIGIL_ALLOWED_HOSTS ?? '')
      .split(',')
      .map((host) => host.trim())
      .filter((host) => host.length > 0),
    webDistDir: env.VIGIL_WEB_DIST ?? DEFAULT_WEB_DIST,
  };
}
