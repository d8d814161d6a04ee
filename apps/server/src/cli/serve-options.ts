import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { StoreOptions } from '../store/create-store';

export interface ParsedServeOptions {
  host: string;
  port: number;
  store: StoreOptions;
  demo: boolean;
  natsUrl: string | null;
  apiToken: string | null;
  allowedHosts: string[];
  webDistDir: string;
}

export class UsageError extends Error {}

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

function parsePort(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65_535)
    throw new UsageError(`--port must be 0 to 65535, got '${text}'`);
  return port;
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
    store: databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'sqlite', dataDir },
    demo: values.demo ?? false,
    natsUrl: values['nats-url'] ?? env.NATS_URL ?? null,
    apiToken: env.VIGIL_API_TOKEN && env.VIGIL_API_TOKEN.length > 0 ? env.VIGIL_API_TOKEN : null,
    allowedHosts: (env.VIGIL_ALLOWED_HOSTS ?? '')
      .split(',')
      .map((host) => host.trim())
      .filter((host) => host.length > 0),
    webDistDir: env.VIGIL_WEB_DIST ?? DEFAULT_WEB_DIST,
  };
}
