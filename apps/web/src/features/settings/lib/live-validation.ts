import type { ValidationResult } from '@vigil/contract';
import type { FormIssue, FormState } from './config-form';
import type { ConfigValue, FieldMeta } from './config-types';

/** How long typing must pause before the edited values go to the server's validate call. */
export const LIVE_VALIDATION_DELAY_MS = 400;

/** What the server said of one edited value. */
export interface ServerCheck {
  /** The value it was said of (`valueKey`): a check of an older value is ignored. */
  key: string;
  error?: string;
  warning?: string;
  /** The validate call failed: nothing is known (the save is still checked). */
  unavailable?: boolean;
}

export type ServerChecks = Readonly<Record<string, ServerCheck>>;

export interface ValidationTarget {
  path: string;
  value: ConfigValue;
  key: string;
}

export const valueKey = (value: ConfigValue): string => JSON.stringify(value);

/**
 * The edited values the server has not checked yet. Only modified values that parse and pass the
 * client's own checks go (the client's message already says what is wrong with the others);
 * secrets never leave the page before a save.
 */
export function validationTargets(
  fields: readonly FieldMeta[],
  state: FormState,
  checks: ServerChecks,
): ValidationTarget[] {
  const targets: ValidationTarget[] = [];
  for (const meta of fields) {
    const field = state.fields[meta.path];
    if (!field?.modified || field.value === undefined || field.error || meta.secret) continue;
    const key = valueKey(field.value);
    if (checks[meta.path]?.key !== key) targets.push({ path: meta.path, value: field.value, key });
  }
  return targets;
}

/** The server's answer for one path, kept with the value it was given. */
export function checkFromResult(path: string, key: string, result: ValidationResult): ServerCheck {
  const error = (result.errors.find((issue) => issue.path === path) ?? result.errors[0])?.message;
  const warning = (result.warnings.find((issue) => issue.path === path) ?? result.warnings[0])
    ?.message;
  return { key, ...(error ? { error } : {}), ...(warning ? { warning } : {}) };
}

/** The check that speaks of the field's current value, if any. */
function currentCheck(
  state: FormState,
  path: string,
  checks: ServerChecks,
): ServerCheck | undefined {
  const field = state.fields[path];
  const check = checks[path];
  if (!field?.modified || field.value === undefined || !check) return undefined;
  return check.key === valueKey(field.value) ? check : undefined;
}

/**
 * The client's checks with the server's merged in. The client's message stands first; the
 * server's error or warning shows where the client had none (the same text is never shown twice),
 * and a server error blocks the save like a client one.
 */
export function withServerChecks(
  state: FormState,
  fields: readonly FieldMeta[],
  checks: ServerChecks,
): FormState {
  const merged: FormState = { ...state, fields: { ...state.fields }, errors: [], warnings: [] };
  for (const meta of fields) {
    const field = state.fields[meta.path];
    if (!field) continue;
    const check = currentCheck(state, meta.path, checks);
    const error = field.error ?? check?.error;
    const warning = field.warning ?? check?.warning;
    merged.fields[meta.path] = { ...field, error, warning };
    const issue = (message: string): FormIssue => ({ path: meta.path, label: meta.label, message });
    if (error) merged.errors.push(issue(error));
    if (warning) merged.warnings.push(issue(warning));
  }
  merged.canSave = merged.dirty && merged.errors.length === 0;
  return merged;
}

/** Whether a validate call for a value now in the form failed (the form says so, quietly). */
export function serverCheckUnavailable(state: FormState, checks: ServerChecks): boolean {
  return Object.keys(checks).some(
    (path) => currentCheck(state, path, checks)?.unavailable === true,
  );
}
