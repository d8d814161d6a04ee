import type { ApprovedAction } from '@vigil/contract';
import { looksSecret, MASK } from '../shared/safe-http/secret-mask';

/**
 * The catalogue never answers a secret header value: reads get MASK, and an update that sends
 * MASK back keeps the stored value, so the console can edit an action without ever seeing it.
 */
export function maskActionSecrets(action: ApprovedAction): ApprovedAction {
  const headers = Object.fromEntries(
    Object.entries(action.template_command.headers).map(([name, value]) => [
      name,
      looksSecret(name) && value !== '' ? MASK : value,
    ]),
  );
  return { ...action, template_command: { ...action.template_command, headers } };
}

export function keepMaskedHeaders(
  stored: ApprovedAction | null,
  headers: Record<string, string>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      value === MASK ? (stored?.template_command.headers[name] ?? '') : value,
    ]),
  );
}
