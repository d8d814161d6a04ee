import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callJson } from './google-http';

describe('callJson', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      const url = request.url ?? '';
      if (url === '/moved') {
        response.writeHead(302, { location: 'http://elsewhere.example/steal' });
        return response.end();
      }
      if (url === '/big') {
        response.writeHead(200, { 'content-type': 'application/json' });
        return response.end(JSON.stringify({ blob: 'x'.repeat(2_000) }));
      }
      if (url === '/html') {
        response.writeHead(200, { 'content-type': 'text/html' });
        return response.end('<html>proxy login</html>');
      }
      if (url === '/oauth-error') {
        response.writeHead(400, { 'content-type': 'application/json' });
        return response.end(
          JSON.stringify({ error: 'invalid_grant', error_description: 'Invalid JWT Signature.' }),
        );
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ ok: true }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  const call = (path: string, maxBytes?: number) =>
    callJson(
      `${base}${path}`,
      { method: 'GET' },
      { timeoutMs: 2_000, what: 'Test API', ...(maxBytes ? { maxBytes } : {}) },
    );

  it('answers the parsed JSON', async () => {
    expect(await call('/ok')).toEqual({ ok: true });
  });

  it('never follows a redirect', async () => {
    await expect(call('/moved')).rejects.toThrow('Test API answered HTTP 302: Found');
  });

  it('reads the OAuth error shape', async () => {
    await expect(call('/oauth-error')).rejects.toThrow(
      'Test API answered HTTP 400: Invalid JWT Signature.',
    );
  });

  it('refuses an answer past the size cap and one that is not JSON', async () => {
    await expect(call('/big', 1_000)).rejects.toThrow('Test API answered more than 1000 bytes');
    await expect(call('/html')).rejects.toThrow('Test API answered with invalid JSON');
  });
});
