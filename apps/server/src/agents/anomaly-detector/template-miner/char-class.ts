/**
 * ASCII character classes as bit flags in one lookup table, so the hot path classifies a character
 * with one array read instead of a regex. Code points ≥ 128 count as letters (non-Latin words).
 */
export const DIGIT = 1;
export const LOWER = 2;
export const UPPER = 4;
export const HEX_LETTER = 8;
export const WORD = 16;
export const SPACE = 32;
export const OPENER = 64;
export const CLOSER = 128;
export const LETTER = LOWER | UPPER;

const TABLE = new Uint8Array(128);
for (let code = 48; code <= 57; code += 1) TABLE[code] = DIGIT | WORD;
for (let code = 97; code <= 122; code += 1) TABLE[code] = LOWER | WORD;
for (let code = 65; code <= 90; code += 1) TABLE[code] = UPPER | WORD;
for (const ch of 'abcdefABCDEF') TABLE[ch.charCodeAt(0)]! |= HEX_LETTER;
TABLE[95] = WORD; // _
for (const ch of ' \t\n\r\f\v') TABLE[ch.charCodeAt(0)] = SPACE;
// Wrappers peeled off a token before its core is masked: `(<*>)`, `"<*>",`, `[<*>]:`.
for (const ch of '([{<"\'') TABLE[ch.charCodeAt(0)]! |= OPENER;
for (const ch of ')]}>"\',;:.!?') TABLE[ch.charCodeAt(0)]! |= CLOSER;

export function charClass(code: number): number {
  return code < 128 ? (TABLE[code] ?? 0) : LOWER | WORD;
}

export function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

export function isWordChar(code: number): boolean {
  return (charClass(code) & WORD) !== 0;
}

export function isSpace(code: number): boolean {
  return code < 128 && ((TABLE[code] ?? 0) & SPACE) !== 0;
}

export const VARIABLE = '<*>';
