import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Serves the built console and answers unknown page paths with index.html (SPA fallback). */
export async function installConsole(
  app: FastifyInstance,
  distDir: string | null,
): Promise<SpaFallback | null> {
  if (!distDir || !existsSync(join(distDir, 'index.html'))) return null;
  await app.register(fastifyStatic, { root: distDir, prefix: '/', wildcard: true, index: false });
  const indexHtml = await readFile(join(distDir, 'index.html'));
  const sendIndex = (reply: FastifyReply): FastifyReply =>
    reply
      .status(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(indexHtml);
  // The static plugin refuses to list the root folder; the console itself answers `/`.
  app.get('/', (_request, reply) => sendIndex(reply));
  return (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/api') || path.startsWith('/v1/') || /\.[a-z0-9]+$/i.test(path))
      return false;
    void sendIndex(reply);
    return true;
  };
}

export type SpaFallback = (request: FastifyRequest, reply: FastifyReply) => boolean;
