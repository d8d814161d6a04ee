import type { FieldDef } from '../types';
import { ANOMALY_DETECTOR_FIELDS } from './anomaly-detector';
import { agentBigQueryFields, BIGQUERY_FIELDS } from './bigquery';
import { COLLABORATOR_FIELDS } from './collaborator';
import { EXECUTOR_FIELDS, SAFETY_VALIDATION_FIELDS } from './executor';
import { GLOBAL_FIELDS } from './global';
import { ORCHESTRATOR_FIELDS, SECURITY_FIELDS } from './orchestrator';
import { POSTGRES_FIELDS } from './postgres';
import { RCA_FIELDS, REMEDIATION_FIELDS } from './rca-remediation';
import { TRACEABILITY_FIELDS } from './traceability';

/** Every setting, in the order the docs and the console list them. */
export const CONFIG_FIELDS: readonly FieldDef[] = [
  ...GLOBAL_FIELDS,
  ...ORCHESTRATOR_FIELDS,
  ...SECURITY_FIELDS,
  ...ANOMALY_DETECTOR_FIELDS,
  ...TRACEABILITY_FIELDS,
  ...RCA_FIELDS,
  ...REMEDIATION_FIELDS,
  ...EXECUTOR_FIELDS,
  ...SAFETY_VALIDATION_FIELDS,
  ...COLLABORATOR_FIELDS,
  ...BIGQUERY_FIELDS,
  ...POSTGRES_FIELDS,
  ...agentBigQueryFields(),
];

export const FIELD_BY_PATH: ReadonlyMap<string, FieldDef> = buildIndex(CONFIG_FIELDS);

function buildIndex(fields: readonly FieldDef[]): Map<string, FieldDef> {
  const index = new Map<string, FieldDef>();
  for (const field of fields) {
    if (index.has(field.path)) throw new Error(`Config key declared twice: ${field.path}`);
    index.set(field.path, field);
  }
  return index;
}
