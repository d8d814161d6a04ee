/**
 * A leading timestamp as log lines carry it: ISO 8601 with `T` or a space, optional fraction
 * (`.` or `,`) and zone, optionally in brackets, followed by separators. Anchored at the start
 * so a timestamp inside the message stays.
 */
const LEADING_TIMESTAMP =
  /^\s*\[?\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?\]?[\s:|-]*/;

/** Spec part 1 section 5: descriptions have a leading ISO timestamp stripped. */
export function stripLeadingTimestamp(text: string): string {
  return text.replace(LEADING_TIMESTAMP, '');
}

/** The description as a card shows it: timestamp stripped, and a fallback when nothing is left. */
export function displayDescription(
  text: string | null | undefined,
  fallback = 'No description available',
): string {
  const stripped = stripLeadingTimestamp(text ?? '').trim();
  return stripped === '' ? fallback : stripped;
}

export interface DateTimeOptions {
  locale?: string;
  /** Defaults to the browser's zone; tests pass `UTC`. */
  timeZone?: string;
}

/** A date and time for people, or 'Unknown time' when the value does not parse. */
export function formatDateTime(
  value: string | number | Date | null | undefined,
  options: DateTimeOptions = {},
): string {
  if (value === null || value === undefined || value === '') return 'Unknown time';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return 'Unknown time';
  return new Intl.DateTimeFormat(options.locale, {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone: options.timeZone,
  }).format(date);
}
