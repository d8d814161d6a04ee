import type { FastifyInstance } from 'fastify';
import { AppError } from '../shared/errors';
import { hostName, isLoopbackHost } from './loopback';

export interface HostCheckOptions {
  bindHost: string;
  /** Extra names the server answers to (e.g. a reverse proxy's public name). */
  allowedHosts: string[];
}

/**
 * Defence against DNS rebinding: a server bound to loopback only answers requests whose Host
 * header names loopback (or an explicitly allowed name). A server bound elsewhere requires a
 * token anyway; there the check applies only when allowed hosts are configured.
 */
export function createHostAllowance(
  options: HostCheckOptions,
): (hostHeader: string | undefined) => boolean {
  const allowed = new Set(options.allowedHosts.map((host) => hostName(host)));
  const boundToLoopback = isLoopbackHost(options.bindHost);
  const bindName = hostName(options.bindHost);
  return (hostHeader) => {
    if (!hostHeader) return false;
    const name = hostName(hostHeader);
    if (allowed.has(name) || name === bindName) return true;
    if (isLoopbackHost(name)) return true;
    return !boundToLoopback && allowed.size === 0;
  };
}

export function installHostCheck(app: FastifyInstance, options: HostCheckOptions): void {
  const isAllowed = createHostAllowance(options);
  app.addHook('onRequest', async (request) => {
    if (!isAllowed(request.headers.host)) {
      throw new AppError(
        403,
        'HOST_NOT_ALLOWED',
        `Host header '${request.headers.host ?? ''}' is not allowed; add it to VIGIL_ALLOWED_HOSTS to serve it`,
      );
    }
  });
}
