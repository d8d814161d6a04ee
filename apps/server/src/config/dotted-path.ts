import type { ConfigValue, ConfigValues } from './types';

/** The nested form of the config, as GET /api/settings/config returns it. */
export interface ConfigTree {
  [key: string]: ConfigTree | ConfigValue;
}

function isTree(value: ConfigTree | ConfigValue | undefined): value is ConfigTree {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Nested tree -> dotted map. Arrays are values (string lists), never walked into. */
export function flattenTree(tree: ConfigTree, prefix = ''): ConfigValues {
  const out: ConfigValues = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isTree(value)) Object.assign(out, flattenTree(value, path));
    else out[path] = value;
  }
  return out;
}

/** Dotted map -> nested tree. Throws when a key is both a value and a parent (a schema bug). */
export function unflattenValues(values: ConfigValues): ConfigTree {
  const root: ConfigTree = {};
  for (const [path, value] of Object.entries(values)) {
    const parts = path.split('.');
    const leaf = parts.pop() ?? path;
    let node = root;
    for (const part of parts) {
      const next = node[part] ?? {};
      if (!isTree(next)) throw new Error(`Config key ${path} collides with a value at ${part}`);
      node[part] = next;
      node = next;
    }
    node[leaf] = value;
  }
  return root;
}

/** The value or subtree at a dotted path of a tree, or undefined. */
export function getPath(tree: ConfigTree, path: string): ConfigTree | ConfigValue | undefined {
  let node: ConfigTree | ConfigValue | undefined = tree;
  for (const part of path.split('.')) {
    if (!isTree(node)) return undefined;
    node = node[part];
  }
  return node;
}

/**
 * `get(path)` on the flat map: the value of a key, or the subtree under a prefix
 * (`agents.executor.matching` -> `{keyword_weight, ...}`), or undefined.
 */
export function getValue(values: ConfigValues, path: string): ConfigTree | ConfigValue | undefined {
  if (path in values) return values[path];
  return getPath(unflattenValues(values), path);
}
