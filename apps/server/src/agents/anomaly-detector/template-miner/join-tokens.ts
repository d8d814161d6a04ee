import { CLOSER, OPENER, VARIABLE, charClass, isDigit } from './char-class';
import type { PreparedLine } from './prepare-line';

/**
 * Values that span whitespace tokens, joined into one variable token after masking: timestamps,
 * a number and its size unit, a request path and its protocol, and lists of one repeated shape.
 * Each rewrites raw and masked in step, so they keep the same length.
 */

/** `07:07:00`, `7:07`, `15:42:50.675872` (wrappers allowed). */
export function looksLikeClock(token: string): boolean {
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

/**
 * Joins the date words around each clock time into one variable token: `Fri Jun 17 07:07:00 2005`,
 * `2017-05-16 05:00:00`. A bare day number or year joins only next to a month, weekday or date, so
 * `node 12 10:30:00` keeps its 12.
 */
export function joinTimestamps(line: PreparedLine): void {
  for (let at = line.raw.length - 1; at >= 0; at -= 1) {
    if (!looksLikeClock(line.raw[at] ?? '')) continue;
    let first = at;
    let named = false;
    while (first > 0 && first > at - 3) {
      const kind = dateWordKind(core(line.raw[first - 1] ?? ''));
      if (kind === NOT_DATE) break;
      if (kind === NAMED_DATE) named = true;
      first -= 1;
    }
    if (!named) first = at;
    let last = at;
    while (last < line.raw.length - 1 && last < at + 2) {
      const word = core(line.raw[last + 1] ?? '');
      if (!(ZONES.has(word.toUpperCase()) || /^[+-]\d{4}$/.test(word) || (named && isYear(word))))
        break;
      last += 1;
    }
    if (first < last) joinRange(line, first, last);
    at = first;
  }
}

/**
 * A number and its size unit (`5.2 KB,` → `<*>,`) are one value, and so are a request path and
 * its protocol (`/v2/servers HTTP/1.1"` → `<*>"`): the pair varies as one.
 */
export function joinUnits(line: PreparedLine): void {
  for (let i = line.raw.length - 2; i >= 0; i -= 1) {
    if (line.masked[i] !== VARIABLE) continue;
    // Units and protocols start with a capital (or `k` of `kB`): cheap to rule out before slicing.
    const first = line.raw[i + 1]?.charCodeAt(0) ?? 0;
    if (!((first >= 65 && first <= 90) || first === 107)) continue;
    const raw = line.raw[i] ?? '';
    const next = core(line.raw[i + 1] ?? '');
    if ((isNumber(raw) && SIZE_UNITS.has(next)) || (raw.charCodeAt(0) === 47 && isProtocol(next))) {
      joinRange(line, i, i + 1);
    }
  }
}

/**
 * Lists of any length become one token: a run of identical masked tokens that carry punctuation
 * (`@<*> @<*> @<*>)`; the last may close a bracket), and a run of three or more bare `<*>` that ends
 * the line (`delete blk_1 blk_2 blk_3 …`). Shorter or inner runs of bare `<*>` are left alone:
 * fixed columns (`( <*> <*> <*> ****`, `init <*> <*>`) look the same.
 */
export function collapseRepeats(line: PreparedLine): void {
  const n = line.masked.length;
  let tail = n;
  while (tail > 0 && line.masked[tail - 1] === VARIABLE) tail -= 1;
  if (n - tail >= MIN_TRAILING_LIST) joinList(line, tail, n - 1, VARIABLE);
  for (let last = line.masked.length - 1; last > 0; last -= 1) {
    const token = line.masked[last] ?? '';
    const previous = line.masked[last - 1] ?? '';
    if (token === VARIABLE || previous === VARIABLE || !previous.includes(VARIABLE)) continue;
    const base = withoutClosers(token);
    if (base === VARIABLE || !base.includes(VARIABLE) || previous !== base) continue;
    let first = last - 1;
    while (first > 0 && line.masked[first - 1] === base) first -= 1;
    joinList(line, first, last, token);
    last = first;
  }
}

const MIN_TRAILING_LIST = 3;

function joinList(line: PreparedLine, first: number, last: number, masked: string): void {
  const raw = line.raw.slice(first, last + 1).join(' ');
  line.raw.splice(first, last - first + 1, raw);
  line.masked.splice(first, last - first + 1, masked);
}

/** A masked token without its trailing closers; the `>` of a final `<*>` is no closer. */
function withoutClosers(token: string): string {
  let cut = token.length - trailing(token).length;
  if (token.startsWith('<*', cut - 2) && token.charCodeAt(cut) === 62) cut += 1;
  return token.slice(0, cut);
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

const NOT_DATE = 0;
const DAY_NUMBER = 1;
const NAMED_DATE = 2;

/** A month or weekday name or a full date (`2005-06-03`, `03/06/2005`), a day number, or neither. */
function dateWordKind(word: string): number {
  if (MONTHS_AND_DAYS.has(word.toLowerCase())) return NAMED_DATE;
  if (word.length >= 1 && word.length <= 2) {
    return isDigit(word.charCodeAt(0)) && isDigit(word.charCodeAt(word.length - 1))
      ? DAY_NUMBER
      : NOT_DATE;
  }
  if (word.length < 8 || word.length > 10) return NOT_DATE;
  for (let i = 0; i < word.length; i += 1) {
    const code = word.charCodeAt(i);
    if (!isDigit(code) && code !== 45 && code !== 47 && code !== 46) return NOT_DATE;
  }
  return NAMED_DATE;
}

function isYear(word: string): boolean {
  return word.length === 4 && isDigit(word.charCodeAt(0)) && isDigit(word.charCodeAt(3));
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
