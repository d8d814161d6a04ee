import { ApiError } from '../../../lib/api-error';

export type ActionVerb = 'create' | 'update' | 'delete' | 'execute' | 'approve' | 'reject';
export type FetchedThing = 'actions' | 'action' | 'executions' | 'stats' | 'health';

/**
 * Spec part 2 section 8: a failed change reads the server's detail when it sent one, otherwise
 * 'Failed to {verb} {what}: {status text}'. A call that never got an answer keeps its own message.
 */
export function changeErrorMessage(error: unknown, verb: ActionVerb, what = 'action'): string {
  if (error instanceof ApiError)
    return error.detail ?? `Failed to ${verb} ${what}: ${error.statusText}`;
  return error instanceof Error ? error.message : String(error);
}

/** 'Failed to fetch {actions|action|executions|stats|health}: {status text}'. */
export function fetchErrorMessage(error: unknown, thing: FetchedThing): string {
  if (error instanceof ApiError) return `Failed to fetch ${thing}: ${error.statusText}`;
  return error instanceof Error ? error.message : String(error);
}
