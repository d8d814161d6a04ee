import { describe, expect, it } from 'vitest';
import { parseCsv, parseCsvRecords } from './csv';

describe('parseCsv', () => {
  it.each([
    [
      'a,b,c\n1,2,3\n',
      [
        ['a', 'b', 'c'],
        ['1', '2', '3'],
      ],
    ],
    [
      'a,b\r\n1,2',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    ['"x, y",z\n', [['x, y', 'z']]],
    ['"say ""hi""",2\n', [['say "hi"', '2']]],
    ['"two\nlines",3\n', [['two\nlines', '3']]],
    ['a,,c\n', [['a', '', 'c']]],
    ['a,b,\n', [['a', 'b', '']]],
  ])('parses %j', (text, expected) => {
    expect(parseCsv(text)).toEqual(expected);
  });
});

describe('parseCsvRecords', () => {
  it('keys cells by the header and skips blank lines', () => {
    const text = '\ufeffLineId,Content,EventTemplate\n1,"a, b",<*>\n\n2,c\n';
    expect(parseCsvRecords(text)).toEqual([
      { LineId: '1', Content: 'a, b', EventTemplate: '<*>' },
      { LineId: '2', Content: 'c', EventTemplate: '' },
    ]);
  });
});
