import type { ApprovedAction } from '@vigil/contract';

export interface ParameterField {
  name: string;
  required: boolean;
  /** The parameter's own description, when its spec gives one. */
  description: string | null;
}

const describe = (spec: unknown): string | null => {
  if (typeof spec === 'string') return spec;
  if (typeof spec === 'object' && spec !== null && 'description' in spec) {
    const text = (spec as { description: unknown }).description;
    return typeof text === 'string' ? text : null;
  }
  return null;
};

/** The boxes the dry-run dialog shows: required parameters first, then optional ones. */
export function parameterFields(action: ApprovedAction): ParameterField[] {
  const required = Object.entries(action.required_parameters).map(([name, spec]) => ({
    name,
    required: true,
    description: describe(spec),
  }));
  const optional = Object.entries(action.optional_parameters)
    .filter(([name]) => !(name in action.required_parameters))
    .map(([name, spec]) => ({ name, required: false, description: describe(spec) }));
  return [...required, ...optional];
}

/** Only the filled boxes are sent; the server names any required one left blank. */
export function filledParameters(values: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));
}
