import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../../bin/vigil.js', import.meta.url));
const LISTENING = /listening on (http:\/\/\S+)/;

/** A `vigil` command running as its own OS process, as an operator would start it. */
export interface VigilProcess {
  readonly child: ChildProcess;
  /** The URL it printed once listening. */
  readonly url: string;
  output(): string;
  /** SIGKILL: no shutdown code runs, as in a crash or an OOM kill. */
  kill(): Promise<void>;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

/** A `vigil` process just spawned: `listening` resolves with its URL (rejects if it exits first). */
export interface LaunchedVigil {
  readonly child: ChildProcess;
  readonly listening: Promise<string>;
  output(): string;
  kill(): Promise<void>;
  stop(): Promise<void>;
}

export function launchVigil(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  timeoutMs = 60_000,
): LaunchedVigil {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`vigil ${args.join(' ')} did not listen in time:\n${output}`)),
      timeoutMs,
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = LISTENING.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`vigil ${args.join(' ')} exited (${code ?? signal}):\n${output}`));
    });
  });
  // A process killed before it listens rejects `listening`; callers that kill early ignore that.
  listening.catch(() => undefined);
  const signal = async (name: NodeJS.Signals): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
  };
  return {
    child,
    listening,
    output: () => output,
    kill: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
  };
}

export async function startVigil(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  timeoutMs = 60_000,
): Promise<VigilProcess> {
  const launched = launchVigil(args, env, timeoutMs);
  const url = await launched.listening;
  return { ...launched, url };
}
