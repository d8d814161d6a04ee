import type { FastifyInstance } from 'fastify';

/**
 * The console sends some POSTs with a JSON content type and no body: those parse as `{}`.
 * Everything else goes through Fastify's own parser, which refuses prototype poisoning.
 */
export function installJsonBodyParser(app: FastifyInstance, bodyLimit: number): void {
  const defaultParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit },
    (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') {
        done(null, {});
        return;
      }
      defaultParser(request, text, done);
    },
  );
}
