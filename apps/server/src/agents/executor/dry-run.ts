import { isIP } from 'node:net';
import { refusedAddressReason } from '../shared/safe-http/address-policy';
import {
  isAllowlisted,
  parseOutboundUrl,
  SafeHttpError,
} from '../shared/safe-http/safe-http-client';

/**
 * What a dry run can tell without any network traffic (not even DNS): a bad URL, or a literal
 * address the guard would refuse. Names are resolved only by a real run.
 */
export function dryRunProblem(url: string, allowlist: readonly string[]): string | null {
  let parsed: URL;
  try {
    parsed = parseOutboundUrl(url);
  } catch (error) {
    return error instanceof SafeHttpError ? error.message : 'The URL is not valid';
  }
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) === 0 || isAllowlisted(parsed, allowlist)) return null;
  const reason = refusedAddressReason(host);
  return reason
    ? `Refused: ${host} is a ${reason} address; add it to the executor allowlist to permit it`
    : null;
}
