import { describe, expect, it } from 'vitest';
import { MAX_SUGGESTIONS, suggestionsFor } from './suggestions';

describe('suggestionsFor', () => {
  it.each([
    ['error', ['type:anomaly severity:high', 'type:audit error']],
    ['Database lag', ['component:database', 'tag:database type:anomaly']],
    ['api', ['component:api-gateway', 'type:application api']],
    ['timeout', []],
  ])('%s suggests %j', (query, expected) => {
    expect(suggestionsFor(query)).toEqual(expected);
  });

  it('suggests nothing below 2 characters', () => {
    expect(suggestionsFor('a')).toEqual([]);
    expect(suggestionsFor(' e ')).toEqual([]);
  });

  it('combines the table rows a query matches, at most 5, without repeating the query', () => {
    const all = suggestionsFor('api database error');
    expect(all).toHaveLength(MAX_SUGGESTIONS);
    expect(all[0]).toBe('type:anomaly severity:high');
    expect(suggestionsFor('type:audit error')).toEqual(['type:anomaly severity:high']);
  });
});
