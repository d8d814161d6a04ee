import { FIELD_BY_PATH } from '../config/schema';
import type { ConfigValue, ConfigValues } from '../config/types';

/**
 * Typed reads of a validated config map. A missing or mistyped key (only possible through a
 * programming error: the service always holds every key, validated) falls back to the declared
 * default, so an agent never sees `undefined`.
 */
export interface ValueReader {
  number(path: string): number;
  boolean(path: string): boolean;
  string(path: string): string;
  list(path: string): string[];
}

function fallback(path: string): ConfigValue {
  const field = FIELD_BY_PATH.get(path);
  if (!field) throw new Error(`Unknown config key read: ${path}`);
  return field.spec.default;
}

export function readValues(values: ConfigValues): ValueReader {
  const get = <T extends ConfigValue>(path: string, is: (v: ConfigValue) => v is T): T => {
    const value = values[path];
    if (value !== undefined && is(value)) return value;
    const def = fallback(path);
    if (is(def)) return def;
    throw new Error(`Config key ${path} has a default of the wrong kind`);
  };
  return {
    number: (path) => get(path, (v): v is number => typeof v === 'number'),
    boolean: (path) => get(path, (v): v is boolean => typeof v === 'boolean'),
    string: (path) => get(path, (v): v is string => typeof v === 'string'),
    list: (path) => [...get(path, (v): v is string[] => Array.isArray(v))],
  };
}

/**
 * Memoises a mapping on the identity of the values object: the service replaces the object on
 * every save, so agents reading on every event pay for the mapping once per save.
 */
export function mapped<T>(values: () => ConfigValues, map: (values: ConfigValues) => T): () => T {
  let seen: ConfigValues | null = null;
  let result: T | null = null;
  return () => {
    const current = values();
    if (current !== seen || result === null) {
      seen = current;
      result = map(current);
    }
    return result;
  };
}
