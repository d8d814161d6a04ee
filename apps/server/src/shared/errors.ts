/**
 * Errors are values with stable codes. The HTTP error handler turns them into
 * `{success:false, message, detail, code}`; nothing else decides a status.
 */
export interface FieldIssue {
  path: string;
  message: string;
}

export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly retryable: boolean;
  readonly issues: FieldIssue[] | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    status: number,
    code: string,
    message: string,
    options: {
      retryable?: boolean;
      issues?: FieldIssue[];
      headers?: Record<string, string>;
      cause?: unknown;
    } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.status = status;
    this.code = code;
    this.retryable = options.retryable ?? false;
    this.issues = options.issues;
    this.headers = options.headers;
  }
}

export const notFound = (code: string, message: string): AppError =>
  new AppError(404, code, message);

export const badRequest = (
  message: string,
  issues?: FieldIssue[],
  code = 'VALIDATION_ERROR',
): AppError => new AppError(400, code, message, issues ? { issues } : {});

export const unavailable = (code: string, message: string, retryAfterSeconds = 1): AppError =>
  new AppError(503, code, message, {
    retryable: true,
    headers: { 'retry-after': String(retryAfterSeconds) },
  });
