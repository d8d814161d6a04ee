import type { z } from 'zod';
import { badRequest, type FieldIssue } from '../shared/errors';

/** Parses untrusted input; a failure is a 400 that names every bad field. */
export function parseInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  where: 'body' | 'query' | 'params',
): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issues: FieldIssue[] = result.error.issues.map((issue) => ({
    path: issue.path.length > 0 ? issue.path.join('.') : where,
    message: issue.message,
  }));
  const summary = issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ');
  return throwBadRequest(`Invalid ${where}: ${summary}`, issues);
}

function throwBadRequest(message: string, issues: FieldIssue[]): never {
  throw badRequest(message, issues);
}
