import { createApp, type AppOptions, type VigilApp } from './app';
import type { StoreOptions } from './store/create-store';
import { isLoopbackHost } from './http/loopback';
import type { ConfigValues } from './config/types';
import { adoptBootSettings, BOOT_SETTINGS_FILE } from './settings/boot-settings';

export interface ServeOptions {
  host: string;
  port: number;
  store: StoreOptions;
  apiToken: string | null;
  allowedHosts: string[];
  webDistDir: string | null;
  log: (line: string) => void;
  /** Fastify's pino logger (stdout, JSON lines); unset: no logger. */
  logger?: { level: string; logRequests: boolean };
  /** Where saves of restart-required settings are also written (`vigil serve`: the data dir). */
  bootSettingsDir?: string;
  /** The boot file this start read: its values are carried into the store's settings. */
  bootSettings?: Partial<ConfigValues>;
  /** Scale-out: the NATS bus, and the agents this process runs (`vigil agent`). */
  bus?: AppOptions['bus'];
  runAgents?: AppOptions['runAgents'];
}

export class StartupRefused extends Error {}

/** A server reachable from other machines must require a token. */
export function checkBindSafety(host: string, apiToken: string | null): void {
  if (!isLoopbackHost(host) && !apiToken) {
    throw new StartupRefused(
      `Refusing to listen on ${host} without a token: set VIGIL_API_TOKEN, or bind 127.0.0.1 (the default)`,
    );
  }
}

async function carryBootSettings(
  app: VigilApp,
  file: Partial<ConfigValues>,
  log: (line: string) => void,
): Promise<void> {
  try {
    const adopted = await adoptBootSettings(app.config, file);
    if (adopted.length > 0) log(`Settings taken from ${BOOT_SETTINGS_FILE}: ${adopted.join(', ')}`);
  } catch (error) {
    // The server runs with these values anyway; only the console's copy stays behind.
    log(
      `Warning: could not carry ${BOOT_SETTINGS_FILE} into the settings: ${(error as Error).message}`,
    );
  }
}

/** Boot only: build the app, listen, and shut down gracefully on SIGINT/SIGTERM. */
export async function serve(options: ServeOptions): Promise<VigilApp> {
  checkBindSafety(options.host, options.apiToken);
  const app = await createApp({
    store: options.store,
    bindHost: options.host,
    apiToken: options.apiToken,
    allowedHosts: options.allowedHosts,
    webDistDir: options.webDistDir,
    ...(options.logger
      ? { logger: { level: options.logger.level }, logRequests: options.logger.logRequests }
      : {}),
    ...(options.bootSettingsDir === undefined ? {} : { bootSettingsDir: options.bootSettingsDir }),
    ...(options.bus ? { bus: options.bus } : {}),
    ...(options.runAgents ? { runAgents: options.runAgents } : {}),
  });
  if (options.bootSettings) await carryBootSettings(app, options.bootSettings, options.log);
  for (const warning of app.store.warnings) {
    options.log(`Warning: ${warning}`);
    app.http.log.warn(warning);
  }
  const address = await app.http.listen({ host: options.host, port: options.port });
  const url = new URL(address);
  const shownHost = options.host.includes(':') ? `[${options.host}]` : options.host;
  options.log(`Vigil listening on http://${shownHost}:${url.port}`);

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    options.log(`Received ${signal}, shutting down`);
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Shutdown failed', error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  return app;
}
