/**
 * Splits a line into whitespace tokens in one pass. A quoted value after `=` stays one token even
 * with spaces inside (`tag="View Lock",`), and past maxTokens the rest of the line is one token.
 */
export function tokenize(line: string, maxTokens: number): { tokens: string[]; capped: boolean } {
  const tokens: string[] = [];
  const n = line.length;
  let i = 0;
  for (;;) {
    while (i < n && isSpaceCode(line.charCodeAt(i))) i += 1;
    if (i >= n) return { tokens, capped: false };
    if (tokens.length === maxTokens - 1) return capRest(line, i, tokens);
    const start = i;
    while (i < n) {
      const code = line.charCodeAt(i);
      if (code === 32 || (code <= 13 && code >= 9)) break;
      if ((code === 34 || code === 39) && i > start && line.charCodeAt(i - 1) === 61) {
        const close = line.indexOf(code === 34 ? '"' : "'", i + 1);
        if (close > i) i = close;
      }
      i += 1;
    }
    tokens.push(line.slice(start, i));
  }
}

/** The rest of the line from i as the last token; capped when it holds more than one token. */
function capRest(line: string, i: number, tokens: string[]): { tokens: string[]; capped: boolean } {
  let end = line.length;
  while (end > i && isSpaceCode(line.charCodeAt(end - 1))) end -= 1;
  const rest = line.slice(i, end);
  tokens.push(rest);
  return { tokens, capped: /\s/.test(rest) };
}

function isSpaceCode(code: number): boolean {
  return code === 32 || (code <= 13 && code >= 9);
}
