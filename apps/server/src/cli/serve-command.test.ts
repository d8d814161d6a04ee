import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../../bin/vigil.js', import.meta.url));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runVigil(
  args: string[],
  env: NodeJS.ProcessEnv = {},
  onLine?: (line: string, stop: () => void) => void,
): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      for (const line of chunk.toString().split('\n'))
        if (line) onLine?.(line, () => child.kill('SIGTERM'));
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('vigil serve', () => {
  let dataDir = '';
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'vigil-serve-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('with --port 0 prints its URL, serves, and shuts down on SIGTERM', async () => {
    let health: unknown = null;
    const run = await runVigil(
      ['serve', '--port', '0', '--data-dir', dataDir],
      { VIGIL_WEB_DIST: join(dataDir, 'no-console') },
      (line, stop) => {
        const match = /^Vigil listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(line);
        if (!match) return;
        void fetch(`${match[1]}/healthz`)
          .then((response) => response.json())
          .then((body: unknown) => {
            health = body;
            stop();
          });
      },
    );
    expect(health).toMatchObject({ status: 'ok' });
    expect(run.stdout).toContain('Received SIGTERM, shutting down');
    expect(run.code).toBe(0);
  });

  it('refuses a non-loopback bind without a token', async () => {
    const run = await runVigil(
      ['serve', '--host', '0.0.0.0', '--port', '0', '--data-dir', dataDir],
      { VIGIL_API_TOKEN: '' },
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Refusing to listen on 0.0.0.0 without a token');
  });

  it('refuses bad flags with a usage message', async () => {
    const run = await runVigil(['serve', '--port', 'eighty']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--port must be 0 to 65535, got 'eighty'");
  });
});
