/**
 * Secrets never leave the process: header values whose name looks secret and parameters marked
 * secret are replaced by MASK in every answer, audit entry, notification, log line and error.
 */
export const MASK = '••••';

const SECRET_NAME = /authorization|token|key|secret|password|passwd|cookie|credential|signature/i;

export const looksSecret = (name: string): boolean => SECRET_NAME.test(name);

/** Values shorter than this are not searched for in free text (masking "a" everywhere helps nobody). */
const MIN_SECRET_LENGTH = 4;

export interface SecretMasker {
  /** Replaces every known secret (raw, URL-encoded or JSON-escaped) in a text. */
  text(value: string): string;
  headers(headers: Record<string, string>): Record<string, string>;
}

const escapeRegExp = (value: string): string => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function createSecretMasker(secrets: readonly string[]): SecretMasker {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue;
    forms.add(secret);
    forms.add(encodeURIComponent(secret));
    forms.add(JSON.stringify(secret).slice(1, -1));
  }
  const ordered = [...forms].sort((a, b) => b.length - a.length);
  const pattern =
    ordered.length === 0 ? null : new RegExp(ordered.map(escapeRegExp).join('|'), 'g');
  const text = (value: string): string => (pattern ? value.replace(pattern, MASK) : value);
  return {
    text,
    headers(headers) {
      return Object.fromEntries(
        Object.entries(headers).map(([name, value]) => [
          name,
          looksSecret(name) ? MASK : text(value),
        ]),
      );
    },
  };
}
