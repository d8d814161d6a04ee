import { fileURLToPath } from 'node:url';

/** The repository root: `vigil serve` runs from here, as a person would run it. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const WEB_DIST_INDEX = fileURLToPath(
  new URL('../../apps/web/dist/index.html', import.meta.url),
);
/** Screenshots land here (gitignored). */
export const ARTIFACTS_DIR = fileURLToPath(new URL('../artifacts/', import.meta.url));
export const CHROMIUM_PATH = process.env.VIGIL_E2E_CHROMIUM ?? '/usr/bin/chromium';
