import { VARIABLE, isWordChar } from './char-class';

/**
 * One template token is a literal, `<*>`, or a pattern mixing both (`(uid=<*>)`, `<*>:Got`).
 * These helpers match a line token against it, pull out the values at its `<*>` slots, and widen it
 * when a line brings a token it does not cover.
 */

/**
 * Whether token fits pattern. A `<*>` may match nothing: `connection from <*> (<*>)` covers a line
 * with an empty host, `()`.
 */
export function matchesPattern(pattern: string, token: string): boolean {
  return walkPattern(pattern, token, null);
}

/** Pushes the values at the `<*>` slots of pattern, or the whole token when it does not fit. */
export function extractValues(pattern: string, token: string, into: string[]): void {
  if (pattern === VARIABLE) {
    into.push(token);
    return;
  }
  const mark = into.length;
  if (!walkPattern(pattern, token, into)) {
    into.length = mark;
    into.push(token);
  }
}

function walkPattern(pattern: string, token: string, values: string[] | null): boolean {
  const slot = pattern.indexOf(VARIABLE);
  if (slot < 0) return pattern === token;
  if (!regionEquals(pattern, 0, token, 0, slot)) return false;
  let t = slot;
  let p = slot + VARIABLE.length;
  for (;;) {
    const next = pattern.indexOf(VARIABLE, p);
    if (next < 0) {
      const tail = pattern.length - p;
      const valueEnd = token.length - tail;
      if (valueEnd < t || !regionEquals(pattern, p, token, valueEnd, tail)) return false;
      values?.push(token.slice(t, valueEnd));
      return true;
    }
    const literal = pattern.slice(p, next);
    const found = literal.length === 0 ? t : token.indexOf(literal, t);
    if (found < 0) return false;
    values?.push(token.slice(t, found));
    t = found + literal.length;
    p = next + VARIABLE.length;
  }
}

function regionEquals(
  a: string,
  aStart: number,
  b: string,
  bStart: number,
  length: number,
): boolean {
  if (bStart < 0 || bStart + length > b.length) return false;
  for (let k = 0; k < length; k += 1) {
    if (a.charCodeAt(aStart + k) !== b.charCodeAt(bStart + k)) return false;
  }
  return true;
}

/**
 * The narrowest token covering both: words that differ become `<*>` when the punctuation lines up
 * (`user=root` + `user=guest` → `user=<*>`); otherwise the shared punctuation at either end is kept
 * around one `<*>` (`(a.b)` + `(<*>)` → `(<*>)`).
 */
export function generaliseToken(template: string, token: string): string {
  if (template === VARIABLE || token === VARIABLE) return VARIABLE;
  const a = splitPieces(template);
  const b = splitPieces(token);
  if (sameShape(a, b)) return joinPieces(a.map((piece, k) => (piece === b[k] ? piece : VARIABLE)));
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head += 1;
  while (head > 0 && !isPunctuation(a[head - 1] ?? '')) head -= 1;
  let tail = 0;
  const room = Math.min(a.length, b.length) - head;
  while (tail < room && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail += 1;
  while (tail > 0 && !isPunctuation(a[a.length - tail] ?? '')) tail -= 1;
  return joinPieces([...a.slice(0, head), VARIABLE, ...a.slice(a.length - tail)]);
}

/** Words (letters, digits, `_`), `<*>`, and single punctuation characters. */
export function splitPieces(text: string): string[] {
  const pieces: string[] = [];
  let i = 0;
  while (i < text.length) {
    if (text.startsWith(VARIABLE, i)) {
      pieces.push(VARIABLE);
      i += VARIABLE.length;
    } else if (isWordChar(text.charCodeAt(i))) {
      let j = i + 1;
      while (j < text.length && isWordChar(text.charCodeAt(j)) && !text.startsWith(VARIABLE, j))
        j += 1;
      pieces.push(text.slice(i, j));
      i = j;
    } else {
      pieces.push(text[i] ?? '');
      i += 1;
    }
  }
  return pieces;
}

/** Same number of pieces and the same punctuation at the same places. */
function sameShape(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k += 1) {
    const x = a[k] ?? '';
    const y = b[k] ?? '';
    if (x !== y && (isPunctuation(x) || isPunctuation(y))) return false;
  }
  return true;
}

function isPunctuation(piece: string): boolean {
  return piece.length === 1 && !isWordChar(piece.charCodeAt(0));
}

/** Joins pieces, letting a variable swallow `.`/`-` joined neighbours that are variables too. */
function joinPieces(pieces: string[]): string {
  const out: string[] = [];
  for (const piece of pieces) {
    const n = out.length;
    if (piece === VARIABLE && out[n - 1] === VARIABLE) continue;
    if (
      piece === VARIABLE &&
      n >= 2 &&
      out[n - 2] === VARIABLE &&
      (out[n - 1] === '.' || out[n - 1] === '-')
    ) {
      out.pop();
      continue;
    }
    out.push(piece);
  }
  return out.join('');
}
