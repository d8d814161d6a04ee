import { StringDecoder } from 'node:string_decoder';

/** Longest line kept whole; the rest of a longer line is dropped so memory stays bounded. */
export const MAX_LINE_LENGTH = 1024 * 1024;

/**
 * Splits a byte stream into lines (`\n` or `\r\n`) as chunks arrive, so a file of any size is read
 * with memory bounded by one chunk plus one line. Multi-byte characters split across chunks are
 * reassembled by the decoder; an overlong line is cut at `maxLineLength` and marked truncated.
 */
export async function* readLines(
  source: AsyncIterable<Buffer | string>,
  maxLineLength = MAX_LINE_LENGTH,
): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let carry = '';
  let skipping = false; // inside the tail of an overlong line, until its newline
  const emit = (line: string): string => (line.endsWith('\r') ? line.slice(0, -1) : line);
  for await (const chunk of source) {
    const text = carry + (typeof chunk === 'string' ? chunk : decoder.write(chunk));
    let start = 0;
    let newline = text.indexOf('\n', start);
    while (newline !== -1) {
      if (!skipping) yield emit(text.slice(start, newline));
      skipping = false;
      start = newline + 1;
      newline = text.indexOf('\n', start);
    }
    carry = text.slice(start);
    if (!skipping && carry.length > maxLineLength) {
      yield `${carry.slice(0, maxLineLength)}…[truncated]`;
      skipping = true;
    }
    if (skipping) carry = '';
  }
  carry += decoder.end();
  if (!skipping && carry.length > 0) yield emit(carry.slice(0, maxLineLength));
}
