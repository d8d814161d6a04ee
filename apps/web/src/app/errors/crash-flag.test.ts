import { describe, expect, it } from 'vitest';
import { CRASH_STORAGE_KEY, isCrashRequested } from './crash-flag';

const storage = (value: string | null) => ({
  getItem: (key: string) => (key === CRASH_STORAGE_KEY ? value : null),
});

describe('isCrashRequested', () => {
  it.each([
    ['?__crash', '1', true],
    ['?page=2&__crash=yes', '1', true],
    ['?__crash', null, false],
    ['?__crash', 'true', false],
    ['', '1', false],
    ['?crash', '1', false],
  ])('search %j with opt-in %j → %j', (search, optIn, expected) => {
    expect(isCrashRequested(search, storage(optIn))).toBe(expected);
  });

  it('is false without storage or when storage throws', () => {
    expect(isCrashRequested('?__crash', null)).toBe(false);
    const blocked = {
      getItem: (): string | null => {
        throw new DOMException('blocked', 'SecurityError');
      },
    };
    expect(isCrashRequested('?__crash', blocked)).toBe(false);
  });
});
