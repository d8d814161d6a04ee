import { checkField, parseNumberInput, RULE_MESSAGES } from './config-rules';
import type { ConfigValue, FieldMeta, FlatConfig } from './config-types';
import { changedValues, sameValue } from './dotted-paths';
import { formatCommaList, formatLines, parseCommaList, parseLines } from './list-text';

/** What a control holds: text for text-like fields, a flag for switches. */
export type FieldInput = string | boolean;

/** How a list field is typed: one item per line, or comma-separated (email recipients). */
export type ListStyle = 'lines' | 'comma';

export interface FormOptions {
  listStyle?: (path: string) => ListStyle;
}

export interface FieldState {
  input: FieldInput;
  /** The value the input stands for; undefined when it does not parse. */
  value: ConfigValue | undefined;
  error?: string;
  warning?: string;
  modified: boolean;
}

export interface FormIssue {
  path: string;
  label: string;
  message: string;
}

export interface FormState {
  fields: Record<string, FieldState>;
  errors: FormIssue[];
  warnings: FormIssue[];
  /** The changed keys and their new values: the body of a save. */
  changes: FlatConfig;
  dirty: boolean;
  /** A save may go ahead: something changed and nothing is invalid. */
  canSave: boolean;
}

const defaultListStyle = (): ListStyle => 'lines';

/**
 * The control's starting content. A set secret starts empty: the saved secret is never in the
 * page, so "show" reveals only what the user types.
 */
export function inputFromValue(
  meta: FieldMeta,
  value: ConfigValue | undefined,
  listStyle: ListStyle = 'lines',
): FieldInput {
  if (meta.kind === 'boolean') return value === true;
  if (meta.secret) return '';
  if (Array.isArray(value))
    return listStyle === 'comma' ? formatCommaList(value) : formatLines(value);
  return value === undefined ? '' : String(value);
}

type Parsed = { value: ConfigValue } | { error: string };

export function parseInput(
  meta: FieldMeta,
  input: FieldInput,
  saved: ConfigValue | undefined,
  listStyle: ListStyle = 'lines',
): Parsed {
  if (meta.kind === 'boolean') return { value: input === true };
  const text = typeof input === 'string' ? input : String(input);
  if (meta.secret && text === '') return { value: saved ?? '' };
  switch (meta.kind) {
    case 'integer':
    case 'number': {
      const value = parseNumberInput(text);
      if (value === null) {
        return { error: meta.kind === 'integer' ? RULE_MESSAGES.integer : RULE_MESSAGES.number };
      }
      return { value };
    }
    case 'string_list':
      return { value: listStyle === 'comma' ? parseCommaList(text) : parseLines(text) };
    default:
      return { value: text };
  }
}

function evaluateField(
  meta: FieldMeta,
  saved: ConfigValue | undefined,
  edited: FieldInput | undefined,
  serverError: string | undefined,
  listStyle: ListStyle,
): FieldState {
  const input = edited ?? inputFromValue(meta, saved, listStyle);
  const parsed = parseInput(meta, input, saved, listStyle);
  if ('error' in parsed) return { input, value: undefined, error: parsed.error, modified: true };
  const modified = !sameValue(parsed.value, saved);
  // An empty secret box keeps the stored secret (the server's masked marker): nothing to check.
  const secretUntouched = meta.secret && input === '';
  const check = secretUntouched ? {} : checkField(meta, parsed.value);
  // The server's word stands until the field is edited again.
  const error = check.error ?? serverError;
  return { input, value: parsed.value, error, warning: check.warning, modified };
}

/** Everything the form shows and sends, from the saved values and what was typed. */
export function evaluateForm(
  fields: readonly FieldMeta[],
  saved: FlatConfig,
  inputs: Readonly<Record<string, FieldInput>>,
  serverErrors: Readonly<Record<string, string>> = {},
  options: FormOptions = {},
): FormState {
  const listStyle = options.listStyle ?? defaultListStyle;
  const state: FormState = {
    fields: {},
    errors: [],
    warnings: [],
    changes: {},
    dirty: false,
    canSave: false,
  };
  const parsedValues: FlatConfig = {};
  for (const meta of fields) {
    const field = evaluateField(
      meta,
      saved[meta.path],
      inputs[meta.path],
      serverErrors[meta.path],
      listStyle(meta.path),
    );
    state.fields[meta.path] = field;
    if (field.error)
      state.errors.push({ path: meta.path, label: meta.label, message: field.error });
    if (field.warning) {
      state.warnings.push({ path: meta.path, label: meta.label, message: field.warning });
    }
    if (field.value !== undefined) parsedValues[meta.path] = field.value;
    if (field.modified) state.dirty = true;
  }
  state.changes = changedValues(saved, parsedValues);
  state.canSave = state.dirty && state.errors.length === 0;
  return state;
}

/** The per-field messages of a 400 answer (`errors: [{path, message}]`), keyed by path. */
export function serverFieldErrors(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null || !('errors' in body)) return {};
  const { errors } = body as { errors: unknown };
  if (!Array.isArray(errors)) return {};
  const out: Record<string, string> = {};
  for (const issue of errors) {
    if (typeof issue !== 'object' || issue === null) continue;
    const { path, message } = issue as { path?: unknown; message?: unknown };
    if (typeof path === 'string' && typeof message === 'string' && !(path in out)) {
      out[path] = message;
    }
  }
  return out;
}
