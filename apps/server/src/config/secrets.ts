import { SECRET_MARKER } from '@vigil/contract';
import { FIELD_BY_PATH } from './schema';
import type { ConfigValues } from './types';

/** What the API returns in place of a set secret; sending it back means "keep the stored one". */
export { SECRET_MARKER };

export function isSecretPath(path: string): boolean {
  return FIELD_BY_PATH.get(path)?.secret ?? false;
}

/**
 * Secrets are write-only. An empty secret stays empty so the console can tell "not set" from
 * "set" without ever seeing the value.
 */
export function maskSecrets<T extends Partial<ConfigValues>>(values: T): T {
  const out: Partial<ConfigValues> = { ...values };
  for (const [path, value] of Object.entries(values)) {
    if (isSecretPath(path) && value !== '' && value !== undefined) out[path] = SECRET_MARKER;
  }
  return out as T;
}
