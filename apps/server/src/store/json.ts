import { createHash } from 'node:crypto';

export type JsonObject = { [key: string]: unknown };

export const toJson = (value: unknown): string => JSON.stringify(value);

/** The store reads back only what it wrote itself, so the shape is trusted. */
export const fromJson = <T>(text: string): T => JSON.parse(text) as T;

/** JSON with object keys sorted at every level, so equal documents hash equally. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value))
    return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as JsonObject)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export const sha256Hex = (text: string): string =>
  createHash('sha256').update(text, 'utf8').digest('hex');
