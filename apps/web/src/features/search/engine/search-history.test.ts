import { describe, expect, it } from 'vitest';
import {
  MAX_RECENT_SEARCHES,
  RECENT_SEARCHES_KEY,
  SAVED_SEARCHES_KEY,
  addRecentSearch,
  addSavedSearch,
  readRecentSearches,
  readSavedSearches,
  removeSavedSearch,
  saveSearchProblem,
  writeRecentSearches,
  writeSavedSearches,
  type KeyValueStorage,
} from './search-history';
import type { RecentSearch } from './search-types';

const recent = (query: string, timestamp = 1): RecentSearch => ({
  query,
  timestamp,
  resultCount: 3,
  filters: {},
});

function memoryStorage(): KeyValueStorage & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
  };
}

describe('recent searches', () => {
  it('puts the newest first', () => {
    const list = addRecentSearch([recent('older')], recent('newer', 2));
    expect(list.map((entry) => entry.query)).toEqual(['newer', 'older']);
  });

  it('removes an earlier entry of the same query', () => {
    const list = addRecentSearch([recent('b'), recent('a'), recent('c')], recent(' a ', 9));
    expect(list.map((entry) => entry.query)).toEqual(['a', 'b', 'c']);
    expect(list[0]?.timestamp).toBe(9);
  });

  it('keeps 10', () => {
    let list: RecentSearch[] = [];
    for (let index = 0; index < 15; index += 1) list = addRecentSearch(list, recent(`q${index}`));
    expect(list).toHaveLength(MAX_RECENT_SEARCHES);
    expect(list[0]?.query).toBe('q14');
    expect(list.at(-1)?.query).toBe('q5');
  });

  it('does not keep a blank query', () => {
    expect(addRecentSearch([recent('a')], recent('   '))).toEqual([recent('a')]);
  });
});

describe('saved searches', () => {
  it('need a non-empty trimmed name and query', () => {
    expect(saveSearchProblem('  ', 'timeout')).toBe('name');
    expect(saveSearchProblem('Timeouts', '  ')).toBe('query');
    expect(saveSearchProblem('Timeouts', 'timeout')).toBeNull();
  });

  it('are added at the top, trimmed, with their filters when any', () => {
    const first = addSavedSearch([], {
      id: '1',
      name: ' DB ',
      query: ' database ',
      filters: {},
      createdAt: 5,
    });
    expect(first).toEqual([{ id: '1', name: 'DB', query: 'database', createdAt: 5 }]);
    const second = addSavedSearch(first, {
      id: '2',
      name: 'High',
      query: 'error',
      filters: { severity: ['high'] },
      createdAt: 6,
    });
    expect(second.map((saved) => saved.id)).toEqual(['2', '1']);
    expect(second[0]?.filters).toEqual({ severity: ['high'] });
  });

  it('refuse an invalid entry, leaving the list as it was', () => {
    expect(addSavedSearch([], { id: '1', name: '', query: 'x', createdAt: 1 })).toEqual([]);
  });

  it('are removed by id', () => {
    const list = addSavedSearch([], { id: '1', name: 'a', query: 'b', createdAt: 1 });
    expect(removeSavedSearch(list, '1')).toEqual([]);
  });
});

describe('storage', () => {
  it('keeps recent and saved searches under two separate keys', () => {
    const storage = memoryStorage();
    writeRecentSearches(storage, [recent('timeout')]);
    writeSavedSearches(storage, [{ id: '1', name: 'n', query: 'q', createdAt: 1 }]);
    expect(RECENT_SEARCHES_KEY).not.toBe(SAVED_SEARCHES_KEY);
    expect([...storage.values.keys()].sort()).toEqual(
      [RECENT_SEARCHES_KEY, SAVED_SEARCHES_KEY].sort(),
    );
    expect(readRecentSearches(storage)).toEqual([recent('timeout')]);
    expect(readSavedSearches(storage)).toEqual([{ id: '1', name: 'n', query: 'q', createdAt: 1 }]);
  });

  it('reads nothing from missing, malformed or foreign values', () => {
    const storage = memoryStorage();
    expect(readRecentSearches(storage)).toEqual([]);
    storage.setItem(RECENT_SEARCHES_KEY, '{not json');
    expect(readRecentSearches(storage)).toEqual([]);
    storage.setItem(
      SAVED_SEARCHES_KEY,
      JSON.stringify([{ id: 1 }, { id: 'a', name: 'b', query: 'c', createdAt: 2 }]),
    );
    expect(readSavedSearches(storage)).toEqual([{ id: 'a', name: 'b', query: 'c', createdAt: 2 }]);
  });

  it('survives a storage that refuses writes', () => {
    const storage: KeyValueStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => writeRecentSearches(storage, [recent('a')])).not.toThrow();
  });
});
