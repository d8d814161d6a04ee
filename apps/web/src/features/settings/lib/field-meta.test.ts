import type { ConfigFieldMeta } from '@vigil/contract';
import { describe, expect, it } from 'vitest';
import {
  boundsText,
  fieldInputId,
  fieldLabel,
  groupBySection,
  toFieldMeta,
  withContextLabels,
} from './field-meta';

const serverField = (overrides: Partial<ConfigFieldMeta>): ConfigFieldMeta => ({
  path: 'agents.orchestrator.timeout_seconds',
  kind: 'integer',
  default: 30,
  description: 'Time allowed for one agent step.',
  owner: 'orchestrator',
  section: 'Timeouts',
  min: 1,
  max: 300,
  options: null,
  restart_required: false,
  secret: false,
  used_by_deployment: true,
  unused_values: [],
  ...overrides,
});

describe('fieldLabel', () => {
  it.each([
    ['agents.executor.max_retries', 'Max retries'],
    ['collaborator.email_service.smtp_port', 'SMTP port'],
    ['otel.base_url', 'Base URL'],
    ['security.jwt_expiry', 'JWT expiry'],
    ['rca.gemini.top_p', 'Top P'],
    ['server.host', 'Host'],
  ])('%s -> %s', (path, label) => {
    expect(fieldLabel(path)).toBe(label);
  });
});

describe('toFieldMeta', () => {
  it('keeps bounds, flags and the section, and drops nulls', () => {
    expect(toFieldMeta(serverField({}))).toMatchObject({
      label: 'Timeout seconds',
      min: 1,
      max: 300,
      options: undefined,
      required: true,
      secret: false,
      restartRequired: false,
      usedByDeployment: true,
    });
  });

  it('requires numbers, choices and hosts, not optional strings, lists or switches', () => {
    const required = (overrides: Partial<ConfigFieldMeta>) =>
      toFieldMeta(serverField(overrides)).required;
    expect(required({ kind: 'enum', options: ['a'] })).toBe(true);
    expect(required({ path: 'network.default_host', kind: 'string', default: 'x' })).toBe(true);
    expect(required({ path: 'server.host', kind: 'string', default: '127.0.0.1' })).toBe(true);
    expect(required({ path: 'postgres.read_replica.host', kind: 'string', default: '' })).toBe(
      false,
    );
    expect(required({ path: 'rca.gemini.project', kind: 'string' })).toBe(false);
    expect(required({ path: 'otel.known_taxonomies', kind: 'string_list' })).toBe(false);
    expect(required({ path: 'server.debug', kind: 'boolean' })).toBe(false);
  });
});

describe('boundsText', () => {
  it('shows both bounds, one, or none', () => {
    expect(boundsText({ min: 1, max: 300 })).toBe('1 – 300');
    expect(boundsText({ min: 1 })).toBe('≥ 1');
    expect(boundsText({ max: 5 })).toBe('≤ 5');
    expect(boundsText({})).toBeNull();
  });
});

describe('groupBySection', () => {
  it('keeps the server’s order of sections and of fields within them', () => {
    const fields = [
      toFieldMeta(serverField({ path: 'a.one', section: 'Timeouts' })),
      toFieldMeta(serverField({ path: 'a.two', section: 'Grouping' })),
      toFieldMeta(serverField({ path: 'a.three', section: 'Timeouts' })),
    ];
    expect(groupBySection(fields).map((s) => [s.title, s.fields.map((f) => f.path)])).toEqual([
      ['Timeouts', ['a.one', 'a.three']],
      ['Grouping', ['a.two']],
    ]);
  });
});

describe('fieldInputId', () => {
  it('is a valid, reversible-looking DOM id', () => {
    expect(fieldInputId('agents.executor.max_retries')).toBe(
      'setting-agents__executor__max_retries',
    );
  });
});

describe('withContextLabels', () => {
  const labels = (paths: Array<[string, string]>) =>
    withContextLabels(
      paths.map(([path, section]) => toFieldMeta(serverField({ path, section }))),
    ).map((field) => field.label);

  it('keeps leaf labels where a section is flat', () => {
    expect(
      labels([
        ['agents.orchestrator.timeout_seconds', 'Timeouts'],
        ['agents.orchestrator.health_check_timeout_seconds', 'Timeouts'],
      ]),
    ).toEqual(['Timeout seconds', 'Health check timeout seconds']);
  });

  it('names the group of a nested field beside its shallower neighbours', () => {
    expect(
      labels([
        ['postgres.host', 'PostgreSQL'],
        ['postgres.read_replica.host', 'PostgreSQL'],
        ['agents.rca.bigquery.write_enabled', 'BigQuery Overrides'],
        ['agents.rca.bigquery.streaming.batch_size', 'BigQuery Overrides'],
      ]),
    ).toEqual(['Host', 'Read replica host', 'Write enabled', 'Streaming batch size']);
  });

  it('uses at most the last two segments when a section mixes prefixes', () => {
    expect(
      labels([
        ['rca.gemini.project', 'Gemini AI'],
        ['agents.anomaly_detector.gemini.validation_threshold', 'Gemini AI'],
      ]),
    ).toEqual(['Gemini project', 'Gemini validation threshold']);
  });
});
