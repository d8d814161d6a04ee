export interface Page<T> {
  items: T[];
  total: number;
}

export interface PageRequest {
  /** 1-based. */
  page: number;
  pageSize: number;
}

export const pageOffset = ({ page, pageSize }: PageRequest): number =>
  (Math.max(1, Math.floor(page)) - 1) * pageSize;

/**
 * Splits bulk writes so one statement stays under SQLite's bound-parameter limit (32766)
 * and PostgreSQL's (65535).
 */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size)
    chunks.push(items.slice(start, start + size));
  return chunks;
}

/**
 * Last write wins within one batch (PostgreSQL refuses an upsert that touches a row twice), sorted
 * by key so concurrent upserts lock rows in the same order and cannot deadlock.
 */
export function uniqueSortedBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  const byKey = new Map<string, T>();
  for (const item of items) byKey.set(key(item), item);
  return [...byKey.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, item]) => item);
}

export interface PageWindow {
  /** Direction of the index walk; the caller always returns items newest first. */
  descending: boolean;
  offset: number;
  limit: number;
}

/**
 * OFFSET walks every skipped index entry. A page in the back half is cut from the other end
 * instead (ascending, then put back in order), so no query walks more than half of the matches.
 * Null when the page lies past the end. Needs a total ordering (a unique tie-breaker).
 */
export function pageWindow(total: number, request: PageRequest): PageWindow | null {
  const offset = pageOffset(request);
  if (offset >= total) return null;
  if (offset <= total / 2) return { descending: true, offset, limit: request.pageSize };
  const limit = Math.min(request.pageSize, total - offset);
  return { descending: false, offset: total - offset - limit, limit };
}
