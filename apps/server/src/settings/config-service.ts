import { randomUUID } from 'node:crypto';
import type { Bus } from '../bus/bus';
import type { ConfigChangedMessage } from '../bus/messages';
import { writeConfigChanged, type ConfigChangeRecord } from '../audit/config-audit';
import { applyChanges, validateChange, type ApplyResult } from '../config/apply-changes';
import { withDefaults } from '../config/defaults';
import { FIELD_BY_PATH } from '../config/schema';
import type { ConfigIssue, ConfigOwner, ConfigValue, ConfigValues } from '../config/types';
import { toIso, type Clock } from '../shared/clock';
import { badRequest } from '../shared/errors';
import type { Store } from '../store/create-store';

export interface SaveRequest {
  changes: Record<string, unknown>;
  /** Which block the console saved (`global`, an agent id, `bigquery`), for the audit entry. */
  scope: string;
  /** Keys outside this set are refused (an agent's PUT may only touch that agent's keys). */
  allowed?: (path: string) => boolean;
  triggeredBy?: string;
}

export interface SaveOutcome {
  changed: string[];
  restartRequired: string[];
  warnings: ConfigIssue[];
  savedAt: number;
}

/** The live, persisted settings: every agent getter reads `values()`. */
export interface ConfigService {
  /** The current values, secrets included: server-side only, never sent as is. */
  values(): ConfigValues;
  /** When a key of this block was last saved by this server; null when never. */
  savedAt(owner: ConfigOwner): number | null;
  /** Validates, stores with its audit entry in one transaction, then announces `config.changed`. */
  save(request: SaveRequest): Promise<SaveOutcome>;
  validate(path: string, value: unknown): Pick<ApplyResult, 'errors' | 'warnings'>;
  /** Stops following saves made by other processes. */
  stop(): void;
}

export interface ConfigServiceOptions {
  store: Store;
  bus: Bus;
  clock: Clock;
  /** Runs after each stored save, in save order; what it returns joins the save's warnings. */
  afterSave?: (changed: readonly string[], values: ConfigValues) => Promise<ConfigIssue[]>;
  /** Errors the deployment adds to a valid save (e.g. a setting it cannot honour). */
  deploymentRules?: (changed: readonly string[], next: ConfigValues) => ConfigIssue[];
  /** The values already read by `readStoredValues` (skips a second read at start). */
  initial?: ConfigValues;
}

/**
 * Stored values that no longer validate (a bound tightened since they were saved) fall back to
 * the default rather than reaching an agent.
 */
function validStored(stored: Record<string, unknown>): Partial<ConfigValues> {
  const out: Partial<ConfigValues> = {};
  for (const [path, value] of Object.entries(stored)) {
    const parsed = FIELD_BY_PATH.get(path)?.schema.safeParse(value);
    if (parsed?.success) out[path] = parsed.data;
  }
  return out;
}

/** The stored values over the defaults, as every reader of the settings sees them. */
export async function readStoredValues(store: Store): Promise<ConfigValues> {
  return withDefaults(validStored(await store.config.getAll()));
}

function invalidSave(errors: ConfigIssue[]): Error {
  const summary = errors.map((issue) => `${issue.path}: ${issue.message}`).join('; ');
  return badRequest(`Invalid settings: ${summary}`, errors, 'CONFIG_VALIDATION_ERROR');
}

/** The values and their audit entry commit together or not at all. */
async function persist(
  store: Store,
  updates: ConfigValues,
  record: ConfigChangeRecord,
  nowMs: number,
): Promise<void> {
  await store.transaction(async (tx) => {
    await tx.config.setMany(updates);
    await writeConfigChanged(tx.audit, record, toIso(nowMs));
  });
}

export async function loadConfigService(options: ConfigServiceOptions): Promise<ConfigService> {
  const { store, bus, clock } = options;
  let current = options.initial ?? (await readStoredValues(store));
  const savedAt = new Map<ConfigOwner, number>();
  const origin = randomUUID();
  // Saves and reloads run one at a time, so each one starts from the values the previous one left.
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work);
    queue = run.catch(() => undefined);
    return run;
  };

  const saveNow = async (request: SaveRequest): Promise<SaveOutcome> => {
    const refused = Object.keys(request.changes)
      .filter((path) => FIELD_BY_PATH.has(path) && request.allowed && !request.allowed(path))
      .map((path) => ({ path, message: `Not a setting of ${request.scope}` }));
    const result = applyChanges(current, request.changes);
    const errors = [...refused, ...result.errors];
    if (errors.length === 0 && options.deploymentRules)
      errors.push(...options.deploymentRules(result.changed, result.next));
    if (errors.length > 0) throw invalidSave(errors);
    const now = clock.now();
    if (result.changed.length === 0) {
      return { changed: [], restartRequired: [], warnings: result.warnings, savedAt: now };
    }
    const updates: ConfigValues = {};
    for (const path of result.changed) updates[path] = result.next[path] as ConfigValue;
    const diff = result.changed.map((path) => ({
      path,
      before: current[path],
      after: updates[path] as ConfigValue,
    }));
    await persist(
      store,
      updates,
      {
        scope: request.scope,
        diff,
        restartRequired: result.restartRequired,
        triggeredBy: request.triggeredBy ?? 'operator',
      },
      now,
    );
    current = result.next;
    for (const path of result.changed) {
      const owner = FIELD_BY_PATH.get(path)?.spec.owner;
      if (owner) savedAt.set(owner, now);
    }
    await bus.publish<ConfigChangedMessage>('config.changed', {
      changed: result.changed,
      restartRequired: result.restartRequired,
      origin,
    });
    const afterSaveWarnings = options.afterSave
      ? await options.afterSave(result.changed, current)
      : [];
    return {
      changed: result.changed,
      restartRequired: result.restartRequired,
      warnings: [...result.warnings, ...afterSaveWarnings],
      savedAt: now,
    };
  };

  // A save in another process (a `vigil agent` worker's API peer) reaches this one through the bus.
  const unsubscribe = bus.subscribe<ConfigChangedMessage>(
    'config.changed',
    'settings',
    (message) =>
      message.origin === origin
        ? undefined
        : serially(async () => {
            current = await readStoredValues(store);
            const now = clock.now();
            for (const path of message.changed) {
              const owner = FIELD_BY_PATH.get(path)?.spec.owner;
              if (owner) savedAt.set(owner, now);
            }
          }),
  );

  return {
    values: () => current,
    savedAt: (owner) => savedAt.get(owner) ?? null,
    save: (request) => serially(() => saveNow(request)),
    validate: validateChange,
    stop: unsubscribe,
  };
}
