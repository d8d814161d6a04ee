import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { REPO_ROOT } from './paths';

export interface VigilServer {
  /** `http://HOST:PORT`, as the server printed it. */
  url: string;
  /** The server's recent output, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Extra environment, e.g. VIGIL_API_TOKEN for the token flow. */
  env?: Record<string, string>;
  timeoutMs?: number;
}

const LISTENING = /Vigil listening on (http:\/\/\S+)/;
/** Variables that would point the server elsewhere than a fresh embedded store. */
const STRIPPED_ENV = [
  'VIGIL_HOST',
  'VIGIL_PORT',
  'VIGIL_DATA_DIR',
  'VIGIL_API_TOKEN',
  'DATABASE_URL',
  'NATS_URL',
];

function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of STRIPPED_ENV) delete env[name];
  return { ...env, ...extra };
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/**
 * Starts the real server the way a person would (`node apps/server/bin/vigil.js serve --port 0`)
 * on a fresh data directory, and resolves once it prints the URL it listens on.
 */
export async function startVigilServer(options: StartOptions = {}): Promise<VigilServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'vigil-e2e-data-'));
  const child = spawn(
    process.execPath,
    ['apps/server/bin/vigil.js', 'serve', '--port', '0', '--data-dir', dataDir],
    { cwd: REPO_ROOT, env: childEnv(options.env ?? {}), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const lines: string[] = [];
  const remember = (line: string): void => {
    lines.push(line);
    if (lines.length > 200) lines.shift();
  };
  const output = (): string => lines.join('\n');
  createInterface({ input: child.stderr }).on('line', remember);

  const stop = async (): Promise<void> => {
    child.kill('SIGTERM');
    if (!(await waitForExit(child, 10_000))) {
      child.kill('SIGKILL');
      await waitForExit(child, 5_000);
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(`vigil serve did not print its URL within ${options.timeoutMs ?? 90_000} ms`),
          ),
        options.timeoutMs ?? 90_000,
      );
      createInterface({ input: child.stdout }).on('line', (line) => {
        remember(line);
        const match = LISTENING.exec(line);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`vigil serve exited early (code ${code}, signal ${signal})`));
      });
      child.once('error', reject);
    });
    return { url, output, stop };
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output()}`, {
      cause: error,
    });
  }
}
