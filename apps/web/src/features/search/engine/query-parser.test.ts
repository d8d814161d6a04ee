import { describe, expect, it } from 'vitest';
import { parseQuery } from './query-parser';

const NOW = new Date(2026, 10, 22, 12);

describe('parseQuery', () => {
  it('keeps plain text as the free text', () => {
    expect(parseQuery('  orders   db  timeout ', NOW)).toEqual({
      freeText: 'orders db timeout',
      values: {},
      dates: [],
    });
  });

  it.each(['type', 'severity', 'status', 'component', 'tag', 'agent'] as const)(
    'takes %s: out of the text, lower-cased',
    (operator) => {
      const parsed = parseQuery(`disk ${operator}:Value full`, NOW);
      expect(parsed.freeText).toBe('disk full');
      expect(parsed.values[operator]).toEqual(['value']);
    },
  );

  it('collects repeated operators as any-of values and reads keys case-insensitively', () => {
    expect(parseQuery('Type:anomaly type:audit error', NOW).values.type).toEqual([
      'anomaly',
      'audit',
    ]);
  });

  it('reads quoted values', () => {
    const parsed = parseQuery('component:"orders db" slow', NOW);
    expect(parsed.values.component).toEqual(['orders db']);
    expect(parsed.freeText).toBe('slow');
  });

  it.each(['date', 'before', 'after', 'since'] as const)('takes the date operator %s:', (op) => {
    const parsed = parseQuery(`timeout ${op}:yesterday`, NOW);
    expect(parsed.freeText).toBe('timeout');
    expect(parsed.dates).toEqual([{ operator: op, at: new Date(2026, 10, 21) }]);
  });

  it('removes an unparseable date value but applies nothing', () => {
    expect(parseQuery('timeout since:someday', NOW)).toEqual({
      freeText: 'timeout',
      values: {},
      dates: [],
    });
  });

  it('removes an operator with an empty value', () => {
    expect(parseQuery('type: timeout', NOW)).toEqual({
      freeText: 'timeout',
      values: {},
      dates: [],
    });
  });

  it('leaves unknown prefixes and URLs in the free text', () => {
    expect(parseQuery('http://orders-db:5432 foo:bar', NOW).freeText).toBe(
      'http://orders-db:5432 foo:bar',
    );
  });

  it('answers empty free text when only operators were typed', () => {
    expect(parseQuery('type:anomaly severity:high', NOW).freeText).toBe('');
  });
});
