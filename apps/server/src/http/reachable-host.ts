const WILDCARDS: ReadonlySet<string> = new Set(['0.0.0.0', '::', '[::]', '']);

/** The host to put in a URL of this server: the bind host, or `defaultHost` for a wildcard bind. */
export function reachableHost(bindHost: string, defaultHost: string): string {
  return WILDCARDS.has(bindHost) ? defaultHost : bindHost;
}

/** IPv6 literals go in brackets inside a URL. */
export function urlHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}
