import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { CHROMIUM_PATH } from './paths';

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Flags for a quiet, deterministic headless run in a container (no sandbox, no GPU, no phoning home). */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-quic',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Debian's chromium through playwright-core. A persistent context on a fresh profile directory
 * (chromium refuses `--user-data-dir` in args; the directory is the first argument instead).
 */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `No chromium at ${CHROMIUM_PATH}: apt-get install chromium (or set VIGIL_E2E_CHROMIUM)`,
    );
  }
  const profileDir = await mkdtemp(join(tmpdir(), 'vigil-e2e-profile-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1440, height: 900 },
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(profileDir, { recursive: true, force: true });
    },
  };
}
