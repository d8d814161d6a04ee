import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type AppOptions, type VigilApp } from '../app';
import { createFakeClock, type FakeClock } from '../shared/clock';

export interface TestApp extends VigilApp {
  clock: FakeClock;
  dispose(): Promise<void>;
}

/** A real app on a fresh SQLite store in a temp dir, driven by a fake clock. */
export async function createTestApp(overrides: Partial<AppOptions> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'vigil-app-'));
  const clock = createFakeClock(Date.UTC(2026, 2, 1, 12));
  const app = await createApp({
    store: { kind: 'sqlite', dataDir, clock },
    bindHost: '127.0.0.1',
    apiToken: null,
    allowedHosts: [],
    webDistDir: null,
    clock,
    ...overrides,
  });
  return {
    ...app,
    clock,
    async dispose() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
