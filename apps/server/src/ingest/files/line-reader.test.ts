import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readLines } from './line-reader';

async function collect(chunks: Array<Buffer | string>, max?: number): Promise<string[]> {
  const out: string[] = [];
  for await (const line of readLines(Readable.from(chunks), max)) out.push(line);
  return out;
}

describe('readLines', () => {
  it('splits across chunk boundaries, strips CR, keeps a last line without newline', async () => {
    expect(await collect(['a\r\nb', 'c\n\nd', 'e'])).toEqual(['a', 'bc', '', 'de']);
    expect(await collect(['x\n'])).toEqual(['x']);
    expect(await collect([])).toEqual([]);
  });

  it('reassembles a multi-byte character split between chunks', async () => {
    const bytes = Buffer.from('héllo → wörld\n');
    const pieces = Array.from(bytes, (byte) => Buffer.from([byte]));
    expect(await collect(pieces)).toEqual(['héllo → wörld']);
  });

  it('cuts an overlong line and resumes at the next one, in bounded memory', async () => {
    const long = 'x'.repeat(50);
    expect(await collect([long.slice(0, 30), long.slice(30), '\nnext\n'], 20)).toEqual([
      `${'x'.repeat(20)}…[truncated]`,
      'next',
    ]);
  });

  it('streams a large input without holding it', async () => {
    async function* generate() {
      for (let i = 0; i < 200_000; i += 1) yield Buffer.from(`line ${i}\n`);
    }
    let count = 0;
    let last = '';
    for await (const line of readLines(generate())) {
      count += 1;
      last = line;
    }
    expect(count).toBe(200_000);
    expect(last).toBe('line 199999');
  });
});
