import { unflattenValues, type ConfigTree } from './dotted-path';
import { CONFIG_FIELDS } from './schema';
import { maskSecrets } from './secrets';
import {
  AGENT_IDS,
  type AgentId,
  type ConfigOwner,
  type ConfigValues,
  type FieldDef,
} from './types';

/** Display names from spec part 2 section 2.4. */
export const AGENT_DISPLAY_NAMES: Record<AgentId, string> = {
  orchestrator: 'Orchestrator',
  anomaly_detector: 'Anomaly Detector',
  traceability: 'Traceability',
  rca: 'Root Cause Analysis',
  remediation: 'Remediation',
  executor: 'Executor',
  collaborator: 'Collaborator',
};

export function fieldsOf(owner: ConfigOwner): FieldDef[] {
  return CONFIG_FIELDS.filter((field) => field.spec.owner === owner);
}

/** The values of one block (global or one agent), as a flat dotted map with secrets masked. */
export function blockValues(values: ConfigValues, owner: ConfigOwner): ConfigValues {
  const out: ConfigValues = {};
  for (const field of fieldsOf(owner)) {
    const value = values[field.path];
    if (value !== undefined) out[field.path] = value;
  }
  return maskSecrets(out);
}

export type SystemConfig = { global_config: ConfigTree } & Record<AgentId, ConfigTree>;

/** "System config: global_config plus one block per agent", secrets masked, keys as nested trees. */
export function toSystemConfig(values: ConfigValues): SystemConfig {
  const config = { global_config: unflattenValues(blockValues(values, 'global')) } as SystemConfig;
  for (const agent of AGENT_IDS) config[agent] = unflattenValues(blockValues(values, agent));
  return config;
}
