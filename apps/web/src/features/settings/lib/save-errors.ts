import { ApiError } from '../../../lib/api-error';
import { serverFieldErrors } from './config-form';

/** The per-field messages of a rejected save (a 400 listing every bad key), if that is what failed. */
export function saveFieldErrors(error: unknown): Record<string, string> {
  const cause = error instanceof Error && error.cause instanceof ApiError ? error.cause : error;
  return cause instanceof ApiError && cause.status === 400 ? serverFieldErrors(cause.body) : {};
}

/** The line a card shows when a save fails for another reason than field errors. */
export function saveFailureText(error: unknown): string {
  if (!(error instanceof Error)) return 'Save failed';
  const cause = error.cause instanceof ApiError ? error.cause : null;
  return cause?.detail ? `${error.message} (${cause.detail})` : error.message;
}
