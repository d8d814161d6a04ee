import { describe, expect, it } from 'vitest';
import { formatCommaList, formatLines, parseCommaList, parseLines } from './list-text';

describe('parseLines', () => {
  it.each([
    ['one item per line', 'a\nb\nc', ['a', 'b', 'c']],
    ['items are trimmed', '  a  \n\tb', ['a', 'b']],
    ['blank lines are dropped', 'a\n\n   \nb\n', ['a', 'b']],
    ['Windows line ends', 'a\r\nb', ['a', 'b']],
    ['commas stay inside an item', 'checkout, payments', ['checkout, payments']],
    ['empty text is an empty list', '', []],
  ])('%s', (_name, text, expected) => {
    expect(parseLines(text)).toEqual(expected);
  });

  it('round-trips with formatLines', () => {
    expect(parseLines(formatLines(['x', 'y z']))).toEqual(['x', 'y z']);
  });
});

describe('parseCommaList', () => {
  it('splits on commas, trims and drops blanks', () => {
    expect(parseCommaList(' ops@example.com ,, dev@example.com ,')).toEqual([
      'ops@example.com',
      'dev@example.com',
    ]);
  });

  it('reads an empty box as no recipients and formats back with ", "', () => {
    expect(parseCommaList('   ')).toEqual([]);
    expect(formatCommaList(['a@x.io', 'b@x.io'])).toBe('a@x.io, b@x.io');
  });
});
