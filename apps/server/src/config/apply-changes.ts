import { crossFieldErrors } from './cross-field';
import { cloneValue } from './defaults';
import { MESSAGES, ruleWarning } from './rules';
import { FIELD_BY_PATH } from './schema';
import { SECRET_MARKER } from './secrets';
import type { ConfigIssue, ConfigValue, ConfigValues, FieldDef } from './types';

export interface ApplyResult {
  /** The new values, or `current` itself when any change was invalid. */
  next: ConfigValues;
  errors: ConfigIssue[];
  warnings: ConfigIssue[];
  /** Keys whose value really changed (sorted). */
  changed: string[];
  /** The changed keys that take effect only after a restart. */
  restartRequired: string[];
}

type Checked =
  | { kind: 'error'; issue: ConfigIssue }
  | { kind: 'keep' }
  | { kind: 'value'; value: ConfigValue; warning?: ConfigIssue };

/** The console sends one list item per line; blank lines are not items. */
function normalise(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value
    .map((item) => (typeof item === 'string' ? item.trim() : item))
    .filter((item) => item !== '');
}

function checkChange(field: FieldDef | undefined, path: string, raw: unknown): Checked {
  if (!field) return { kind: 'error', issue: { path, message: MESSAGES.unknown } };
  if (field.secret && raw === SECRET_MARKER) return { kind: 'keep' };
  const parsed = field.schema.safeParse(normalise(raw));
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'Invalid value';
    return { kind: 'error', issue: { path, message } };
  }
  const warning = ruleWarning(field.spec, parsed.data);
  return {
    kind: 'value',
    value: parsed.data,
    ...(warning ? { warning: { path, message: warning } } : {}),
  };
}

function sameValue(a: ConfigValue | undefined, b: ConfigValue): boolean {
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((v, i) => v === b[i]);
  return a === b;
}

/** Validates one change without applying it (the validate-only call). */
export function validateChange(
  path: string,
  value: unknown,
): Pick<ApplyResult, 'errors' | 'warnings'> {
  const checked = checkChange(FIELD_BY_PATH.get(path), path, value);
  if (checked.kind === 'error') return { errors: [checked.issue], warnings: [] };
  return {
    errors: [],
    warnings: checked.kind === 'value' && checked.warning ? [checked.warning] : [],
  };
}

/**
 * Validates every change and applies all of them or none: a save with any invalid value changes
 * nothing and reports every error at once, so the console can mark each field.
 */
export function applyChanges(current: ConfigValues, changes: Record<string, unknown>): ApplyResult {
  const errors: ConfigIssue[] = [];
  const warnings: ConfigIssue[] = [];
  const updates: ConfigValues = {};
  for (const [path, raw] of Object.entries(changes)) {
    const checked = checkChange(FIELD_BY_PATH.get(path), path, raw);
    if (checked.kind === 'error') errors.push(checked.issue);
    if (checked.kind !== 'value') continue;
    if (checked.warning) warnings.push(checked.warning);
    if (!sameValue(current[path], checked.value)) updates[path] = cloneValue(checked.value);
  }
  const next = { ...current, ...updates };
  if (errors.length === 0) errors.push(...crossFieldErrors(next, new Set(Object.keys(updates))));
  if (errors.length > 0) {
    return { next: current, errors, warnings, changed: [], restartRequired: [] };
  }
  const changed = Object.keys(updates).sort();
  return {
    next,
    errors,
    warnings,
    changed,
    restartRequired: changed.filter((path) => FIELD_BY_PATH.get(path)?.restartRequired),
  };
}
