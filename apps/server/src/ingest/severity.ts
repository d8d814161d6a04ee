/**
 * OTLP SeverityNumber (1-4 TRACE, 5-8 DEBUG, 9-12 INFO, 13-16 WARN, 17-20 ERROR, 21-24 FATAL) and
 * the level words real logs use. Shared by the OTLP normaliser and the file parsers so a level means
 * the same thing whichever way it arrived.
 */
const RANGE_NAMES = ['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'FATAL'] as const;

/** The spec's short names: index 0 is unspecified, then TRACE, TRACE2 … FATAL4. */
export const SEVERITY_SHORT_NAMES: readonly string[] = [
  '',
  ...RANGE_NAMES.flatMap((name) => [name, `${name}2`, `${name}3`, `${name}4`]),
];

// Syslog words follow the mapping OpenTelemetry's PSR-3 bridge uses (notice INFO2, critical ERROR2,
// alert FATAL, emergency FATAL2); Java's util.logging words (fine, severe) map to their nearest range.
const WORDS: Record<string, number> = {
  trace: 1,
  trc: 1,
  finest: 1,
  finer: 2,
  verbose: 2,
  v: 2,
  t: 1,
  debug: 5,
  dbg: 5,
  fine: 5,
  config: 6,
  d: 5,
  info: 9,
  inf: 9,
  information: 9,
  informational: 9,
  i: 9,
  notice: 10,
  n: 10,
  warn: 13,
  warning: 13,
  wrn: 13,
  w: 13,
  error: 17,
  err: 17,
  eror: 17,
  e: 17,
  severe: 17,
  critical: 18,
  crit: 18,
  c: 18,
  fatal: 21,
  ftl: 21,
  f: 21,
  alert: 21,
  a: 21,
  emergency: 22,
  emerg: 22,
  panic: 22,
  p: 22,
};

/** `SEVERITY_NUMBER_ERROR2`-style enum names, accepted leniently from OTLP JSON. */
const ENUM_NAMES: Record<string, number> = Object.fromEntries(
  SEVERITY_SHORT_NAMES.map((name, i) => [
    i === 0 ? 'SEVERITY_NUMBER_UNSPECIFIED' : `SEVERITY_NUMBER_${name}`,
    i,
  ]),
);

export const isValidSeverityNumber = (n: number): boolean =>
  Number.isInteger(n) && n >= 1 && n <= 24;

export function severityTextFor(severityNumber: number): string {
  return isValidSeverityNumber(severityNumber) ? (SEVERITY_SHORT_NAMES[severityNumber] ?? '') : '';
}

/**
 * Maps a level word to a SeverityNumber, 0 when the word is not a level. Accepts the short names
 * with their step (`ERROR2`), enum names, and the usual aliases in any case.
 */
export function severityNumberFor(text: string): number {
  if (text.length === 0 || text.length > 32) return 0;
  const word = text.trim();
  const lower = word.toLowerCase();
  const direct = WORDS[lower];
  if (direct !== undefined) return direct;
  const fromEnum = ENUM_NAMES[word.toUpperCase()];
  if (fromEnum !== undefined) return fromEnum;
  // `ERROR2`, `warn3`: a range name followed by its step.
  const last = lower.charCodeAt(lower.length - 1);
  if (last >= 50 && last <= 52) {
    const base = WORDS[lower.slice(0, -1)];
    if (base !== undefined && (base - 1) % 4 === 0) return base + (last - 49);
  }
  return 0;
}

export interface Severity {
  severityNumber: number;
  severityText: string;
}

/** Fills in whichever of number and text is missing from the other; out-of-range numbers count as missing. */
export function resolveSeverity(severityNumber: number, severityText: string): Severity {
  const valid = isValidSeverityNumber(severityNumber);
  if (valid && severityText !== '') return { severityNumber, severityText };
  if (valid) return { severityNumber, severityText: severityTextFor(severityNumber) };
  return { severityNumber: severityNumberFor(severityText), severityText };
}
