import {
  DIGIT,
  HEX_LETTER,
  LOWER,
  UPPER,
  VARIABLE,
  charClass,
  isDigit,
  isWordChar,
} from './char-class';

/**
 * Replaces each variable word in token[start, end) by `<*>`; null when no word is variable.
 *
 * A word is a run of letters, digits, `_` and `~` (`Package_for_KB31~31bf~amd64`). A variable
 * swallows its whole word, so a template never glues `<*>` to letters (`12ms`, `blk_-1`, `rdd_2_0`
 * → `<*>`). Variables joined by `.` or `-` are one value (`3.5`, `10.0.0.1`, UUID-like runs), and
 * `:` joins a port to a dotted address (`10.0.0.1:50010`) but not the parts of a time inside a
 * compound (`id@2016/9/27:20:30:31.455` keeps its seven variables, as the corrected truth does).
 */
export function scanWords(token: string, start: number, end: number): string | null {
  let out: string | null = null;
  let copied = start;
  let lastVarEnd = -2;
  let lastVarDotted = false;
  let i = start;
  while (i < end) {
    const code = token.charCodeAt(i);
    const signed = (code === 45 || code === 43) && isSignAt(token, i, start, end);
    if (!signed && !isWordChar(code)) {
      i += 1;
      continue;
    }
    const wordEnd = findWordEnd(token, signed ? i + 1 : i, end);
    if (isVariableWord(token, i, wordEnd, start, end)) {
      const joiner = lastVarEnd === i - 1 ? token.charCodeAt(lastVarEnd) : -1;
      if (joiner === 46 || joiner === 45 || (joiner === 58 && lastVarDotted))
        lastVarDotted ||= joiner === 46;
      else {
        out = (out ?? '') + token.slice(copied, i) + VARIABLE;
        lastVarDotted = false;
      }
      copied = wordEnd;
      lastVarEnd = wordEnd;
    }
    i = wordEnd;
  }
  if (out === null) return null;
  return out + token.slice(copied, end);
}

/** `-`/`+` starts a signed number when a digit follows and no word character precedes it. */
function isSignAt(token: string, i: number, start: number, end: number): boolean {
  if (i + 1 >= end || !isDigit(token.charCodeAt(i + 1))) return false;
  return i === start || !isWordChar(token.charCodeAt(i - 1));
}

/** End of the word starting at i; `_-123` stays inside the word (`blk_-1234`). */
function findWordEnd(token: string, i: number, end: number): number {
  let j = i;
  while (j < end) {
    const code = token.charCodeAt(j);
    if (isWordChar(code) || code === TILDE) j += 1;
    else if (
      code === 45 &&
      token.charCodeAt(j - 1) === 95 &&
      j + 1 < end &&
      isDigit(token.charCodeAt(j + 1))
    )
      j += 1;
    else break;
  }
  return j;
}

/** Whether the word [i, j) is a variable; start/end bound the span it sits in. */
function isVariableWord(token: string, i: number, j: number, start: number, end: number): boolean {
  const first = token.charCodeAt(i);
  if (first === 45 || first === 43) return true;
  let digits = 0;
  let letters = 0;
  let run = 0;
  let longestRun = 0;
  let hex = true;
  let joined = false;
  for (let k = i; k < j; k += 1) {
    const cls = charClass(token.charCodeAt(k));
    if ((cls & DIGIT) !== 0) {
      digits += 1;
      run += 1;
      if (run > longestRun) longestRun = run;
      continue;
    }
    run = 0;
    if ((cls & (LOWER | UPPER)) !== 0) {
      letters += 1;
      if ((cls & HEX_LETTER) === 0) hex = false;
    } else {
      joined = true;
      hex = false;
    }
  }
  if (digits === 0) {
    if (hex && j - i >= 8) return true;
    return isBooleanWord(token, i, j, start, end);
  }
  if (joined) return hasVariablePart(token, i, j);
  if (isDigit(first)) return isNumberLike(token, i, j, digits, letters, hex);
  return isIdLike(digits, letters, longestRun, hex, j - i);
}

/**
 * A word starting with a digit is a value (`42`, `0x1f`, `12ms`, `4G`) unless it is mostly letters
 * and no unit (`0userId`, `3DES`).
 */
function isNumberLike(
  token: string,
  i: number,
  j: number,
  digits: number,
  letters: number,
  hex: boolean,
): boolean {
  if (digits >= letters || hex) return true;
  if (j - i >= 3 && token.charCodeAt(i) === 48 && (token.charCodeAt(i + 1) | 32) === 120)
    return true;
  let k = i;
  while (k < j && isDigit(token.charCodeAt(k))) k += 1;
  return UNITS.has(token.slice(k, j).toLowerCase());
}

/**
 * A letter-led word with digits is an id when hex-like, mostly digits, or carrying a number of three
 * digits or more (`storage234`, `bglio716`); short suffixes name things (`alt0`, `tty2`, `x86`).
 */
function isIdLike(
  digits: number,
  letters: number,
  longestRun: number,
  hex: boolean,
  length: number,
): boolean {
  return (hex && length >= 4) || digits > letters || longestRun >= 3;
}

/** `attempt_1445_0020_m_000000_0`, `broadcast_9_piece0`: an id when any `_`/`~` part is one. */
function hasVariablePart(token: string, i: number, j: number): boolean {
  let partStart = i;
  for (let k = i; k <= j; k += 1) {
    const code = k < j ? token.charCodeAt(k) : 95;
    if (code !== 95 && code !== TILDE) continue;
    if (k > partStart) {
      const first = token.charCodeAt(partStart);
      if (isDigit(first) || first === 45) return true;
      if (isIdPart(token, partStart, k)) return true;
    }
    partStart = k + 1;
  }
  return false;
}

function isIdPart(token: string, i: number, j: number): boolean {
  let digits = 0;
  let letters = 0;
  let run = 0;
  let longestRun = 0;
  let hex = true;
  for (let k = i; k < j; k += 1) {
    const cls = charClass(token.charCodeAt(k));
    if ((cls & DIGIT) !== 0) {
      digits += 1;
      run += 1;
      if (run > longestRun) longestRun = run;
    } else {
      run = 0;
      letters += 1;
      if ((cls & HEX_LETTER) === 0) hex = false;
    }
  }
  return digits > 0 && isIdLike(digits, letters, longestRun, hex, j - i);
}

/**
 * true/false/null are values when they stand as one (`setLightsOn(true)`, `ret:false`), not when
 * glued into an expression (`null?false`).
 */
function isBooleanWord(token: string, i: number, j: number, start: number, end: number): boolean {
  const length = j - i;
  if (length !== 4 && length !== 5) return false;
  const word = token.slice(i, j).toLowerCase();
  if (word !== 'true' && word !== 'false' && word !== 'null') return false;
  const before = i === start ? -1 : token.charCodeAt(i - 1);
  const after = j === end ? -1 : token.charCodeAt(j);
  return (
    (before === -1 || '=:([{,'.includes(String.fromCharCode(before))) &&
    (after === -1 || ')]},;'.includes(String.fromCharCode(after)))
  );
}

const TILDE = 126;
const UNITS = new Set(
  'ns us ms s sec secs min mins h hr hrs d day days b kb mb gb tb pb kib mib gib tib bytes k m g t'.split(
    ' ',
  ),
);
