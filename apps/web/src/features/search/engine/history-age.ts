const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The age of a history entry (spec part 1 section 2): Just now, Nm ago, Nh ago, Nd ago. */
export function historyAge(timestamp: number, now: number): string {
  const age = now - timestamp;
  if (age < MINUTE) return 'Just now';
  if (age < HOUR) return `${Math.floor(age / MINUTE)}m ago`;
  if (age < DAY) return `${Math.floor(age / HOUR)}h ago`;
  return `${Math.floor(age / DAY)}d ago`;
}
