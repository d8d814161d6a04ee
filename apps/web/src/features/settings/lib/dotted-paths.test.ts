import { describe, expect, it } from 'vitest';
import { changedValues, flattenTree, nestUnder, sameValue, underPrefix } from './dotted-paths';

describe('flattenTree', () => {
  it('turns a nested block into dotted keys, keeping lists whole', () => {
    const tree = {
      agents: { orchestrator: { burst_threshold: 5, grouping: { enabled: true } } },
      security: { jwt_expiry: 3600 },
      safety_validation: { host_allowlist: ['127.0.0.1', 'localhost'] },
    };
    expect(flattenTree(tree)).toEqual({
      'agents.orchestrator.burst_threshold': 5,
      'agents.orchestrator.grouping.enabled': true,
      'security.jwt_expiry': 3600,
      'safety_validation.host_allowlist': ['127.0.0.1', 'localhost'],
    });
  });

  it('keeps an empty list as a value and skips what is not a setting', () => {
    expect(flattenTree({ a: [], b: null, c: { d: '' } })).toEqual({ a: [], 'c.d': '' });
  });

  it('answers nothing for a non-object', () => {
    expect(flattenTree(null)).toEqual({});
    expect(flattenTree(['x'])).toEqual({});
  });
});

describe('changedValues', () => {
  const saved = {
    'server.port': 8080,
    'server.debug': false,
    'otel.known_taxonomies': ['svc'],
    'network.default_host': '127.0.0.1',
  };

  it('answers only the keys that differ', () => {
    expect(
      changedValues(saved, {
        ...saved,
        'server.port': 9090,
        'otel.known_taxonomies': ['svc', 'db'],
      }),
    ).toEqual({ 'server.port': 9090, 'otel.known_taxonomies': ['svc', 'db'] });
  });

  it('is empty when every edit was put back', () => {
    expect(changedValues(saved, { ...saved, 'otel.known_taxonomies': ['svc'] })).toEqual({});
  });

  it('tells false from a missing key and 0 from an empty string', () => {
    expect(changedValues({ a: 0 }, { a: '' })).toEqual({ a: '' });
    expect(changedValues({}, { b: false })).toEqual({ b: false });
  });
});

describe('sameValue', () => {
  it('compares lists item by item and in order', () => {
    expect(sameValue(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameValue(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameValue(['a'], 'a')).toBe(false);
  });
});

describe('underPrefix', () => {
  it('matches whole dotted segments only', () => {
    expect(
      underPrefix(
        { 'security.jwt_expiry': 1, securityx: 2, security: 3, 'other.a': 4 },
        'security',
      ),
    ).toEqual({ 'security.jwt_expiry': 1, security: 3 });
  });
});

describe('nestUnder', () => {
  it('nests the keys under a prefix and leaves the rest out', () => {
    expect(
      nestUnder('agents.rca.bigquery', {
        'agents.rca.bigquery.write_enabled': true,
        'agents.rca.bigquery.streaming.batch_size': 50,
        'agents.rca.bigquery.streaming.max_retries': 2,
        'agents.rca.max_evidence_items': 10,
        'agents.rca.bigqueryx': 1,
      }),
    ).toEqual({ write_enabled: true, streaming: { batch_size: 50, max_retries: 2 } });
  });

  it('round-trips with flattenTree under the same prefix', () => {
    const flat = { 'bigquery.location': 'EU', 'bigquery.retention.partition_expiration_days': 7 };
    expect(flattenTree(nestUnder('bigquery', flat), 'bigquery')).toEqual(flat);
  });
});
