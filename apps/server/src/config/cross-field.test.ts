import { describe, expect, it } from 'vitest';
import { defaultConfigValues } from './defaults';
import { crossFieldErrors } from './cross-field';

describe('pool size against the server connection limit', () => {
  it('refuses a pool larger than postgres.max_connections, on the key that was edited', () => {
    const candidate = {
      ...defaultConfigValues(),
      'postgres.pool_max_size': 8,
      'postgres.max_connections': 5,
    };
    expect(crossFieldErrors(candidate, new Set(['postgres.max_connections']))).toEqual([
      { path: 'postgres.max_connections', message: 'Must be at least postgres.pool_max_size (8)' },
    ]);
    expect(crossFieldErrors(candidate, new Set(['postgres.pool_max_size']))).toEqual([
      { path: 'postgres.pool_max_size', message: 'Must be at most postgres.max_connections (5)' },
    ]);
  });

  it('accepts a pool within the limit', () => {
    const candidate = {
      ...defaultConfigValues(),
      'postgres.pool_max_size': 5,
      'postgres.max_connections': 5,
    };
    expect(crossFieldErrors(candidate, new Set(['postgres.max_connections']))).toEqual([]);
  });
});
