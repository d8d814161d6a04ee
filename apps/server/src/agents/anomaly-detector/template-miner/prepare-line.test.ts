import { describe, expect, it } from 'vitest';
import { prepareLine } from './prepare-line';

const prepare = (line: string, maxTokens = 128) => prepareLine(line, maxTokens, true);

describe('prepareLine: tokens', () => {
  it.each([
    ['a  b\tc ', ['a', 'b', 'c']],
    ['  leading and trailing  ', ['leading', 'and', 'trailing']],
    ['', []],
    ['acquire tag="View Lock", name=x', ['acquire', 'tag="View Lock",', 'name=x']],
    ["say msg='two words' done", ['say', "msg='two words'", 'done']],
    ['unclosed="quote here', ['unclosed="quote', 'here']],
  ])('splits %j', (line, tokens) => {
    expect(prepare(line).raw).toEqual(tokens);
  });

  it('keeps raw and masked the same length', () => {
    const { raw, masked } = prepare('took 12 ms on host-1.example.com at Fri Jun 17 07:07:00 2005');
    expect(masked).toHaveLength(raw.length);
  });

  it('caps the token count, the rest of the line becoming one variable', () => {
    const { raw, masked } = prepare('a b c d e f', 3);
    expect(raw).toEqual(['a', 'b', 'c d e f']);
    expect(masked).toEqual(['a', 'b', '<*>']);
  });

  it('leaves a line of exactly maxTokens alone', () => {
    expect(prepare('a b c', 3).masked).toEqual(['a', 'b', 'c']);
  });

  it('leaves tokens unmasked when masking is off', () => {
    expect(prepareLine('took 12 ms', 128, false).masked).toEqual(['took', '12', 'ms']);
  });
});

describe('prepareLine: values spanning tokens', () => {
  it.each([
    ['connection at Fri Jun 17 07:07:00 2005', 'connection at <*>'],
    [
      'from 2017-05-16 05:00:00 to 2017-05-16 06:00:00. 87 instances.',
      'from <*> to <*>. <*> instances.',
    ],
    ['(Sun Dec 04 04:47:44 2005)', '(<*>)'],
    ['node 12 10:30:00 done', 'node <*> <*> done'],
    ['estimated size 5.2 KB, free 5.2 KB)', 'estimated size <*>, free <*>)'],
    ['took 12 ms', 'took <*> ms'],
    ['"GET /v2/servers/detail HTTP/1.1" status: 200', '"GET <*>" status: <*>'],
    ['called (stack @0x7fed @0x7fef @0xff83)', 'called (stack @<*>)'],
    ['Fan speeds ( 3552 3534 3375 )', 'Fan speeds ( <*> <*> <*> )'],
    ['ask 10.0.0.1:50010 to delete blk_1 blk_2 blk_3 blk_4', 'ask <*> to delete <*>'],
    ['child init 1 -2', 'child init <*> <*>'],
  ])('%j → %j', (line, template) => {
    expect(prepare(line).masked.join(' ')).toBe(template);
  });

  it('keeps the joined raw text for parameters', () => {
    const { raw, masked } = prepare('at Fri Jun 17 07:07:00 2005 ok');
    expect(raw).toEqual(['at', 'Fri Jun 17 07:07:00 2005', 'ok']);
    expect(masked).toEqual(['at', '<*>', 'ok']);
  });
});
