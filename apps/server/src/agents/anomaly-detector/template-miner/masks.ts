import { CLOSER, OPENER, VARIABLE, charClass, isDigit } from './char-class';
import {
  HAS_AT,
  HAS_BOOLEAN_WORD,
  HAS_BRACKET,
  HAS_COLON,
  HAS_DIGIT,
  HAS_EQUALS,
  HAS_HEX_WORD,
  HAS_SLASH,
  HAS_TWO_DOTS,
  IS_NUMBER,
  scanFacts,
} from './token-facts';
import { isWholeVariable } from './whole-variables';
import { scanWords } from './word-scan';

/**
 * Masks the variable parts of one whitespace token, keeping the punctuation around them the way
 * Loghub's corrected templates write it: `(HWID=1973)` → `(HWID=<*>)`, `node-246` → `node-<*>`,
 * `10.251.73.220:50010` → `<*>`, `blk_-1234` → `<*>`. Returns the token itself when nothing is
 * variable, so the common case allocates nothing.
 *
 * Rules, in order (all generic, none per log source):
 * 1. `key=value`: the key is kept (indices in it masked); the value is masked in value context.
 * 2. Wrappers (`(`, `[`, quotes, trailing `,;:.`) are peeled off and kept.
 * 3. In value context (after `=` or `key:`), a value with a digit, or a dotted or slashed name
 *    (`com.android.phone`, `pkg/.Activity`), is one variable, and so is a quoted value.
 * 4. Whole-core shapes: URLs, paths, UUIDs, IPv6/MAC, emails, hosts (see whole-variables.ts).
 * 5. `Name(inner)`, `Name{inner}`: the inner part is masked on its own (`Rect(<*>,`).
 * 6. `key:value` with an alphabetic key: the value is masked in value context.
 * 7. Word scan (word-scan.ts): numbers, ids and hex words become `<*>`.
 * A core that became one variable swallows wrapper halves that belong to it (`{id}/path` → `<*>`).
 */
export function maskToken(token: string): string {
  const known = memo.get(token);
  if (known !== undefined) return known;
  const masked = maskPart(token, false);
  // Only digit-free tokens are remembered: they are the template's own words and repeat, while
  // tokens with digits are mostly one-off values that would only churn the memo.
  if (!hasDigit(token)) {
    if (memo.size >= MEMO_SIZE) memo.clear();
    memo.set(token, masked);
  }
  return masked;
}

/** Masking is a pure function of the token, so a small shared memo is safe across miners. */
const memo = new Map<string, string>();
const MEMO_SIZE = 8192;

function hasDigit(token: string): boolean {
  for (let i = 0; i < token.length; i += 1) if (isDigit(token.charCodeAt(i))) return true;
  return false;
}

/** Flags that can make a token variable anywhere; in value context dotted names count too. */
const MAY_VARY = HAS_DIGIT | HAS_SLASH | HAS_AT | HAS_EQUALS | HAS_HEX_WORD | HAS_BOOLEAN_WORD;

function maskPart(token: string, valueContext: boolean): string {
  const n = token.length;
  if (n === 0 || token === VARIABLE) return token;
  let start = 0;
  while (start < n && (charClass(token.charCodeAt(start)) & OPENER) !== 0) start += 1;
  if (start === n) return token;
  const facts = scanFacts(token, start);
  if ((facts & (valueContext ? MAY_VARY | HAS_TWO_DOTS : MAY_VARY)) === 0) return token;
  if ((facts & IS_NUMBER) !== 0) return start === 0 ? VARIABLE : token.slice(0, start) + VARIABLE;

  // `=value` (from `key =value`) and `key=value`: the value is masked on its own.
  if ((facts & HAS_EQUALS) !== 0) {
    let split = token.charCodeAt(start) === 61 ? start : token.indexOf('=', start + 1);
    if (split > start && !isKeyLike(token, start, split)) split = -1;
    if (split >= 0) return maskPair(token, start, split);
  }

  let end = n;
  while (end > start && (charClass(token.charCodeAt(end - 1)) & CLOSER) !== 0) end -= 1;
  if (end === start) return token;
  if ((facts & (HAS_DIGIT | HAS_SLASH | HAS_COLON | HAS_AT)) !== 0 && isWholeVariable(token, start, end)) {
    return wrapVariable(token, start, end);
  }

  // `key:value` with an alphabetic key (`isOverlap:false`, `crop:[Rect(0,`).
  if ((facts & HAS_COLON) !== 0) {
    const split = alphabeticKeyEnd(token, start, n);
    if (split >= 0) return maskPair(token, start, split);
  }

  const core = maskCore(token, start, end, valueContext, facts);
  if (core === null) return token;
  return core === VARIABLE ? wrapVariable(token, start, end) : token.slice(0, start) + core + token.slice(end);
}

/** Masks `key` + separator + `value` split at index `split`. */
function maskPair(token: string, start: number, split: number): string {
  if (split === token.length - 1 || isPathAfter(token, split + 1)) {
    const key = scanWords(token, start, split);
    return key === null ? token : token.slice(0, start) + key + token.slice(split);
  }
  const key = split > start ? (scanWords(token, start, split) ?? token.slice(start, split)) : '';
  const value = token.slice(split + 1);
  const masked = maskValue(value, token.charCodeAt(split) === 61);
  if (masked === value && key.length === split - start) return token;
  return token.slice(0, start) + key + token[split] + masked;
}

/**
 * A value after `=` or `key:`. A quoted value is free text chosen by the caller (`tag="View Lock"`):
 * one variable. A comma ends the value (`ready=true,policy=3`, `pkg =a.b.c,id =1`); what follows is
 * masked as a token again. After `=`, a value with a digit and no structure (`e08x`) is a variable.
 */
function maskValue(value: string, afterEquals: boolean): string {
  const comma = value.indexOf(',');
  if (comma < 0) return maskSingleValue(value, afterEquals);
  // Split once (a long `a=1,b=2,…` token would otherwise be rescanned for every pair).
  const parts = value.split(',');
  let changed = false;
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i] ?? '';
    const masked = i === 0 ? maskSingleValue(part, afterEquals) : maskPart(part, false);
    if (masked !== part) {
      parts[i] = masked;
      changed = true;
    }
  }
  return changed ? parts.join(',') : value;
}

function maskSingleValue(value: string, afterEquals: boolean): string {
  if (value.length === 0) return value;
  const quote = value.charCodeAt(0);
  const close = quote === 34 || quote === 39 ? value.indexOf(value[0] ?? '', 1) : -1;
  if (close > 1) return value[0] + VARIABLE + value.slice(close);
  if (afterEquals && isDigitValue(value)) {
    let end = value.length;
    while (end > 0 && (charClass(value.charCodeAt(end - 1)) & CLOSER) !== 0) end -= 1;
    return VARIABLE + value.slice(end);
  }
  return maskPart(value, true);
}

/** `hdfs://x`, `C:\\x`: what follows the separator is a path, so the separator is no key's. */
function isPathAfter(token: string, at: number): boolean {
  const code = token.charCodeAt(at);
  return code === 47 || code === 92;
}

/** A plain value with a digit (`e08x`, `0x1f`), no wrappers, keys or spaces inside. */
function isDigitValue(value: string): boolean {
  let digit = false;
  let end = value.length;
  while (end > 0 && (charClass(value.charCodeAt(end - 1)) & CLOSER) !== 0) end -= 1;
  if (end === 0) return false;
  for (let i = 0; i < end; i += 1) {
    const code = value.charCodeAt(i);
    if ((charClass(code) & (OPENER | CLOSER)) !== 0 || code === 61 || code === 32) return false;
    if (isDigit(code)) digit = true;
  }
  return digit;
}

/** A key is a name with a letter in it, maybe indexed (`x[0]`), never a path or an operator. */
function isKeyLike(token: string, start: number, end: number): boolean {
  let letter = false;
  for (let i = start; i < end; i += 1) {
    const code = token.charCodeAt(i);
    const cls = charClass(code);
    if ((cls & 6) !== 0) letter = true;
    else if (!isDigit(code) && code !== 95 && code !== 46 && code !== 45 && code !== 91 && code !== 93) return false;
  }
  return letter;
}

/** Masks the core [start, end) of a token; null when nothing in it is variable. */
function maskCore(token: string, start: number, end: number, valueContext: boolean, facts: number): string | null {
  const open = (facts & HAS_BRACKET) !== 0 ? callOpener(token, start, end) : -1;
  if (open > 0) {
    const inner = maskPart(token.slice(open + 1, end), valueContext);
    return inner === token.slice(open + 1, end) ? null : token.slice(start, open + 1) + inner;
  }
  if (valueContext && (facts & (HAS_TWO_DOTS | HAS_SLASH)) !== 0 && isQualifiedName(token, start, end)) return VARIABLE;
  return (facts & (HAS_DIGIT | HAS_HEX_WORD | HAS_BOOLEAN_WORD)) !== 0 ? scanWords(token, start, end) : null;
}

/** `com.android.phone`, `com.tencent.mm/.plugin.Entry`: dotted or slashed names as values. */
function isQualifiedName(token: string, start: number, end: number): boolean {
  let dots = 0;
  for (let i = start; i < end; i += 1) {
    const code = token.charCodeAt(i);
    if (code === 47) return true;
    if (code === 46) dots += 1;
  }
  return dots >= 2;
}

/** Index of the `(`/`{`/`[` opening a call-like part (`chdir(`, `Rect(`), or -1. */
function callOpener(token: string, start: number, end: number): number {
  for (let i = start + 1; i < end - 1; i += 1) {
    const code = token.charCodeAt(i);
    if ((code === 40 || code === 123 || code === 91) && (charClass(token.charCodeAt(i - 1)) & 22) !== 0) return i;
    if (code === 61 || code === 58) return -1;
  }
  return -1;
}

/** Index of the `:` ending an alphabetic key (`isOverlap:false`), or -1. */
function alphabeticKeyEnd(token: string, start: number, end: number): number {
  if ((charClass(token.charCodeAt(start)) & 6) === 0) return -1;
  for (let i = start + 1; i < end - 1; i += 1) {
    const code = token.charCodeAt(i);
    if (code === 58) return i;
    if ((charClass(code) & 6) === 0 && code !== 95 && code !== 45 && code !== 46) return -1;
  }
  return -1;
}

/**
 * Puts a whole-core variable back among its wrappers. A wrapper half whose partner sits inside the
 * core belongs to the value and is swallowed (`'{id}GLOBALROOT/x'` → `'<*>'`, `WorkSource{1}` →
 * `<*>`), and so is a stray closing quote (`name=a.b.c",` → `name=<*>,`); the others stay
 * (`[container_1` → `[<*>`). A path also swallows a trailing `.`: file names end in dots.
 */
function wrapVariable(token: string, start: number, end: number): string {
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
  if (tail < token.length && token.charCodeAt(tail) === 46 && isPathStart(token.charCodeAt(start))) tail += 1;
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
