import { describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY, createSessionStore } from './session-store';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

const NOW = Date.parse('2030-01-01T00:00:00Z');

describe('createSessionStore', () => {
  it('keeps a written session until it expires', () => {
    let now = NOW;
    const storage = memoryStorage();
    const store = createSessionStore(storage, () => now);

    store.write({ token: 'jwt', expires_at: '2030-01-01T01:00:00Z' });
    expect(store.read()).toBe('jwt');

    now = Date.parse('2030-01-01T01:00:00Z');
    expect(store.read()).toBeNull();
    expect(storage.values.has(SESSION_STORAGE_KEY)).toBe(false);
  });

  it.each(['not json', '{"token":1}', '{"token":"x","expires_at":"never"}', 'null'])(
    'forgets a damaged value %j',
    (raw) => {
      const storage = memoryStorage({ [SESSION_STORAGE_KEY]: raw });
      expect(createSessionStore(storage, () => NOW).read()).toBeNull();
      expect(storage.values.size).toBe(0);
    },
  );

  it('clears', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage, () => NOW);
    store.write({ token: 'jwt', expires_at: '2031-01-01T00:00:00Z' });
    store.clear();
    expect(store.read()).toBeNull();
  });
});
