import { flattenTree, unflattenValues, type ConfigTree } from '../config/dotted-path';
import { CONFIG_FIELDS } from '../config/schema';
import { maskSecrets } from '../config/secrets';
import type { ConfigValues, FieldDef } from '../config/types';

/**
 * The BigQuery calls speak in nested `bigquery` blocks: the global one is the keys under
 * `bigquery.`, an agent's the keys under `agents.{id}.bigquery.`.
 */
export const globalBigQueryPrefix = 'bigquery.';
export const agentBigQueryPrefix = (agentId: string): string => `agents.${agentId}.bigquery.`;

export function bigQueryFields(prefix: string): FieldDef[] {
  return CONFIG_FIELDS.filter((field) => field.path.startsWith(prefix));
}

/** The block under `prefix` as a nested tree, secrets masked. */
export function bigQueryBlock(values: ConfigValues, prefix: string): ConfigTree {
  const out: ConfigValues = {};
  for (const field of bigQueryFields(prefix)) {
    const value = values[field.path];
    if (value !== undefined) out[field.path.slice(prefix.length)] = value;
  }
  // Mask with full paths, then strip the prefix.
  const masked = maskSecrets(
    Object.fromEntries(Object.entries(out).map(([key, value]) => [prefix + key, value])),
  );
  return unflattenValues(
    Object.fromEntries(
      Object.entries(masked).map(([path, value]) => [path.slice(prefix.length), value]),
    ),
  );
}

/** A (partial) nested PUT body -> dotted changes under `prefix`. */
export function bigQueryChanges(
  body: Record<string, unknown>,
  prefix: string,
): Record<string, unknown> {
  const flat = flattenTree(body as ConfigTree);
  return Object.fromEntries(Object.entries(flat).map(([key, value]) => [prefix + key, value]));
}
