import { VARIABLE } from './char-class';

/**
 * Puts a whole-core variable back among its wrappers. A wrapper half whose partner sits inside the
 * core belongs to the value and is swallowed (`'{id}GLOBALROOT/x'` → `'<*>'`, `WorkSource{1}` →
 * `<*>`), and so is a stray closing quote (`name=a.b.c",` → `name=<*>,`); the others stay
 * (`[container_1` → `[<*>`). A path also swallows a trailing `.`: file names end in dots.
 */
export function wrapVariable(token: string, start: number, end: number): string {
  if (start === 0 && end === token.length) return VARIABLE;
  let depth = 0;
  for (let i = start; i < end; i += 1) {
    const code = token.charCodeAt(i);
    if (code === 40 || code === 91 || code === 123) depth += 1;
    else if ((code === 41 || code === 93 || code === 125) && depth > 0) depth -= 1;
  }
  let head = start;
  while (head > 0 && hasPartner(token.charCodeAt(head - 1), token, start, end)) head -= 1;
  let tail = end;
  while (tail < token.length) {
    const code = token.charCodeAt(tail);
    if (depth > 0 && (code === 41 || code === 93 || code === 125)) depth -= 1;
    else if (!((code === 34 || code === 39) && !hasOpeningQuote(token, code, head))) break;
    tail += 1;
  }
  if (tail < token.length && token.charCodeAt(tail) === 46 && isPathStart(token.charCodeAt(start)))
    tail += 1;
  return token.slice(0, head) + VARIABLE + token.slice(tail);
}

function hasOpeningQuote(token: string, quote: number, before: number): boolean {
  for (let i = 0; i < before; i += 1) if (token.charCodeAt(i) === quote) return true;
  return false;
}

function isPathStart(code: number): boolean {
  return code === 47 || code === 46 || code === 126;
}

/** Whether an opening bracket has its closing partner in token[from, to). */
function hasPartner(open: number, token: string, from: number, to: number): boolean {
  const close = open === 40 ? 41 : open === 91 ? 93 : open === 123 ? 125 : -1;
  for (let i = from; i < to; i += 1) {
    if (token.charCodeAt(i) === close) return true;
  }
  return false;
}
