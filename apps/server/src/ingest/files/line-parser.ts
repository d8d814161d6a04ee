import { lineFromFields } from './header-fields';
import { detectHeader } from './auto-header';
import { compileFormat, matchFormat } from './format-string';
import type { ParsedLine } from './parsed-line';
import { parseJsonLine, parseLogfmtLine } from './structured-line';

/** `auto` detects per line, `json` expects JSON lines, anything else is a loghub format string. */
export type LineFormat = 'auto' | 'json' | (string & {});

export interface LineParserOptions {
  /** Wall-clock ms, for lines without a time and for dates without a year. */
  now: () => number;
}

export interface LineParser {
  parse(line: string): ParsedLine & { time: number };
  /** Lines that did not fit an explicit format (kept whole as the body). */
  readonly unmatched: number;
}

/**
 * Builds the parser for one input. Throws LogFormatError for a bad format string, so the CLI can
 * refuse it before reading anything. A line without a time of its own takes the previous line's
 * (a stack trace stays with its header line), or now when there is none yet: order is preserved.
 */
export function createLineParser(format: LineFormat, options: LineParserOptions): LineParser {
  const compiled = format === 'auto' || format === 'json' ? null : compileFormat(format);
  let lastTime: number | null = null;
  let unmatched = 0;
  const raw = (line: string, reference: number): ParsedLine => {
    if (compiled !== null) {
      const fields = matchFormat(compiled, line);
      if (fields !== null) return lineFromFields(fields, reference);
      unmatched += 1;
      return lineFromFields({ Content: line.trim() }, reference);
    }
    const structured =
      parseJsonLine(line, reference) ??
      (format === 'auto' ? parseLogfmtLine(line, reference) : null);
    if (structured !== null) return structured;
    return lineFromFields(
      format === 'json' ? { Content: line.trim() } : detectHeader(line),
      reference,
    );
  };
  return {
    parse(line) {
      const now = options.now();
      const parsed = raw(line, now);
      const time = parsed.time ?? lastTime ?? now;
      lastTime = time;
      return { ...parsed, time };
    },
    get unmatched() {
      return unmatched;
    },
  };
}
