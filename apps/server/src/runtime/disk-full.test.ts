import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { otlpLogs } from './testing/otlp-logs';

/** A real, tiny filesystem: the only honest way to run out of disk. Needs permission to mount. */
function mountTinyDisk(): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-tiny-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=3m', 'tmpfs', dir], { stdio: 'ignore' });
    return dir;
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
}

/** Writes zeros until the disk refuses. */
async function fillDisk(path: string): Promise<void> {
  const file = await open(path, 'w');
  const chunk = Buffer.alloc(64 * 1024);
  try {
    for (;;) await file.write(chunk);
  } catch {
    // ENOSPC: full.
  } finally {
    await file.close().catch(() => undefined);
  }
}

const disk = mountTinyDisk();

describe.skipIf(disk === null)('ingest on a full disk (embedded store on a 3 MiB tmpfs)', () => {
  let app: TestApp;
  const mountPoint = disk ?? '';
  const filler = join(mountPoint, 'filler');

  beforeAll(async () => {
    app = await createTestApp({ dataDir: join(mountPoint, 'data') });
  });
  afterAll(async () => {
    rmSync(filler, { force: true });
    await app.dispose();
    execFileSync('umount', [mountPoint]);
    rmSync(mountPoint, { recursive: true, force: true });
  });

  const post = (n: number) =>
    app.http.inject({
      method: 'POST',
      url: '/v1/logs',
      headers: { 'content-type': 'application/json' },
      payload: otlpLogs(
        'storage',
        Array.from({ length: 200 }, (_, i) => ({
          body: `segment ${n}-${i} written with a payload of ${'x'.repeat(200)}`,
          severity: 9,
        })),
        app.clock.now() - 60_000,
      ),
    });

  it('answers 503 with Retry-After while full, and 200 again once space is freed', async () => {
    expect((await post(0)).statusCode).toBe(200);
    await app.bus.drain();
    await fillDisk(filler);
    let refused = null;
    for (let n = 1; n <= 50 && refused === null; n += 1) {
      const response = await post(n);
      if (response.statusCode !== 200) refused = response;
    }
    expect(refused?.statusCode).toBe(503);
    expect(refused?.headers['retry-after']).toBe('5');
    expect(refused?.json()).toMatchObject({ code: 14 });

    rmSync(filler, { force: true });
    expect((await post(100)).statusCode).toBe(200);
    const health = await app.http.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
  });
});
