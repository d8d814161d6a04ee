import { describe, expect, it } from 'vitest';
import {
  checkField,
  parseNumberInput,
  RULE_MESSAGES,
  type FieldMetaForRules,
} from './config-rules';

const field = (
  path: string,
  kind: FieldMetaForRules['kind'],
  min?: number,
  max?: number,
  required = false,
): FieldMetaForRules => ({ path, kind, min, max, required });

describe('checkField: the spec messages', () => {
  it.each([
    ['port under 1024', field('server.port', 'integer', 1024, 65535), 80, RULE_MESSAGES.port],
    ['port over 65535', field('server.port', 'integer', 1024, 65535), 70000, RULE_MESSAGES.port],
    [
      'threshold above 1',
      field('agents.x.alert_threshold', 'number', 0, 1),
      1.5,
      RULE_MESSAGES.threshold,
    ],
    [
      'threshold below 0',
      field('agents.x.dedup_similarity_threshold', 'number', 0, 1),
      -0.1,
      RULE_MESSAGES.threshold,
    ],
    [
      'timeout of 0',
      field('agents.x.timeout_seconds', 'integer'),
      0,
      RULE_MESSAGES.timeoutPositive,
    ],
    [
      'negative interval',
      field('agents.x.metrics_interval_seconds', 'integer'),
      -5,
      RULE_MESSAGES.intervalPositive,
    ],
  ])('%s', (_name, meta, value, message) => {
    expect(checkField(meta, value)).toEqual({ error: message });
  });

  it('says "Host cannot be empty" for a required host, blank or spaces', () => {
    const host = field('network.default_host', 'string', undefined, undefined, true);
    expect(checkField(host, '')).toEqual({ error: RULE_MESSAGES.hostEmpty });
    expect(checkField(host, '   ')).toEqual({ error: RULE_MESSAGES.hostEmpty });
    expect(checkField(host, 'db.internal')).toEqual({});
  });

  it('warns, without blocking, about a timeout above 300 seconds', () => {
    const timeout = field('otel.timeout_seconds', 'integer', 1, 3600);
    expect(checkField(timeout, 301)).toEqual({ warning: RULE_MESSAGES.timeoutHigh });
    expect(checkField(timeout, 300)).toEqual({});
  });
});

describe('checkField: a field’s own bounds win over the name rules', () => {
  it('burst threshold 1–100 is a count, not a ratio', () => {
    const burst = field('agents.orchestrator.burst_threshold', 'integer', 1, 100);
    expect(checkField(burst, 50)).toEqual({});
    expect(checkField(burst, 0)).toEqual({ error: 'Must be between 1 and 100' });
  });

  it('the SMTP port 587 is fine: the port rule is for ports Vigil listens on', () => {
    const smtp = field('collaborator.email_service.smtp_port', 'integer', 1, 65535);
    expect(checkField(smtp, 587)).toEqual({});
    expect(checkField(smtp, 0)).toEqual({ error: 'Must be between 1 and 65535' });
  });

  it('freshness_threshold_seconds uses its bounds', () => {
    const freshness = field('otel.freshness_threshold_seconds', 'integer', 1, 3600);
    expect(checkField(freshness, 120)).toEqual({});
    expect(checkField(freshness, 4000)).toEqual({ error: 'Must be between 1 and 3600' });
  });

  it('a timeout under its minimum but positive reads the bounds message', () => {
    const timeout = field('agents.executor.default_timeout_seconds', 'integer', 30, 3600);
    expect(checkField(timeout, 10)).toEqual({ error: 'Must be between 30 and 3600' });
  });

  it('a field with one bound names that bound', () => {
    expect(checkField(field('a.max_scanned_bytes', 'integer', 1), 0)).toEqual({
      error: 'Must be at least 1',
    });
  });
});

describe('checkField: types', () => {
  it('refuses a fraction in an integer field', () => {
    expect(checkField(field('agents.x.max_history', 'integer', 100, 10000), 100.5)).toEqual({
      error: RULE_MESSAGES.integer,
    });
  });

  it('lets an optional string stay empty and asks for a required one', () => {
    expect(checkField(field('rca.gemini.project', 'string'), '')).toEqual({});
    expect(checkField(field('bigquery.dataset', 'string', undefined, undefined, true), '')).toEqual(
      { error: RULE_MESSAGES.required },
    );
  });

  it('has nothing to say about booleans and lists', () => {
    expect(checkField(field('server.debug', 'boolean'), true)).toEqual({});
    expect(checkField(field('otel.known_taxonomies', 'string_list'), [])).toEqual({});
  });
});

describe('parseNumberInput', () => {
  it.each([
    ['42', 42],
    [' 0.5 ', 0.5],
    ['-3', -3],
    ['1e3', 1000],
    ['', null],
    ['abc', null],
    ['12px', null],
  ])('%j -> %j', (text, expected) => {
    expect(parseNumberInput(text)).toBe(expected);
  });
});
