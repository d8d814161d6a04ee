import type { AgentId, AgentSettings, GlobalSettings } from '@vigil/contract';
import type { FieldMeta, FlatConfig } from './config-types';
import { toFieldMeta } from './field-meta';

/** Every field and value the console has loaded, across the global block and the agents. */
export interface SettingsModel {
  fields: ReadonlyMap<string, FieldMeta>;
  values: FlatConfig;
  /** Display names by agent id, as the server names them. */
  agentNames: ReadonlyMap<AgentId, string>;
}

export function buildSettingsModel(
  global: GlobalSettings,
  agents: readonly AgentSettings[],
): SettingsModel {
  const fields = new Map<string, FieldMeta>();
  const values: FlatConfig = {};
  for (const block of [global, ...agents]) {
    for (const meta of block.fields) fields.set(meta.path, toFieldMeta(meta));
    Object.assign(values, block.values);
  }
  const agentNames = new Map(agents.map((agent) => [agent.agent_id, agent.name] as const));
  return { fields, values, agentNames };
}

/** The named fields that exist, in the order given (a card lists the keys the spec names). */
export function pickFields(model: SettingsModel, paths: readonly string[]): FieldMeta[] {
  return paths.flatMap((path) => {
    const meta = model.fields.get(path);
    return meta ? [meta] : [];
  });
}

const under = (path: string, prefix: string): boolean => path.startsWith(`${prefix}.`);

/** The fields whose keys start with any of the prefixes, in the server's order. */
export function fieldsUnder(fields: Iterable<FieldMeta>, prefixes: readonly string[]): FieldMeta[] {
  return [...fields].filter((meta) => prefixes.some((prefix) => under(meta.path, prefix)));
}

/** The fields an agent's own sub-tab edits: its block minus the keys that have their own card. */
export function agentTabFields(agent: AgentSettings): FieldMeta[] {
  const ownCards = ['security', 'safety_validation', `agents.${agent.agent_id}.bigquery`];
  return agent.fields
    .map(toFieldMeta)
    .filter((meta) => !ownCards.some((prefix) => under(meta.path, prefix)));
}

/** The Global tab: the global block minus BigQuery and PostgreSQL, which are integrations. */
export function globalTabFields(global: GlobalSettings): FieldMeta[] {
  return global.fields
    .map(toFieldMeta)
    .filter((meta) => !under(meta.path, 'bigquery') && !under(meta.path, 'postgres'));
}
