import { CLOSER, OPENER, VARIABLE, charClass, isDigit } from './char-class';
import { maskToken } from './masks';

/** One line split into whitespace tokens, raw and masked, both of the same length. */
export interface PreparedLine {
  raw: string[];
  masked: string[];
}

/**
 * Splits a line on whitespace (a quoted value after `=` stays one token: `tag="View Lock"`), caps
 * the token count (the rest of the line becomes one variable token), masks each token, then joins
 * values that span tokens into one variable: timestamps (`Fri Jun 17 07:07:00 2005`) and sizes
 * (`5.2 KB`).
 */
export function prepareLine(line: string, maxTokens: number, mask: boolean): PreparedLine {
  const raw: string[] = [];
  const capped = tokenize(line, maxTokens, raw);
  if (!mask) return { raw, masked: raw.slice() };
  const masked = new Array<string>(raw.length);
  let clocks = false;
  let variables = 0;
  for (let i = 0; i < raw.length; i += 1) {
    const token = raw[i] ?? '';
    const result = maskToken(token);
    masked[i] = result;
    // Clock times and joinable values are always masked, so plain tokens need no further look.
    if (result !== token) {
      variables += 1;
      if (!clocks && looksLikeClock(token)) clocks = true;
    }
  }
  // The rest of a capped line is one variable: it still matches, and parameters keep the text.
  if (capped) masked[raw.length - 1] = VARIABLE;
  const prepared = { raw, masked };
  if (clocks) joinTimestamps(prepared);
  if (variables > 0) {
    joinUnits(prepared);
    if (variables > 1) collapseRepeats(prepared);
  }
  return prepared;
}

/** Whitespace other than a space, or a quoted value after `=`: the lines the native split cannot take. */
const NEEDS_SCAN = /[\t\n\v\f\r]|=["']/;

/**
 * Pushes the tokens of line into tokens; true when the line was capped. Most lines are split on
 * single spaces by the engine's native split, far faster than a character loop.
 */
function tokenize(line: string, maxTokens: number, tokens: string[]): boolean {
  if (!NEEDS_SCAN.test(line)) {
    const parts = line.split(' ');
    if (parts.length <= maxTokens) {
      for (const part of parts) if (part !== '') tokens.push(part);
      return false;
    }
  }
  return scanTokens(line, maxTokens, tokens);
}

function scanTokens(line: string, maxTokens: number, tokens: string[]): boolean {
  const n = line.length;
  let i = 0;
  for (;;) {
    while (i < n && isSpaceCode(line.charCodeAt(i))) i += 1;
    if (i >= n) return false;
    if (tokens.length === maxTokens - 1) {
      let end = n;
      while (end > i && isSpaceCode(line.charCodeAt(end - 1))) end -= 1;
      const rest = line.slice(i, end);
      tokens.push(rest);
      return /\s/.test(rest);
    }
    const start = i;
    while (i < n) {
      const code = line.charCodeAt(i);
      if (isSpaceCode(code)) break;
      // A quoted value after `=` is one token even with spaces inside: `tag="View Lock",`.
      if ((code === 34 || code === 39) && i > start && line.charCodeAt(i - 1) === 61) {
        const close = line.indexOf(code === 34 ? '"' : "'", i + 1);
        if (close > i) i = close;
      }
      i += 1;
    }
    tokens.push(line.slice(start, i));
  }
}

function isSpaceCode(code: number): boolean {
  return code === 32 || (code <= 13 && code >= 9);
}

/** `07:07:00`, `7:07`, `15:42:50.675872` (wrappers allowed). */
function looksLikeClock(token: string): boolean {
  const colon = token.indexOf(':');
  if (colon < 1 || colon > 3 || token.length < 4) return false;
  let i = 0;
  while (i < token.length && (charClass(token.charCodeAt(i)) & OPENER) !== 0) i += 1;
  let digits = 0;
  while (i < token.length && isDigit(token.charCodeAt(i))) {
    i += 1;
    digits += 1;
  }
  if (digits < 1 || digits > 2 || token.charCodeAt(i) !== 58) return false;
  return isDigit(token.charCodeAt(i + 1)) && isDigit(token.charCodeAt(i + 2));
}

/** Joins the date words around each clock time into one variable token. */
function joinTimestamps(line: PreparedLine): void {
  for (let at = line.raw.length - 1; at >= 0; at -= 1) {
    if (!looksLikeClock(line.raw[at] ?? '')) continue;
    let first = at;
    while (first > 0 && first > at - 3 && isDateWord(core(line.raw[first - 1] ?? ''))) first -= 1;
    let last = at;
    while (last < line.raw.length - 1 && last < at + 2 && isYearOrZone(core(line.raw[last + 1] ?? ''))) last += 1;
    if (first < last) joinRange(line, first, last);
    at = first;
  }
}

/**
 * A number and its size unit (`5.2 KB,` → `<*>,`) are one value, and so are a request path and
 * its protocol (`/v2/servers HTTP/1.1"` → `<*>"`): the pair varies as one.
 */
function joinUnits(line: PreparedLine): void {
  for (let i = line.raw.length - 2; i >= 0; i -= 1) {
    if (line.masked[i] !== VARIABLE) continue;
    const raw = line.raw[i] ?? '';
    const next = core(line.raw[i + 1] ?? '');
    if ((isNumber(raw) && SIZE_UNITS.has(next)) || (raw.charCodeAt(0) === 47 && isProtocol(next))) {
      joinRange(line, i, i + 1);
    }
  }
}

/**
 * A run of identical masked tokens that carry punctuation (`@<*> @<*> @<*>`) is a list of any
 * length: one token. Bare `<*>` runs are left alone, since fixed columns (`( <*> <*> <*> )`) look
 * the same.
 */
function collapseRepeats(line: PreparedLine): void {
  for (let i = line.masked.length - 1; i > 0; i -= 1) {
    const token = line.masked[i] ?? '';
    if (token === VARIABLE || token !== line.masked[i - 1] || !token.includes(VARIABLE)) continue;
    let first = i - 1;
    while (first > 0 && line.masked[first - 1] === token) first -= 1;
    const raw = line.raw.slice(first, i + 1).join(' ');
    line.raw.splice(first, i - first + 1, raw);
    line.masked.splice(first, i - first + 1, token);
    i = first;
  }
}

/** `HTTP/1.1`, `SPDY/3`: upper-case letters, a slash, a version. */
function isProtocol(word: string): boolean {
  const slash = word.indexOf('/');
  if (slash < 2 || slash === word.length - 1) return false;
  for (let i = 0; i < slash; i += 1) {
    const code = word.charCodeAt(i);
    if (code < 65 || code > 90) return false;
  }
  for (let i = slash + 1; i < word.length; i += 1) {
    const code = word.charCodeAt(i);
    if (!isDigit(code) && code !== 46) return false;
  }
  return true;
}

function joinRange(line: PreparedLine, first: number, last: number): void {
  const head = line.raw[first] ?? '';
  const tail = line.raw[last] ?? '';
  const masked = leading(head) + VARIABLE + trailing(tail);
  const raw = line.raw.slice(first, last + 1).join(' ');
  line.raw.splice(first, last - first + 1, raw);
  line.masked.splice(first, last - first + 1, masked);
}

function isNumber(token: string): boolean {
  if (token.length === 0) return false;
  for (let i = 0; i < token.length; i += 1) {
    const code = token.charCodeAt(i);
    if (!isDigit(code) && code !== 46 && code !== 44) return false;
  }
  return true;
}

function isDateWord(word: string): boolean {
  if (MONTHS_AND_DAYS.has(word.toLowerCase())) return true;
  if (word.length >= 1 && word.length <= 2) return isDigit(word.charCodeAt(0)) && isDigit(word.charCodeAt(word.length - 1));
  // 2005-06-03, 2005/06/03, 03/06/2005
  if (word.length < 8 || word.length > 10) return false;
  for (let i = 0; i < word.length; i += 1) {
    const code = word.charCodeAt(i);
    if (!isDigit(code) && code !== 45 && code !== 47 && code !== 46) return false;
  }
  return true;
}

function isYearOrZone(word: string): boolean {
  if (word.length === 4 && isDigit(word.charCodeAt(0)) && isDigit(word.charCodeAt(3))) return true;
  return ZONES.has(word.toUpperCase()) || /^[+-]\d{4}$/.test(word);
}

function core(token: string): string {
  return token.slice(leading(token).length, token.length - trailing(token).length);
}

function leading(token: string): string {
  let i = 0;
  while (i < token.length && (charClass(token.charCodeAt(i)) & OPENER) !== 0) i += 1;
  return token.slice(0, i);
}

function trailing(token: string): string {
  let i = token.length;
  while (i > 0 && (charClass(token.charCodeAt(i - 1)) & CLOSER) !== 0) i -= 1;
  return token.slice(i);
}

const SIZE_UNITS = new Set(['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'kB', 'KiB', 'MiB', 'GiB', 'TiB']);
const ZONES = new Set(['UTC', 'GMT', 'Z', 'AM', 'PM', 'CET', 'CEST', 'PST', 'PDT', 'EST', 'EDT']);
const MONTHS_AND_DAYS = new Set(
  (
    'jan feb mar apr may jun jul aug sep sept oct nov dec january february march april june july august ' +
    'september october november december mon tue wed thu fri sat sun monday tuesday wednesday thursday ' +
    'friday saturday sunday'
  ).split(' '),
);
