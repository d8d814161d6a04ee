import { CLOSER, LETTER, OPENER, VARIABLE, WORD, charClass, isDigit } from './char-class';
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
import { wrapVariable } from './wrap-variable';

/**
 * Masks the variable parts of one whitespace token, keeping the punctuation around them the way
 * Loghub's corrected templates write it: `(HWID=1973)` → `(HWID=<*>)`, `node-246` → `node-<*>`,
 * `10.251.73.220:50010` → `<*>`, `blk_-1234` → `<*>`. Returns the token itself when nothing is
 * variable, so the common case allocates nothing.
 *
 * Rules, in order (all generic, none per log source):
 * 1. A plain number (`42`, `-17`, `0.25`, `10.0.0.1`) is one variable.
 * 2. `key=value` (and `=value`): the key is kept, indices in it masked (`x[<*>]=`); the value is
 *    masked on its own in value context (below).
 * 3. Wrappers (`(`, `[`, `{`, quotes; trailing `,;:.!?`) are peeled off and kept.
 * 4. Whole-core shapes: URLs, paths, UUIDs, IPv6/MAC/clock, emails, versions, hosts
 *    (whole-variables.ts).
 * 5. `key:value` with an alphabetic key: the value is masked in value context.
 * 6. `Name(inner)`, `Name{inner}`: the inner part is masked on its own (`Rect(<*>,`, `chdir(<*>)`).
 * 7. Word scan (word-scan.ts): numbers, ids, hex words and booleans become `<*>`.
 * Value context: a quoted value is one variable (`tag="<*>"`), a comma ends the value
 * (`ready=<*>,policy=<*>`), and a value with a digit (`mc=e08x`) or a dotted or slashed name
 * (`name=com.android.phone`) is one variable.
 * A core that became one variable swallows wrapper halves that belong to it (`'{id}GLOBALROOT/x'`
 * → `'<*>'`, `WorkSource{1}` → `<*>`).
 */
export function maskToken(token: string): string {
  const n = token.length;
  let start = 0;
  while (start < n && (charClass(token.charCodeAt(start)) & OPENER) !== 0) start += 1;
  if (start === n || token === VARIABLE) return token;
  const facts = scanFacts(token, start);
  if ((facts & MAY_VARY) === 0) return token;
  if ((facts & HAS_DIGIT) !== 0) return maskScanned(token, start, facts, false);
  // Digit-free tokens that still need the rules (`false,`, `tag="View`, `[instance:`) are the
  // template's own words and repeat, so they are remembered; values with digits would only churn.
  const known = memo.get(token);
  if (known !== undefined) return known;
  const masked = maskScanned(token, start, facts, false);
  if (memo.size >= MEMO_SIZE) memo.clear();
  memo.set(token, masked);
  return masked;
}

/** Masking is a pure function of the token, so one small memo is shared by every miner. */
const memo = new Map<string, string>();
const MEMO_SIZE = 8192;

/** Flags that can make a token variable anywhere; in value context dotted names count too. */
const MAY_VARY = HAS_DIGIT | HAS_SLASH | HAS_AT | HAS_EQUALS | HAS_HEX_WORD | HAS_BOOLEAN_WORD;

function maskPart(token: string, valueContext: boolean): string {
  const n = token.length;
  if (n === 0 || token === VARIABLE) return token;
  let start = 0;
  while (start < n && (charClass(token.charCodeAt(start)) & OPENER) !== 0) start += 1;
  if (start === n) return token;
  return maskScanned(token, start, scanFacts(token, start), valueContext);
}

/** maskPart once the leading wrappers are counted and the token's facts are known. */
function maskScanned(token: string, start: number, facts: number, valueContext: boolean): string {
  const n = token.length;
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
  if (
    (facts & (HAS_DIGIT | HAS_SLASH | HAS_COLON | HAS_AT)) !== 0 &&
    isWholeVariable(token, start, end, facts)
  ) {
    return wrapVariable(token, start, end);
  }

  // `key:value` with an alphabetic key (`isOverlap:false`, `crop:[Rect(0,`).
  if ((facts & HAS_COLON) !== 0) {
    const split = alphabeticKeyEnd(token, start, n);
    if (split >= 0) return maskPair(token, start, split);
  }

  const core = maskCore(token, start, end, valueContext, facts);
  if (core === null) return token;
  return core === VARIABLE
    ? wrapVariable(token, start, end)
    : token.slice(0, start) + core + token.slice(end);
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
    if ((cls & LETTER) !== 0) letter = true;
    else if (
      !isDigit(code) &&
      code !== 95 &&
      code !== 46 &&
      code !== 45 &&
      code !== 91 &&
      code !== 93
    )
      return false;
  }
  return letter;
}

/** Masks the core [start, end) of a token; null when nothing in it is variable. */
function maskCore(
  token: string,
  start: number,
  end: number,
  valueContext: boolean,
  facts: number,
): string | null {
  const open = (facts & HAS_BRACKET) !== 0 ? callOpener(token, start, end) : -1;
  if (open > 0) {
    const inner = maskPart(token.slice(open + 1, end), valueContext);
    return inner === token.slice(open + 1, end) ? null : token.slice(start, open + 1) + inner;
  }
  if (
    valueContext &&
    (facts & (HAS_TWO_DOTS | HAS_SLASH)) !== 0 &&
    isQualifiedName(token, start, end)
  )
    return VARIABLE;
  return (facts & (HAS_DIGIT | HAS_HEX_WORD | HAS_BOOLEAN_WORD)) !== 0
    ? scanWords(token, start, end)
    : null;
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
    if (
      (code === 40 || code === 123 || code === 91) &&
      (charClass(token.charCodeAt(i - 1)) & WORD) !== 0
    )
      return i;
    if (code === 61 || code === 58) return -1;
  }
  return -1;
}

/** Index of the `:` ending an alphabetic key (`isOverlap:false`), or -1. */
function alphabeticKeyEnd(token: string, start: number, end: number): number {
  if ((charClass(token.charCodeAt(start)) & LETTER) === 0) return -1;
  for (let i = start + 1; i < end - 1; i += 1) {
    const code = token.charCodeAt(i);
    if (code === 58) return i;
    if ((charClass(code) & LETTER) === 0 && code !== 95 && code !== 45 && code !== 46) return -1;
  }
  return -1;
}
