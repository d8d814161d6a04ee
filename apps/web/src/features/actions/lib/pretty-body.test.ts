import { describe, expect, it } from 'vitest';
import { prettyBody } from './pretty-body';

describe('prettyBody', () => {
  it('indents JSON', () => {
    expect(prettyBody('{"a":1}')).toBe('{\n  "a": 1\n}');
  });

  it('keeps other text as sent, and nothing as nothing', () => {
    expect(prettyBody('a=1&b=2')).toBe('a=1&b=2');
    expect(prettyBody('')).toBeNull();
    expect(prettyBody(null)).toBeNull();
  });
});
