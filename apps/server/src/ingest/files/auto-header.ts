import { severityNumberFor } from '../severity';
import type { HeaderFields } from './parsed-line';

/**
 * Header auto-detection for unstructured lines: a leading timestamp (ISO 8601 / RFC 3339,
 * `YYYY-MM-DD HH:MM:SS,mmm`, syslog, Apache, logcat, log4j `yy/MM/dd`, compact `yyMMdd HHmmss`,
 * epoch), then syslog `host program[pid]:`, pid/tid numbers, a level word (`ERROR`, `[warn]`,
 * `<info>`), a `[thread]`, and a `component:` prefix. Each step only runs when the previous ones
 * found a header, so a message that merely starts with "Note: …" keeps its text.
 */
type StampKind = 'iso' | 'syslog' | 'other';

const STAMPS: ReadonlyArray<readonly [StampKind, RegExp]> = [
  [
    'iso',
    /^\[?(\d{4}[-/.]\d{2}[-/.]\d{2}(?:[T ]|\s+)\d{2}:\d{2}(?::\d{2})?(?:[.,]\d{1,9})?(?:\s?(?:Z|[+-]\d{2}:?\d{2}|UTC|GMT))?)\]?(?=[\s,|]|$)/,
  ],
  [
    'other',
    /^\[((?:[A-Z][a-z]{2},?\s+)?[A-Z][a-z]{2}\s+\d{1,2}\s+\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?\s+\d{4})\](?=\s|$)/,
  ],
  ['syslog', /^([A-Z][a-z]{2}\s+\d{1,2}\s+\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?)(?=\s)/],
  ['other', /^(\d{2}-\d{2}\s+\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?)(?=\s)/],
  ['other', /^(\d{2}\/\d{2}\/\d{2}\s+\d{2}:\d{2}:\d{2}(?:[.,]\d{1,6})?)(?=\s)/],
  ['other', /^(\d{6}\s\d{6})(?=\s)/],
  ['other', /^\[?(\d{2}:\d{2}:\d{2}(?:[.,]\d{1,9})?)\]?(?=\s)/],
  ['other', /^\[?((?:1[0-9]|20)\d{8}(?:\.\d{1,9})?|(?:1[0-9]|20)\d{11})\]?(?=\s)/],
];

const SEPARATOR = /^\s*(?:[,|]|-(?=\s))?\s*/;
const SYSLOG_SOURCE = /^(\S+)\s+([^\s:[\]]+)(?:\[(\d+)\])?:(?:\s+|$)/;
const NUMBER = /^(\d+)\s+/;
const BRACKET_LEVEL = /^[[<]\s*([A-Za-z]+)\s*[\]>]:?\s*/;
const WORD_LEVEL = /^([A-Za-z]{3,11})(?:\s*:\s*|\s+|$)(?:-\s+)?/;
const LETTER_LEVEL = /^([VDIWEF])\s+/;
const THREAD_THEN_COMPONENT =
  /^\[([^\]]{1,200})\]\s+(?=[A-Za-z_][\w.$@/-]*(?:\([\w.-]+\))?(?:\[\d+\])?:(?:\s|$))/;
const COMPONENT = /^([A-Za-z_][\w.$@/-]{0,200}(?:\([\w.-]+\))?)(?:\[(\d+)\])?:(?:\s+|$)/;
const DASHED_COMPONENT = /^([A-Za-z_][\w.$@/-]{0,200})\s+-\s+/;

interface Cursor {
  rest: string;
  fields: HeaderFields;
}

function take(cursor: Cursor, regex: RegExp): RegExpExecArray | null {
  const m = regex.exec(cursor.rest);
  if (m) cursor.rest = cursor.rest.slice(m[0].length);
  return m;
}

function takeStamp(cursor: Cursor): StampKind | null {
  for (const [kind, regex] of STAMPS) {
    const m = take(cursor, regex);
    if (m?.[1] !== undefined) {
      cursor.fields['Timestamp'] = m[1];
      return kind;
    }
  }
  return null;
}

function takeLevel(cursor: Cursor, allowLetter: boolean): boolean {
  const bracket = BRACKET_LEVEL.exec(cursor.rest);
  const word = bracket ?? WORD_LEVEL.exec(cursor.rest);
  if (
    word?.[1] !== undefined &&
    severityNumberFor(word[1]) !== 0 &&
    (bracket !== null || isLevelWord(word[1]))
  ) {
    cursor.fields['Level'] = word[1];
    cursor.rest = cursor.rest.slice(word[0].length);
    return true;
  }
  if (!allowLetter) return false;
  const letter = take(cursor, LETTER_LEVEL);
  if (letter?.[1] !== undefined) cursor.fields['Level'] = letter[1];
  return letter !== null;
}

/** A bare word counts as a level only when written like one (`ERROR`, `Error`), not mid-sentence `error`. */
function isLevelWord(word: string): boolean {
  const first = word.charCodeAt(0);
  return first >= 65 && first <= 90;
}

function takeComponent(cursor: Cursor): void {
  const thread = take(cursor, THREAD_THEN_COMPONENT);
  if (thread?.[1] !== undefined) cursor.fields['Thread'] = thread[1];
  const component =
    take(cursor, COMPONENT) ?? (thread === null ? take(cursor, DASHED_COMPONENT) : null);
  if (component?.[1] !== undefined) cursor.fields['Component'] = component[1];
  if (component?.[2] !== undefined) cursor.fields['Pid'] = component[2];
}

export function detectHeader(line: string): HeaderFields {
  const cursor: Cursor = { rest: line.trim(), fields: {} };
  const stamp = takeStamp(cursor);
  if (stamp !== null) take(cursor, SEPARATOR);
  if (stamp === 'syslog') {
    const source = take(cursor, SYSLOG_SOURCE);
    if (source) {
      cursor.fields['Host'] = source[1] ?? '';
      cursor.fields['Component'] = source[2] ?? '';
      if (source[3] !== undefined) cursor.fields['Pid'] = source[3];
    }
  }
  let numbers = 0;
  while (stamp !== null && numbers < 2) {
    const n = take(cursor, NUMBER);
    if (n?.[1] === undefined) break;
    cursor.fields[numbers === 0 ? 'Pid' : 'Tid'] = n[1];
    numbers += 1;
  }
  // Single-letter levels (logcat's `D`, `E`) only count right after pid/tid numbers.
  const level = takeLevel(cursor, numbers > 0);
  if (level) take(cursor, SEPARATOR);
  if ((stamp !== null || level) && cursor.fields['Component'] === undefined) takeComponent(cursor);
  if (!level && cursor.fields['Component'] !== undefined && takeLevel(cursor, false))
    take(cursor, SEPARATOR);
  cursor.fields['Content'] = cursor.rest;
  return cursor.fields;
}
