import { createApp, type AppOptions, type VigilApp } from './app';
import type { StoreOptions } from './store/create-store';
import { isLoopbackHost } from './http/loopback';

export interface ServeOptions {
  host: string;
  port: number;
  store: StoreOptions;
  apiToken: string | null;
  allowedHosts: string[];
  webDistDir: string | null;
  log: (line: string) => void;
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

/** Boot only: build the app, listen, and shut down gracefully on SIGINT/SIGTERM. */
export async function serve(options: ServeOptions): Promise<VigilApp> {
  checkBindSafety(options.host, options.apiToken);
  const app = await createApp({
    store: options.store,
    bindHost: options.host,
    apiToken: options.apiToken,
    allowedHosts: options.allowedHosts,
    webDistDir: options.webDistDir,
    ...(options.bus ? { bus: options.bus } : {}),
    ...(options.runAgents ? { runAgents: options.runAgents } : {}),
  });
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
