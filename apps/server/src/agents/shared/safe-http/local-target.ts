import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Test helper: an HTTP target on 127.0.0.1 that counts connections and records requests. */
export interface ReceivedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type TargetHandler = (request: ReceivedRequest, response: http.ServerResponse) => void;

export interface LocalTarget {
  port: number;
  origin: string;
  connections(): number;
  requests: ReceivedRequest[];
  setHandler(handler: TargetHandler): void;
  close(): Promise<void>;
}

export const answer =
  (status: number, body = ''): TargetHandler =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'text/plain' });
    res.end(body);
  };

export async function startLocalTarget(
  initial: TargetHandler = answer(200, 'ok'),
): Promise<LocalTarget> {
  let handler = initial;
  let connections = 0;
  const requests: ReceivedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const received = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(received);
      handler(received, res);
    });
  });
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    connections: () => connections,
    requests,
    setHandler(next) {
      handler = next;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
