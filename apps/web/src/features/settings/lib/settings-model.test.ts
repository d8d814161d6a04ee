import type { AgentSettings, ConfigFieldMeta, GlobalSettings } from '@vigil/contract';
import { describe, expect, it } from 'vitest';
import {
  agentTabFields,
  buildSettingsModel,
  fieldsUnder,
  globalTabFields,
  pickFields,
} from './settings-model';

const field = (path: string, owner: ConfigFieldMeta['owner'] = 'global'): ConfigFieldMeta => ({
  path,
  kind: 'integer',
  default: 1,
  description: '',
  owner,
  section: 'S',
  min: null,
  max: null,
  options: null,
  restart_required: false,
  secret: false,
  used_by_deployment: true,
  unused_values: [],
});

const global: GlobalSettings = {
  values: { 'server.port': 8080, 'bigquery.job_timeout_seconds': 60, 'postgres.port': 5432 },
  fields: [field('server.port'), field('bigquery.job_timeout_seconds'), field('postgres.port')],
  saved_at: null,
};

const orchestrator: AgentSettings = {
  agent_id: 'orchestrator',
  name: 'Orchestrator',
  status: {
    agent_id: 'orchestrator',
    name: 'Orchestrator',
    status: 'healthy',
    url: 'in-process',
    last_seen: null,
    restart_available: true,
  },
  values: {
    'agents.orchestrator.burst_threshold': 5,
    'security.jwt_expiry': 3600,
    'agents.orchestrator.bigquery.write_enabled': false,
  },
  fields: [
    field('agents.orchestrator.burst_threshold', 'orchestrator'),
    field('security.jwt_expiry', 'orchestrator'),
    field('agents.orchestrator.bigquery.write_enabled', 'orchestrator'),
  ],
  saved_at: null,
};

describe('buildSettingsModel', () => {
  it('indexes every field and value of the global block and the agents', () => {
    const model = buildSettingsModel(global, [orchestrator]);
    expect(model.fields.size).toBe(6);
    expect(model.values['security.jwt_expiry']).toBe(3600);
    expect(
      pickFields(model, ['security.jwt_expiry', 'missing', 'server.port']).map((f) => f.path),
    ).toEqual(['security.jwt_expiry', 'server.port']);
    expect(fieldsUnder(model.fields.values(), ['security']).map((f) => f.path)).toEqual([
      'security.jwt_expiry',
    ]);
  });
});

describe('which fields each tab edits', () => {
  it('the Global tab leaves BigQuery and PostgreSQL to their integration cards', () => {
    expect(globalTabFields(global).map((f) => f.path)).toEqual(['server.port']);
  });

  it('an agent tab leaves security and BigQuery overrides to their own cards', () => {
    expect(agentTabFields(orchestrator).map((f) => f.path)).toEqual([
      'agents.orchestrator.burst_threshold',
    ]);
  });
});
