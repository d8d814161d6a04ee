import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type AppOptions, type VigilApp } from '../app';
import { createFakeClock, type FakeClock } from '../shared/clock';

export interface TestApp extends VigilApp {
  clock: FakeClock;
  dispose(): Promise<void>;
}

export interface TestAppOptions extends Partial<Omit<AppOptions, 'clock'>> {
  /** Reuse a data dir (restart tests); the caller removes it. Default: a fresh temp dir removed on dispose. */
  dataDir?: string;
  clock?: FakeClock;
}

/** A real app on a fresh SQLite store in a temp dir, driven by a fake clock. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { dataDir: sharedDir, clock: sharedClock, ...overrides } = options;
  const dataDir = sharedDir ?? (await mkdtemp(join(tmpdir(), 'vigil-app-')));
  const clock = sharedClock ?? createFakeClock(Date.UTC(2026, 2, 1, 12));
  const app = await createApp({
    store: { kind: 'sqlite', dataDir, clock },
    bindHost: '127.0.0.1',
    apiToken: null,
    allowedHosts: [],
    webDistDir: null,
    clock,
    architectureFile: null,
    ...overrides,
  });
  return {
    ...app,
    clock,
    async dispose() {
      await app.close();
      if (!sharedDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
