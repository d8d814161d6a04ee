import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { CONFIG_FIELDS, FIELD_BY_PATH } from '../config/schema';
import type { ConfigIssue, ConfigValues } from '../config/types';
import type { ConfigService } from './config-service';

/**
 * The settings `vigil serve` reads before it opens a store (server.*, database.engine,
 * postgres.*): they choose the store, so they cannot be read from it. Saved through the settings
 * API, they also land in this file in the data dir.
 */
export const BOOT_SETTINGS_FILE = 'boot-settings.json';

/**
 * The settings read before a store is open: the global restart-required ones (server.*,
 * database.engine) and the postgres.* ones the store is built from. Agents' restart-required
 * settings are read from the store when the app is built, so they stay out of the file.
 */
const BOOT_KEYS: ReadonlySet<string> = new Set(
  CONFIG_FIELDS.filter(
    (field) =>
      field.spec.owner === 'global' &&
      (field.restartRequired || (field.path.startsWith('postgres.') && field.usedByDeployment)),
  ).map((field) => field.path),
);

export class BootSettingsError extends Error {}

export function bootSettingsPath(dataDir: string): string {
  return join(dataDir, BOOT_SETTINGS_FILE);
}

/** The boot values of a full config. */
export function bootValuesOf(values: ConfigValues): ConfigValues {
  const out: ConfigValues = {};
  for (const path of BOOT_KEYS) {
    const value = values[path];
    if (value !== undefined) out[path] = value;
  }
  return out;
}

/**
 * Writes the file whole: a temp file (0600: it holds the database password) made durable, then
 * renamed over the old one, so a crash leaves either the old file or the new one.
 */
export async function writeBootSettings(dataDir: string, values: ConfigValues): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const target = bootSettingsPath(dataDir);
  const temp = `${target}.${randomUUID()}.tmp`;
  try {
    const file = await open(temp, 'wx', 0o600);
    try {
      await file.writeFile(`${JSON.stringify(bootValuesOf(values), null, 2)}\n`);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/**
 * The values in the file, each checked against its field; keys that are not boot settings are
 * ignored. No file: none. Read synchronously, before anything starts. A value that fails its field's rules is an error naming the key.
 */
export function readBootSettings(dataDir: string): Partial<ConfigValues> {
  const path = bootSettingsPath(dataDir);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new BootSettingsError(`${path} cannot be read: ${(error as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new BootSettingsError(`${path} is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new BootSettingsError(`${path} must hold a JSON object of dotted keys`);
  const out: Partial<ConfigValues> = {};
  const problems: string[] = [];
  for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
    const field = FIELD_BY_PATH.get(key);
    if (!field || !BOOT_KEYS.has(key)) continue;
    const checked = field.schema.safeParse(value);
    if (checked.success) out[key] = checked.data;
    else problems.push(`${key}: ${checked.error.issues.map((issue) => issue.message).join(', ')}`);
  }
  if (problems.length > 0) throw new BootSettingsError(`${path}: ${problems.join('; ')}`);
  return out;
}

/**
 * The settings service's after-save step: rewrites the file when a save touched a boot setting.
 * A failed write does not undo the save (it is in the store); the save answers with a warning.
 */
export function bootSettingsWriter(
  dataDir: string,
  log: (message: string) => void,
): (changed: readonly string[], values: ConfigValues) => Promise<ConfigIssue[]> {
  return async (changed, values) => {
    const touched = changed.filter((path) => BOOT_KEYS.has(path));
    if (touched.length === 0) return [];
    try {
      await writeBootSettings(dataDir, values);
      return [];
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      log(`Could not write ${bootSettingsPath(dataDir)} (${reason})`);
      return touched.map((path) => ({
        path,
        message: `Saved, but ${BOOT_SETTINGS_FILE} could not be written (${reason}): the next start keeps the previous value`,
      }));
    }
  };
}

/**
 * Brings the store in line with the boot file the server started from, so the console shows
 * what runs, and a later save (which rewrites the file from the store's values) cannot bring back
 * older ones, as on the first start on a new PostgreSQL database. Answers the keys it changed.
 */
export async function adoptBootSettings(
  config: ConfigService,
  file: Partial<ConfigValues>,
): Promise<string[]> {
  const current = config.values();
  const changes: ConfigValues = {};
  for (const [path, value] of Object.entries(file))
    if (value !== undefined && JSON.stringify(current[path]) !== JSON.stringify(value))
      changes[path] = value;
  if (Object.keys(changes).length === 0) return [];
  const saved = await config.save({ changes, scope: 'global', triggeredBy: 'boot-settings' });
  return saved.changed;
}
