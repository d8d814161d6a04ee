import Fuse, { type FuseResult, type IFuseOptions } from 'fuse.js';
import {
  MAX_PATTERN_LENGTH,
  MIN_MATCH_LENGTH,
  bitapSearch,
  characterBuckets,
  compilePattern,
  fewestEdits,
  hasMatchedRun,
  leftmostStart,
  mayMatch,
  type BitapPattern,
} from './bitap';
import { bestHits, type ScoredPosition } from './best-hits';
import { fieldNorm } from './field-norm';
import { SEARCH_FIELDS, type FieldMatch, type SearchField, type SearchItem } from './search-types';

/** Spec part 1 sections 5 and 9: field weights and fuzzy semantics. */
export const FIELD_WEIGHTS: Record<SearchField, number> = {
  title: 0.3,
  description: 0.2,
  content: 0.2,
  tags: 0.15,
  keywords: 0.15,
};
/** Hits the index returns for one search, before any filter. */
export const INDEX_HIT_LIMIT = 100;

/** Fuse.js configured as the spec says: the reference the matcher reproduces. */
export const FUSE_OPTIONS: IFuseOptions<SearchItem> = {
  keys: SEARCH_FIELDS.map((name) => ({ name, weight: FIELD_WEIGHTS[name] })),
  threshold: 0.4,
  minMatchCharLength: MIN_MATCH_LENGTH,
  ignoreLocation: true,
  includeScore: true,
  includeMatches: true,
};

export interface MatchHit {
  item: SearchItem;
  /** 0 is a perfect match, 1 none (Fuse's score). */
  distance: number;
  matches: FieldMatch[];
}

export interface Matcher {
  search(freeText: string): MatchHit[];
}

/** One non-blank field value as Fuse indexes it; its lowercased text is shared by id. */
interface IndexedValue {
  field: SearchField;
  raw: string;
  textId: number;
  /** The power Fuse raises this value's score to: key weight × field-length norm. */
  exponent: number;
}

/** Every distinct lowercased text once, with its character buckets. */
interface TextTable {
  texts: string[];
  low: Int32Array;
  high: Int32Array;
}

// Fuse normalises key weights by their sum, in key order.
const TOTAL_WEIGHT = SEARCH_FIELDS.reduce((sum, field) => sum + FIELD_WEIGHTS[field], 0);
const NO_MATCH = -1;
const EXACT_OCCURRENCE_SCORE = 0.001;

const isBlank = (value: string): boolean => value.trim().length === 0;

function buildIndex(items: readonly SearchItem[]): { values: IndexedValue[][]; table: TextTable } {
  const ids = new Map<string, number>();
  const texts: string[] = [];
  const values = items.map((item) => {
    const list: IndexedValue[] = [];
    for (const field of SEARCH_FIELDS) {
      const value = item[field];
      for (const raw of Array.isArray(value) ? value : [value]) {
        if (typeof raw !== 'string' || isBlank(raw)) continue;
        const lower = raw.toLowerCase();
        let textId = ids.get(lower);
        if (textId === undefined) {
          textId = texts.push(lower) - 1;
          ids.set(lower, textId);
        }
        const exponent = (FIELD_WEIGHTS[field] / TOTAL_WEIGHT) * fieldNorm(raw);
        list.push({ field, raw, textId, exponent });
      }
    }
    return list;
  });
  const low = new Int32Array(texts.length);
  const high = new Int32Array(texts.length);
  texts.forEach((text, id) => {
    [low[id], high[id]] = characterBuckets(text);
  });
  return { values, table: { texts, low, high } };
}

/** Fuse's searchIn score for one lowercased text, or NO_MATCH. */
function textScore(text: string, pattern: BitapPattern, low: number, high: number): number {
  if (text === pattern.text) return text.length >= MIN_MATCH_LENGTH ? 0 : NO_MATCH;
  if (pattern.maxErrors === 0) {
    // Only exact occurrences match; Fuse marks each, so one character needs two in a row.
    const needle = pattern.length >= MIN_MATCH_LENGTH ? pattern.text : pattern.text.repeat(2);
    return text.includes(needle) ? EXACT_OCCURRENCE_SCORE : NO_MATCH;
  }
  if (!mayMatch(pattern, low, high)) return NO_MATCH;
  const edits = fewestEdits(text, pattern);
  if (edits > pattern.maxErrors) return NO_MATCH;
  if (edits === 0) return EXACT_OCCURRENCE_SCORE;
  const start = leftmostStart(text, pattern, edits);
  return hasMatchedRun(text, pattern, start, edits) ? edits / pattern.length : NO_MATCH;
}

/** The score of every distinct text for this pattern. */
function scoreTexts(table: TextTable, pattern: BitapPattern): Float64Array {
  const scores = new Float64Array(table.texts.length);
  for (let id = 0; id < table.texts.length; id += 1)
    scores[id] = textScore(table.texts[id]!, pattern, table.low[id]!, table.high[id]!);
  return scores;
}

function matchedRanges(text: string, pattern: BitapPattern): Array<[number, number]> {
  if (text === pattern.text) return [[0, text.length - 1]];
  const ranges: Array<[number, number]> = [];
  bitapSearch(text, pattern, ranges);
  return ranges;
}

function fromFuse(result: FuseResult<SearchItem>): MatchHit {
  const matches: FieldMatch[] = [];
  for (const match of result.matches ?? []) {
    const field = SEARCH_FIELDS.find((name) => name === match.key);
    if (field && match.value !== undefined)
      matches.push({ field, value: match.value, ranges: match.indices });
  }
  return { item: result.item, distance: result.score ?? 1, matches };
}

/**
 * Fuzzy matching over a fixed list of items, best first, at most INDEX_HIT_LIMIT hits: the same
 * hits, scores, order and matched ranges as Fuse.js with FUSE_OPTIONS, computed faster: each
 * distinct text lowercased once and scored once per query (see textScore), ranges only for the
 * hits returned. Patterns over 32 characters go to Fuse itself.
 */
export function createMatcher(items: readonly SearchItem[]): Matcher {
  const { values, table } = buildIndex(items);
  let fuse: Fuse<SearchItem> | null = null;

  function searchLong(text: string): MatchHit[] {
    fuse ??= new Fuse(items, FUSE_OPTIONS);
    return fuse.search(text, { limit: INDEX_HIT_LIMIT }).map(fromFuse);
  }

  return {
    search(freeText) {
      if (freeText.trim() === '') return [];
      const lowered = freeText.toLowerCase();
      if (lowered.length > MAX_PATTERN_LENGTH) return searchLong(freeText);
      const pattern = compilePattern(lowered);
      const scores = scoreTexts(table, pattern);
      const scored: ScoredPosition[] = [];
      for (let position = 0; position < values.length; position += 1) {
        let total = 1;
        let matched = false;
        for (const value of values[position]!) {
          const score = scores[value.textId]!;
          if (score === NO_MATCH) continue;
          matched = true;
          total *= Math.pow(score === 0 ? Number.EPSILON : score, value.exponent);
        }
        if (matched) scored.push({ position, score: total });
      }
      return bestHits(scored, INDEX_HIT_LIMIT).map(({ position, score }) => ({
        item: items[position]!,
        distance: score,
        matches: values[position]!.filter((value) => scores[value.textId] !== NO_MATCH).map(
          (value) => ({
            field: value.field,
            value: value.raw,
            ranges: matchedRanges(table.texts[value.textId]!, pattern),
          }),
        ),
      }));
    },
  };
}
