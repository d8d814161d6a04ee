import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../shared/errors';
import type { SpaFallback } from './static-console';

interface ErrorBody {
  success: false;
  message: string;
  detail: string;
  code: string;
  errors?: { path: string; message: string }[];
}

const body = (message: string, code: string, errors?: ErrorBody['errors']): ErrorBody => ({
  success: false,
  message,
  detail: message,
  code,
  ...(errors ? { errors } : {}),
});

/** Fastify's own errors (bad JSON, body too large, bad media type) mapped to stable codes. */
const FASTIFY_CODES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'INVALID_CONTENT_LENGTH',
  FST_ERR_VALIDATION: 'VALIDATION_ERROR',
};

function describeClientError(error: FastifyError): string {
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    return `Malformed JSON body: ${error.message}`;
  }
  return error.message;
}

/** The one place that turns an error into an HTTP answer. A 500 never leaks a stack. */
export function installErrorHandler(app: FastifyInstance, spaFallback: SpaFallback | null): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      return reply.status(error.status).send(body(error.message, error.code, error.issues));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code = FASTIFY_CODES[error.code] ?? 'BAD_REQUEST';
      return reply.status(status).send(body(describeClientError(error), code));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body('Internal server error', 'INTERNAL_ERROR'));
  });

  app.setNotFoundHandler((request, reply) => {
    if (spaFallback?.(request, reply)) return reply;
    const path = request.url.split('?')[0] ?? request.url;
    return reply.status(404).send(body(`No route ${request.method} ${path}`, 'ROUTE_NOT_FOUND'));
  });
}
