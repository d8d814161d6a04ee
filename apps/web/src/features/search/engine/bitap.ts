/**
 * Fuse.js 7.5's Bitap search (src/search/bitap/search.ts), ported with the same results under
 * the options the spec fixes (threshold 0.4, location ignored, minimum match length 2), plus the
 * exact shortcuts the matcher takes before it: a character test, Myers' edit distance and where
 * the best match starts. matcher.test.ts checks the whole against Fuse itself.
 */

export const MAX_PATTERN_LENGTH = 32;
export const THRESHOLD = 0.4;
export const MIN_MATCH_LENGTH = 2;

/** A lowercased pattern of at most 32 characters, ready to search with. */
export interface BitapPattern {
  text: string;
  length: number;
  /** Pattern alphabet by UTF-16 code: bit (length - i - 1) set for each position i (Fuse's). */
  alphabet: Int32Array;
  /** The same, bit i for position i: Myers' table. */
  positions: Int32Array;
  /** Most errors a match may have: the largest i with i / length ≤ 0.4. */
  maxErrors: number;
  /** Buckets (code & 63) of the pattern's characters, with how many positions use each. */
  buckets: Array<readonly [bucket: number, count: number]>;
}

export interface BitapResult {
  /** Fuse's score for this text: 0 when equal, else errors / length with a floor of 0.001. */
  score: number;
  /** Where the best match starts (-1 for the equal case). */
  bestLocation: number;
  bestErrors: number;
}

export function compilePattern(lowercased: string): BitapPattern {
  const length = lowercased.length;
  // Sized to the largest code in the pattern: reads past the end are undefined, taken as 0.
  let size = 1;
  for (let i = 0; i < length; i += 1) size = Math.max(size, lowercased.charCodeAt(i) + 1);
  const alphabet = new Int32Array(size);
  const positions = new Int32Array(size);
  const counts = new Map<number, number>();
  for (let i = 0; i < length; i += 1) {
    const code = lowercased.charCodeAt(i);
    alphabet[code] = alphabet[code]! | (1 << (length - i - 1));
    positions[code] = positions[code]! | (1 << i);
    counts.set(code & 63, (counts.get(code & 63) ?? 0) + 1);
  }
  let maxErrors = 0;
  while (maxErrors + 1 < length && (maxErrors + 1) / length <= THRESHOLD) maxErrors += 1;
  return { text: lowercased, length, alphabet, positions, maxErrors, buckets: [...counts] };
}

/** Which of 64 buckets (code & 63) a text's characters fall in: a cheap necessary test. */
export function characterBuckets(text: string): [low: number, high: number] {
  let low = 0;
  let high = 0;
  for (let i = 0; i < text.length; i += 1) {
    const bucket = text.charCodeAt(i) & 63;
    if (bucket < 32) low |= 1 << bucket;
    else high |= 1 << (bucket - 32);
  }
  return [low, high];
}

/**
 * False when the text cannot match: every pattern character absent from the text costs an edit,
 * so more absent positions than allowed errors rule a match out. Bucket collisions only make
 * the test more lenient, never wrong.
 */
export function mayMatch(pattern: BitapPattern, low: number, high: number): boolean {
  let missing = 0;
  for (const [bucket, count] of pattern.buckets) {
    const present = bucket < 32 ? low & (1 << bucket) : high & (1 << (bucket - 32));
    if (present === 0) {
      missing += count;
      if (missing > pattern.maxErrors) return false;
    }
  }
  return true;
}

/**
 * The fewest edits that turn the pattern into some substring of the text (Myers' bit-vector
 * algorithm, one pass). Bitap finds a match exactly when this is within the allowed errors, so a
 * larger value skips the Bitap scan.
 */
export function fewestEdits(text: string, pattern: BitapPattern): number {
  const positions = pattern.positions;
  const high = 1 << (pattern.length - 1);
  let pv = -1;
  let mv = 0;
  let score = pattern.length;
  let best = score;
  for (let j = 0; j < text.length; j += 1) {
    const eq = positions[text.charCodeAt(j)]! | 0;
    const xv = eq | mv;
    const xh = ((((eq & pv) + pv) | 0) ^ pv) | eq;
    let ph = mv | ~(xh | pv);
    let mh = pv & xh;
    if (ph & high) score += 1;
    else if (mh & high) {
      score -= 1;
      if (score < best) best = score;
    }
    ph <<= 1;
    mh <<= 1;
    pv = mh | ~(xv | ph);
    mv = ph & xv;
  }
  return best;
}

/**
 * Where Bitap's best match starts: the leftmost position from which some substring is within
 * `edits` of the pattern (Myers' algorithm run backwards, with the reversed-pattern table).
 */
export function leftmostStart(text: string, pattern: BitapPattern, edits: number): number {
  const reversed = pattern.alphabet;
  const high = 1 << (pattern.length - 1);
  let pv = -1;
  let mv = 0;
  let score = pattern.length;
  let start = -1;
  for (let j = text.length - 1; j >= 0; j -= 1) {
    const eq = reversed[text.charCodeAt(j)]! | 0;
    const xv = eq | mv;
    const xh = ((((eq & pv) + pv) | 0) ^ pv) | eq;
    let ph = mv | ~(xh | pv);
    let mh = pv & xh;
    if (ph & high) score += 1;
    else if (mh & high) score -= 1;
    if (score <= edits) start = j;
    ph <<= 1;
    mh <<= 1;
    pv = mh | ~(xv | ph);
    mv = ph & xv;
  }
  return start;
}

/**
 * Whether Bitap's matched ranges would be non-empty for a match with `edits` > 0 errors starting
 * at `start`: two neighbouring pattern characters inside the match window.
 */
export function hasMatchedRun(
  text: string,
  pattern: BitapPattern,
  start: number,
  edits: number,
): boolean {
  const end = Math.min(text.length - 1, start + pattern.length - 1 + edits);
  let previous = false;
  for (let k = start; k <= end; k += 1) {
    const inPattern = (pattern.alphabet[text.charCodeAt(k)]! | 0) !== 0;
    if (inPattern && previous) return true;
    previous = inPattern;
  }
  return false;
}

let current = new Int32Array(64);
let previous = new Int32Array(64);
let matchMask = new Uint8Array(64);

function ensureCapacity(size: number): void {
  if (current.length >= size) return;
  const capacity = Math.max(size, current.length * 2);
  current = new Int32Array(capacity);
  previous = new Int32Array(capacity);
  matchMask = new Uint8Array(capacity);
}

/**
 * Fuse's `search(text, pattern)` for a lowercased text that is not equal to the pattern. Answers
 * null when Fuse reports no match; `indices` receives the matched ranges when given.
 */
export function bitapSearch(
  text: string,
  pattern: BitapPattern,
  indices?: Array<[number, number]>,
): BitapResult | null {
  const patternLen = pattern.length;
  const textLen = text.length;
  ensureCapacity(textLen + patternLen + 2);
  matchMask.fill(0, 0, textLen);
  let currentThreshold = THRESHOLD;
  let bestLocation = 0;
  let index: number;
  while ((index = text.indexOf(pattern.text, bestLocation)) > -1) {
    currentThreshold = 0;
    bestLocation = index + patternLen;
    for (let i = 0; i < patternLen; i += 1) matchMask[index + i] = 1;
  }
  bestLocation = -1;
  let finalScore = 1;
  let bestErrors = 0;
  let binMax = patternLen + textLen;
  const mask = 1 << (patternLen - 1);
  const alphabet = pattern.alphabet;
  let bitArr = current;
  let lastBitArr = previous;
  for (let i = 0; i < patternLen; i += 1) {
    let binMin = 0;
    let binMid = binMax;
    while (binMin < binMid) {
      if (i / patternLen <= currentThreshold) binMin = binMid;
      else binMax = binMid;
      binMid = Math.floor((binMax - binMin) / 2 + binMin);
    }
    binMax = binMid;
    const start = Math.max(1, -binMid + 1);
    const finish = Math.min(binMid, textLen) + patternLen;
    bitArr[finish + 1] = (1 << i) - 1;
    for (let j = finish; j >= start; j -= 1) {
      const currentLocation = j - 1;
      const charMatch =
        currentLocation < textLen ? alphabet[text.charCodeAt(currentLocation)]! | 0 : 0;
      let bits = ((bitArr[j + 1]! << 1) | 1) & charMatch;
      if (i) bits |= ((lastBitArr[j + 1]! | lastBitArr[j]!) << 1) | 1 | lastBitArr[j + 1]!;
      bitArr[j] = bits;
      if (bits & mask) {
        finalScore = i / patternLen;
        if (finalScore <= currentThreshold) {
          currentThreshold = finalScore;
          bestLocation = currentLocation;
          bestErrors = i;
          if (bestLocation <= 0) break;
        }
      }
    }
    if ((i + 1) / patternLen > currentThreshold) break;
    const swap = lastBitArr;
    lastBitArr = bitArr;
    bitArr = swap;
  }
  if (bestLocation < 0) return null;
  const matchEnd = Math.min(textLen - 1, bestLocation + patternLen - 1 + bestErrors);
  for (let k = bestLocation; k <= matchEnd; k += 1)
    if ((alphabet[text.charCodeAt(k)]! | 0) !== 0) matchMask[k] = 1;
  if (!maskToIndices(textLen, indices)) return null;
  return { score: Math.max(0.001, finalScore), bestLocation, bestErrors };
}

/** Fuse's convertMaskToIndices: runs of at least 2; answers whether there is one. */
function maskToIndices(length: number, out?: Array<[number, number]>): boolean {
  let found = false;
  let start = -1;
  for (let i = 0; i <= length; i += 1) {
    const matched = i < length && matchMask[i] === 1;
    if (matched && start === -1) start = i;
    else if (!matched && start !== -1) {
      if (i - start >= MIN_MATCH_LENGTH) {
        found = true;
        if (!out) return true;
        out.push([start, i - 1]);
      }
      start = -1;
    }
  }
  return found;
}
