import { CONFIG_FIELDS } from './schema';
import type { ConfigValue, ConfigValues } from './types';

export function cloneValue(value: ConfigValue): ConfigValue {
  return Array.isArray(value) ? [...value] : value;
}

/** A fresh dotted map of every default (lists copied, so callers may mutate). */
export function defaultConfigValues(): ConfigValues {
  const out: ConfigValues = {};
  for (const field of CONFIG_FIELDS) out[field.path] = cloneValue(field.spec.default);
  return out;
}

/**
 * Stored values over defaults, dropping keys the schema no longer knows (a renamed or removed
 * setting must not resurrect), so the result always has every current key.
 */
export function withDefaults(stored: Partial<ConfigValues>): ConfigValues {
  const out = defaultConfigValues();
  for (const [path, value] of Object.entries(stored)) {
    if (path in out && value !== undefined) out[path] = cloneValue(value);
  }
  return out;
}
