/**
 * One pass over a token that records which rules could apply, as bit flags, so that a token with
 * no digit, slash, `=`, `@`, boolean-looking or long hex word skips the masking rules entirely.
 */
export const HAS_DIGIT = 1;
export const HAS_SLASH = 2;
export const HAS_COLON = 4;
export const HAS_AT = 8;
export const HAS_EQUALS = 16;
export const HAS_BRACKET = 32;
export const HAS_TWO_DOTS = 64;
export const HAS_HEX_WORD = 128;
export const HAS_BOOLEAN_WORD = 256;
/** Only digits and dots, maybe signed, ending in a digit: `42`, `-17`, `0.2477829`, `10.0.0.1`. */
export const IS_NUMBER = 512;

/** Flags for token[start..]. Character ranges are tested inline: this runs for every token. */
export function scanFacts(token: string, start: number): number {
  let facts = 0;
  let dots = 0;
  let runStart = -1;
  let runHex = true;
  let numeric = true;
  const n = token.length;
  for (let i = start; i < n; i += 1) {
    const code = token.charCodeAt(i);
    const lower = code | 32;
    if (lower >= 97 && lower <= 122) {
      if (runStart < 0) {
        runStart = i;
        runHex = true;
      }
      if (lower > 102) runHex = false;
      numeric = false;
      continue;
    }
    if (runStart >= 0) {
      facts |= letterRunFacts(token, runStart, i, runHex);
      runStart = -1;
    }
    if (code >= 48 && code <= 57) {
      facts |= HAS_DIGIT;
      continue;
    }
    if (code === 46) {
      dots += 1;
      continue;
    }
    if (!(i === start && (code === 45 || code === 43))) numeric = false;
    if (code === 47 || code === 92) facts |= HAS_SLASH;
    else if (code === 58) facts |= HAS_COLON;
    else if (code === 61) facts |= HAS_EQUALS;
    else if (code === 64) facts |= HAS_AT;
    else if (code === 40 || code === 91 || code === 123) facts |= HAS_BRACKET;
    else if (code >= 128) numeric = false;
  }
  if (runStart >= 0) facts |= letterRunFacts(token, runStart, n, runHex);
  if (numeric && n > start && (facts & HAS_DIGIT) !== 0 && isDigitCode(token.charCodeAt(n - 1)))
    facts |= IS_NUMBER;
  return dots >= 2 ? facts | HAS_TWO_DOTS : facts;
}

function isDigitCode(code: number): boolean {
  return code >= 48 && code <= 57;
}

function letterRunFacts(token: string, start: number, end: number, hex: boolean): number {
  const length = end - start;
  if (hex && length >= 8) return HAS_HEX_WORD;
  if (length !== 4 && length !== 5) return 0;
  const first = token.charCodeAt(start) | 32;
  return first === 116 || first === 102 || first === 110 ? HAS_BOOLEAN_WORD : 0;
}
