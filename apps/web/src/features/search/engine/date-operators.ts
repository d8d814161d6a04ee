/**
 * Date values of the query operators (spec part 1 section 5): today, yesterday, last-week (7 days
 * back), last-month, last-year, or any date `Date` can parse. Keywords resolve to the start of
 * that day; a bare YYYY-MM-DD is a local day, like the keywords.
 */

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

export function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/** 23:59:59.999 of the same local day: the filter panel's inclusive end. */
export function endOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate(), 23, 59, 59, 999);
}

function daysBack(now: Date, days: number): Date {
  const day = startOfDay(now);
  day.setDate(day.getDate() - days);
  return day;
}

function monthsBack(now: Date, months: number): Date {
  const day = startOfDay(now);
  day.setMonth(day.getMonth() - months);
  return day;
}

/** A date value as the operators and the filter panel take it, or null when it does not parse. */
export function resolveDateValue(value: string, now: Date): Date | null {
  const text = value.trim().toLowerCase();
  switch (text) {
    case 'today':
      return startOfDay(now);
    case 'yesterday':
      return daysBack(now, 1);
    case 'last-week':
      return daysBack(now, 7);
    case 'last-month':
      return monthsBack(now, 1);
    case 'last-year':
      return monthsBack(now, 12);
  }
  const dateOnly = DATE_ONLY.exec(text);
  if (dateOnly) {
    const [, year, month, day] = dateOnly.map(Number) as [number, number, number, number];
    const date = new Date(year, month - 1, day);
    return date.getMonth() === month - 1 ? date : null;
  }
  if (text === '') return null;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? null : new Date(parsed);
}

export type DateOperator = 'date' | 'before' | 'after' | 'since';

export interface DateCondition {
  operator: DateOperator;
  at: Date;
}

/**
 * date: the same day; before: strictly earlier; after: and since: strictly later. An item
 * without a (parseable) time passes.
 */
export function matchesDateCondition(timestamp: string | undefined, condition: DateCondition) {
  if (timestamp === undefined) return true;
  const time = Date.parse(timestamp);
  if (Number.isNaN(time)) return true;
  const at = condition.at.getTime();
  switch (condition.operator) {
    case 'date':
      return time >= startOfDay(condition.at).getTime() && time <= endOfDay(condition.at).getTime();
    case 'before':
      return time < at;
    case 'after':
    case 'since':
      return time > at;
  }
}
