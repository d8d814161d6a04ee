import type { ConfigFieldMeta } from '@vigil/contract';
import type { FieldDef } from '../config/types';

/** A field's declaration as the console reads it. */
export function fieldMeta(field: FieldDef): ConfigFieldMeta {
  const { spec } = field;
  return {
    path: field.path,
    kind: spec.kind,
    // A secret's default is never shown either (it is '' everywhere today, but stays write-only).
    default: field.secret ? '' : spec.default,
    description: spec.description,
    owner: spec.owner,
    section: spec.section,
    min: spec.min ?? null,
    max: spec.max ?? null,
    options: spec.options ? [...spec.options] : null,
    restart_required: field.restartRequired,
    secret: field.secret,
    used_by_deployment: field.usedByDeployment,
    unused_values: spec.unusedValues ? [...spec.unusedValues] : [],
  };
}
