import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { createApp, type AppOptions, type VigilApp } from '../../apps/server/src/app';

export interface BenchServer {
  app: VigilApp;
  /** The listening base URL, e.g. `http://127.0.0.1:40123`. */
  base: string;
  /** Closes the app and removes its data directory. */
  stop(): Promise<void>;
}

/**
 * A real Vigil on the embedded store in a fresh temp directory, listening on a free loopback port:
 * the server every HTTP benchmark measures. `options` adds to (or overrides) the loopback defaults.
 */
export async function startBenchServer(
  name: string,
  options: Partial<Omit<AppOptions, 'store'>> = {},
): Promise<BenchServer> {
  const dataDir = await mkdtemp(join(tmpdir(), `vigil-bench-${name}-`));
  const app = await createApp({
    store: { kind: 'sqlite', dataDir },
    bindHost: '127.0.0.1',
    apiToken: null,
    allowedHosts: [],
    webDistDir: null,
    ...options,
  });
  const base = await app.http.listen({ host: '127.0.0.1', port: 0 });
  return {
    app,
    base,
    async stop() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs a load generator in a worker thread (so the client's work does not share the server's
 * event loop) and hands each message to `onMessage` until it returns `'done'`, resolving with that
 * last message; a message with `error` fails the run.
 */
export function runLoadWorker<Message extends { error?: string }>(
  script: URL,
  workerData: unknown,
  onMessage: (message: Message) => 'done' | 'more',
): Promise<Message> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(script, { workerData });
    worker.on('message', (message: Message) => {
      if (message.error !== undefined) {
        void worker.terminate();
        reject(new Error(message.error));
      } else if (onMessage(message) === 'done') {
        void worker.terminate();
        resolve(message);
      }
    });
    worker.once('error', reject);
  });
}
