import type { ConfigValue, FlatConfig } from './config-types';

const isScalar = (value: unknown): value is string | number | boolean =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/**
 * A nested config block (as GET /api/settings/config answers) -> dotted keys. Lists are values,
 * never walked into; anything that is not a setting value (null, objects in lists) is skipped.
 */
export function flattenTree(tree: unknown, prefix = ''): FlatConfig {
  const out: FlatConfig = {};
  if (typeof tree !== 'object' || tree === null || Array.isArray(tree)) return out;
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (isScalar(value) || isStringList(value)) out[path] = value;
    else Object.assign(out, flattenTree(value, path));
  }
  return out;
}

export function sameValue(a: ConfigValue | undefined, b: ConfigValue | undefined): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => item === b[index]);
  }
  return a === b;
}

/** Only the keys whose edited value differs from the saved one: the body of an agent PUT. */
export function changedValues(saved: FlatConfig, edited: FlatConfig): FlatConfig {
  const out: FlatConfig = {};
  for (const [path, value] of Object.entries(edited)) {
    if (!sameValue(saved[path], value)) out[path] = value;
  }
  return out;
}

/** The keys of `values` under a dotted prefix (`security` matches `security.jwt_expiry`). */
export function underPrefix(values: FlatConfig, prefix: string): FlatConfig {
  const out: FlatConfig = {};
  for (const [path, value] of Object.entries(values)) {
    if (path === prefix || path.startsWith(`${prefix}.`)) out[path] = value;
  }
  return out;
}

type Tree = { [key: string]: Tree | ConfigValue };

/**
 * The keys under `prefix`, nested below it (`bigquery.retention.partition_expiration_days` under
 * `bigquery` -> `{ retention: { partition_expiration_days } }`): the BigQuery PUT body.
 */
export function nestUnder(prefix: string, values: FlatConfig): Tree {
  const root: Tree = {};
  for (const [path, value] of Object.entries(values)) {
    if (!path.startsWith(`${prefix}.`)) continue;
    const parts = path.slice(prefix.length + 1).split('.');
    const leaf = parts.pop() ?? '';
    let node = root;
    for (const part of parts) {
      const next = node[part];
      const child: Tree = typeof next === 'object' && !Array.isArray(next) ? next : {};
      node[part] = child;
      node = child;
    }
    node[leaf] = value;
  }
  return root;
}
