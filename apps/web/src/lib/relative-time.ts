export type RelativeTimeStyle = 'long' | 'short';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

interface Step {
  /** Smallest age this unit is used for. */
  from: number;
  size: number;
  long: string;
  short: string;
}

/** Spec part 1 section 9: minutes under 60, hours under 24, days under 7, weeks under 4, months under 12, else years. */
const STEPS: readonly Step[] = [
  { from: 365 * DAY, size: 365 * DAY, long: 'year', short: 'y' },
  { from: 28 * DAY, size: 30 * DAY, long: 'month', short: 'mo' },
  { from: 7 * DAY, size: 7 * DAY, long: 'week', short: 'w' },
  { from: DAY, size: DAY, long: 'day', short: 'd' },
  { from: HOUR, size: HOUR, long: 'hour', short: 'h' },
  { from: MINUTE, size: MINUTE, long: 'minute', short: 'm' },
];

const toMillis = (value: Date | string | number): number =>
  value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);

/**
 * "Just now", "5 minutes ago" (long) or "5m ago" (short, the search history's form). `now` is
 * passed in so callers and tests share one clock. A time in the future (clock skew) reads
 * "Just now"; an unparseable one "Unknown time".
 */
export function relativeTime(
  value: Date | string | number,
  now: Date | number,
  style: RelativeTimeStyle = 'long',
): string {
  const then = toMillis(value);
  if (Number.isNaN(then)) return 'Unknown time';
  const age = toMillis(now) - then;
  const step = STEPS.find((candidate) => age >= candidate.from);
  if (!step) return 'Just now';
  // Weeks hand over to months at 28 days, and 360-364 days still read "12 months" → clamp.
  const count = Math.max(1, Math.floor(age / step.size));
  if (step.long === 'month' && count >= 12) return relativeYears(1, style);
  if (style === 'short') return `${count}${step.short} ago`;
  return `${count} ${step.long}${count === 1 ? '' : 's'} ago`;
}

const relativeYears = (count: number, style: RelativeTimeStyle): string =>
  style === 'short' ? `${count}y ago` : `${count} year${count === 1 ? '' : 's'} ago`;
