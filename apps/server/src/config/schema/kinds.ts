import type { FieldSpec } from '../types';

/** Shorthands for the block files: a field spec minus path, owner and section. */
type Local = Omit<FieldSpec, 'owner' | 'section' | 'path'>;
type Extra = Partial<Omit<Local, 'kind' | 'default' | 'description'>>;

export function int(
  def: number,
  min: number,
  max: number,
  description: string,
  extra: Extra = {},
): Local {
  return { kind: 'integer', default: def, min, max, description, ...extra };
}

export function num(
  def: number,
  min: number,
  max: number,
  description: string,
  extra: Extra = {},
): Local {
  return { kind: 'number', default: def, min, max, description, ...extra };
}

export function bool(def: boolean, description: string, extra: Extra = {}): Local {
  return { kind: 'boolean', default: def, description, ...extra };
}

export function str(def: string, description: string, extra: Extra = {}): Local {
  return { kind: 'string', default: def, description, ...extra };
}

export function choice(
  def: string,
  options: readonly string[],
  description: string,
  extra: Extra = {},
): Local {
  return { kind: 'enum', default: def, options, description, ...extra };
}

export function list(def: string[], description: string, extra: Extra = {}): Local {
  return { kind: 'string_list', default: def, description, ...extra };
}

/** Marks every field of a section "stored and validated, not used by this deployment". */
export function storedOnly(fields: Record<string, Local>): Record<string, Local> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, field]) => [key, { ...field, usedByDeployment: false }]),
  );
}
