import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { FLEET_SERVICES } from './fleet-catalogue';
import { CONTROL_OPERATIONS, type ControlOperation } from './fault-catalogue';
import { UnknownNameError, type FleetState } from './fleet-state';

export interface ControlServer {
  origin: string;
  port: number;
  close(): Promise<void>;
}

export interface ControlServerOptions {
  state: FleetState;
  /** 0 picks a free port. */
  port: number;
  now: () => number;
  onOperation?: (line: string) => void;
}

const isOperation = (value: string): value is ControlOperation =>
  (CONTROL_OPERATIONS as readonly string[]).includes(value);

function reply(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/**
 * The fleet's operations API, on loopback only: what an orchestrator (Kubernetes, a deploy tool,
 * a database console) would offer. `POST /components/{name}/{operation}` really changes the
 * fleet; `POST /faults/{name}` is the chaos side, injecting a fault on demand.
 */
export async function startControlServer(options: ControlServerOptions): Promise<ControlServer> {
  const { state } = options;
  const route = (method: string, path: string, res: http.ServerResponse): void => {
    const parts = path
      .split('/')
      .filter((part) => part.length > 0)
      .map(decodeURIComponent);
    if (method === 'GET' && path === '/components')
      return reply(
        res,
        200,
        FLEET_SERVICES.map((svc) => ({
          name: svc.name,
          kind: svc.kind,
          version: state.version(svc.name),
          replicas: state.replicas(svc.name),
        })),
      );
    if (method === 'GET' && path === '/faults')
      return reply(
        res,
        200,
        state.active().map(({ fault, since }) => ({
          name: fault.name,
          component: fault.root,
          since: new Date(since).toISOString(),
        })),
      );
    if (method === 'POST' && parts.length === 2 && parts[0] === 'faults') {
      const active = state.inject(parts[1] ?? '', options.now());
      options.onOperation?.(`fault ${active.fault.name} injected`);
      return reply(res, 201, {
        name: active.fault.name,
        since: new Date(active.since).toISOString(),
      });
    }
    if (method === 'POST' && parts.length === 3 && parts[0] === 'components') {
      const [, component = '', operation = ''] = parts;
      if (!isOperation(operation))
        return reply(res, 404, {
          error: `unknown operation '${operation}'; one of ${CONTROL_OPERATIONS.join(', ')}`,
        });
      const result = state.operate(component, operation);
      options.onOperation?.(
        `${operation} ${component}${result.ended.length > 0 ? ` (ended ${result.ended.join(', ')})` : ''}`,
      );
      return reply(res, 200, result);
    }
    reply(res, 404, { error: `no route ${method} ${path}` });
  };

  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://control').pathname;
      try {
        route(req.method ?? 'GET', path, res);
      } catch (error) {
        if (error instanceof UnknownNameError) reply(res, 404, { error: error.message });
        else reply(res, 500, { error: 'internal error' });
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
