/**
 * Why a call failed, as a value screens can inspect. `message` is the spec's
 * `HTTP {status}: {statusText}` (part 1 section 8); `detail` and `code` are the server's own
 * words from its `{success:false, message, detail, code}` body, when it sent one.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly statusText: string;
  readonly detail: string | null;
  readonly code: string | null;
  /** The parsed JSON body (or the text when it was not JSON), for screens that need more. */
  readonly body: unknown;

  constructor(init: {
    status: number;
    statusText: string;
    detail: string | null;
    code: string | null;
    body: unknown;
  }) {
    super(`HTTP ${init.status}: ${init.statusText}`);
    this.status = init.status;
    this.statusText = init.statusText;
    this.detail = init.detail;
    this.code = init.code;
    this.body = init.body;
  }
}

/** The request never got an answer: the server is down or unreachable. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';

  constructor(cause: unknown) {
    super(`Could not reach the server: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
  }
}

/** HTTP/2 answers carry no reason phrase; these keep the spec's message readable there too. */
const REASON_PHRASES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

const stringField = (body: unknown, field: string): string | null => {
  if (typeof body !== 'object' || body === null || !(field in body)) return null;
  const value: unknown = (body as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : null;
};

/** Reads a non-OK response into an ApiError; never throws while doing so. */
export async function apiErrorFrom(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    const text = await response.text();
    try {
      body = text === '' ? null : (JSON.parse(text) as unknown);
    } catch {
      body = text;
    }
  } catch {
    body = null;
  }
  return new ApiError({
    status: response.status,
    statusText: response.statusText || REASON_PHRASES[response.status] || 'Error',
    detail: stringField(body, 'detail') ?? stringField(body, 'message'),
    code: stringField(body, 'code'),
    body,
  });
}
