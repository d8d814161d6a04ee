import { VARIABLE } from './char-class';
import { collapseRepeats, joinTimestamps, joinUnits, looksLikeClock } from './join-tokens';
import { maskToken } from './masks';
import { tokenize } from './tokenize';

/** One line split into whitespace tokens, raw and masked, both of the same length. */
export interface PreparedLine {
  raw: string[];
  masked: string[];
}

/**
 * Tokenizes a line (tokenize.ts), masks each token (masks.ts), then joins values that span tokens
 * into one variable (join-tokens.ts): timestamps, sizes with units, request paths with protocols,
 * repeated lists. With mask off the tokens are left as they are.
 */
export function prepareLine(line: string, maxTokens: number, mask: boolean): PreparedLine {
  const { tokens: raw, capped } = tokenize(line, maxTokens);
  if (!mask) return { raw, masked: raw.slice() };
  const masked: string[] = [];
  let clocks = false;
  let variables = 0;
  for (let i = 0; i < raw.length; i += 1) {
    const token = raw[i] ?? '';
    const result = maskToken(token);
    masked.push(result);
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
