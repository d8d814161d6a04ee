import { describe, expect, it } from 'vitest';
import { templateSimilarity, templateTokens } from './template-similarity';

describe('templateSimilarity', () => {
  it.each([
    ['identical', 'db timeout after <*> ms', 'db timeout after <*> ms', 1],
    ['variables ignored', 'db timeout after <*> ms', 'db timeout after ms', 1],
    ['half shared', 'connection refused', 'connection reset', 1 / 3],
    ['nothing shared', 'disk full', 'auth failed', 0],
  ])('%s', (_name, a, b, expected) => {
    expect(templateSimilarity(a, b)).toBeCloseTo(expected);
  });

  it('tokenises case-insensitively and drops masked variables', () => {
    expect(templateTokens('User <*> LOGIN failed: code=<*>')).toEqual([
      'user',
      'login',
      'failed',
      'code',
    ]);
  });
});
