import { ApiError } from '../../../lib/api-error';

/** Spec part 2 section 8: 'HTTP error! status: {code}'; a call with no answer keeps its message. */
export function auditErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return `HTTP error! status: ${error.status}`;
  return error instanceof Error ? error.message : String(error);
}
