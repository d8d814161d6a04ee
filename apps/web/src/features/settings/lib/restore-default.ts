import type { ConfigValue, FieldMeta } from './config-types';
import { sameValue } from './dotted-paths';

/**
 * Whether "Restore default" has anything to do: the stored value differs from the default. A set
 * secret arrives masked, so any stored secret differs from an empty default.
 */
export function differsFromDefault(
  meta: Pick<FieldMeta, 'defaultValue'>,
  saved: ConfigValue | undefined,
): boolean {
  if (meta.defaultValue === undefined || saved === undefined) return false;
  return !sameValue(saved, meta.defaultValue);
}

/** The default as the confirmation names it. */
export function defaultText(value: ConfigValue): string {
  if (Array.isArray(value)) return value.length === 0 ? 'an empty list' : value.join(', ');
  if (value === '') return 'empty';
  return String(value);
}

/** Restores a field of this form to the default its metadata names. */
export async function restoreDefaultOf(
  fields: readonly FieldMeta[],
  path: string,
  restore: (path: string, value: ConfigValue) => Promise<unknown>,
): Promise<unknown> {
  const value = fields.find((field) => field.path === path)?.defaultValue;
  return value === undefined ? null : restore(path, value);
}
