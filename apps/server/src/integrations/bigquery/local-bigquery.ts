import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  answerTokenRequest,
  checkBearer,
  readBody,
  sendJson,
} from '../google-auth/local-google-auth';
import { BIGQUERY_READ_SCOPE } from './bigquery-client';

export { writeServiceAccountKey } from '../google-auth/local-google-auth';

/**
 * Test helper: a local server that speaks the Google REST calls the client makes (the OAuth
 * JWT-bearer token exchange, datasets.get and jobs.query), with a matching service-account key
 * file (`writeServiceAccountKey`).
 */
export interface LocalBigQuery {
  server: Server;
  url: string;
  calls: string[];
  /** Bodies of the jobs.query requests, in order. */
  queries: Record<string, unknown>[];
  /** Remote ports of the sockets opened to the server, in order. */
  sockets: number[];
}

export function startLocalBigQuery(): Promise<LocalBigQuery> {
  const calls: string[] = [];
  const queries: Record<string, unknown>[] = [];
  const sockets: number[] = [];
  const server = createServer((request, response) => {
    void (async () => {
      const url = request.url ?? '';
      calls.push(`${request.method} ${url}`);
      if (request.method === 'POST' && url === '/token')
        return void (await answerTokenRequest(request, response, BIGQUERY_READ_SCOPE));
      if (!checkBearer(request, response)) return;
      if (url === '/bigquery/v2/projects/demo-project/datasets/vigil')
        return sendJson(response, 200, { id: 'demo-project:vigil', location: 'EU' });
      if (request.method === 'POST' && url === '/bigquery/v2/projects/demo-project/queries') {
        const body = JSON.parse(await readBody(request)) as Record<string, unknown>;
        queries.push(body);
        return sendJson(response, 200, {
          kind: 'bigquery#queryResponse',
          jobReference: { projectId: 'demo-project', location: body.location },
          jobComplete: true,
          cacheHit: body.useQueryCache !== false && queries.length > 1,
          totalRows: '1',
          rows: [{ f: [{ v: '1' }] }],
        });
      }
      return sendJson(response, 404, {
        error: { code: 404, message: `Not found: Dataset ${url}` },
      });
    })();
  });
  server.on('connection', (socket) => sockets.push(socket.remotePort ?? 0));
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}`, calls, queries, sockets });
    });
  });
}
