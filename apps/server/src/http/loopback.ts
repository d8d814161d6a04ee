import { isIP } from 'node:net';

/** True for 127.0.0.0/8, ::1, IPv4-mapped loopback and `localhost`. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  if (bare === '::1') return true;
  const mapped = bare.startsWith('::ffff:') ? bare.slice(7) : bare;
  return isIP(mapped) === 4 && mapped.startsWith('127.');
}

/** Splits a Host header into its name, keeping IPv6 brackets out. */
export function hostName(hostHeader: string): string {
  const trimmed = hostHeader.trim().toLowerCase();
  if (trimmed.startsWith('[')) {
    const end = trimmed.indexOf(']');
    return end > 0 ? trimmed.slice(1, end) : trimmed;
  }
  const colon = trimmed.lastIndexOf(':');
  return colon > -1 && trimmed.indexOf(':') === colon ? trimmed.slice(0, colon) : trimmed;
}
