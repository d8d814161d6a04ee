import { describe, expect, it } from 'vitest';
import { actionKind, visibleTags } from './action-kind';

describe('actionKind', () => {
  it.each([
    [['database', 'restart'], 'restart'],
    [['Auto-Scaling'], 'scaling'],
    [['redis', 'cache-flush'], 'cache'],
    [['notify'], 'default'],
    [[], 'default'],
  ] as const)('%j gives %s', (tags, kind) => {
    expect(actionKind(tags)).toBe(kind);
  });
});

describe('visibleTags', () => {
  it('shows the first three and counts the rest', () => {
    expect(visibleTags(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], hidden: 2 });
    expect(visibleTags(['a'])).toEqual({ shown: ['a'], hidden: 0 });
  });
});
