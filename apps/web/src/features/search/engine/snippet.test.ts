import { describe, expect, it } from 'vitest';
import {
  DESCRIPTION_FALLBACK_LENGTH,
  SNIPPET_LENGTH,
  buildSnippet,
  snippetAround,
} from './snippet';

const long = `${'a'.repeat(100)}NEEDLE${'b'.repeat(100)}`;

describe('snippetAround', () => {
  it('keeps 50 characters centred on the match, marking cuts', () => {
    const snippet = snippetAround(long, [100, 105]);
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet.replaceAll('…', '')).toHaveLength(SNIPPET_LENGTH);
    expect(snippet).toContain('NEEDLE');
  });

  it('stays inside the text at either end', () => {
    expect(snippetAround(long, [0, 3])).toBe(`${long.slice(0, SNIPPET_LENGTH)}…`);
    expect(snippetAround(long, [204, 205])).toBe(`…${long.slice(-SNIPPET_LENGTH)}`);
  });

  it('returns a short text whole', () => {
    expect(snippetAround('short text', [0, 4])).toBe('short text');
  });
});

describe('buildSnippet', () => {
  it('prefers a match in the content, then in the description', () => {
    const matches = [
      { field: 'description' as const, value: 'described here', ranges: [[0, 8]] as const },
      { field: 'content' as const, value: long, ranges: [[100, 105]] as const },
    ];
    expect(buildSnippet(matches, 'described here')).toContain('NEEDLE');
    expect(buildSnippet(matches.slice(0, 1), 'described here')).toBe('described here');
  });

  it('falls back to the first 150 characters of the description', () => {
    const description = 'x'.repeat(200);
    expect(buildSnippet([{ field: 'title', value: 't', ranges: [[0, 0]] }], description)).toBe(
      `${'x'.repeat(DESCRIPTION_FALLBACK_LENGTH)}…`,
    );
  });
});
