import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { StoreOptions } from '../store/create-store';
import { FAULT_NAMES } from '../demo/fault-catalogue';
import { postgresStore } from './scale-out-options';

export interface ParsedServeOptions {
  host: string;
  port: number;
  store: StoreOptions;
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

export class UsageError extends Error {}

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

function parsePort(text: string, flag = '--port'): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65_535)
    throw new UsageError(`${flag} must be 0 to 65535, got '${text}'`);
  return port;
}

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

/** Flags win over environment variables, which win over defaults. */
export function parseServeOptions(argv: string[], env: NodeJS.ProcessEnv): ParsedServeOptions {
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
  const databaseUrl = values['database-url'] ?? env.DATABASE_URL ?? null;
  const dataDir = resolve(values['data-dir'] ?? env.VIGIL_DATA_DIR ?? './data');
  return {
    host: values.host ?? env.VIGIL_HOST ?? '127.0.0.1',
    port: parsePort(values.port ?? env.VIGIL_PORT ?? '8080'),
    store: databaseUrl ? postgresStore(databaseUrl, env) : { kind: 'sqlite', dataDir },
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
