import type { JsonObject } from '../../store/json';
import type { ParameterValue, TemplateContext } from './render-template';

/** What approval needs to render the real request again: kept in the store, never answered. */
export interface ParkedExecution {
  parameters: Record<string, ParameterValue>;
  context: TemplateContext;
}

export const toParkedDoc = (parked: ParkedExecution): JsonObject => ({
  parameters: parked.parameters,
  context: parked.context,
});

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The store gives back what the executor wrote; a row of another shape counts as lost. */
export function fromParkedDoc(doc: JsonObject | null): ParkedExecution | null {
  if (!doc || !isRecord(doc.parameters) || !isRecord(doc.context)) return null;
  return {
    parameters: doc.parameters as Record<string, ParameterValue>,
    context: doc.context as TemplateContext,
  };
}
