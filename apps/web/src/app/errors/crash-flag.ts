/** Both must be present; see crash-probe.tsx for why the crash screen has a test switch at all. */
export const CRASH_QUERY_FLAG = '__crash';
export const CRASH_STORAGE_KEY = 'vigil.e2e.crash';

/**
 * True only when the page was opened with `?__crash` AND this browser has opted in with
 * `localStorage['vigil.e2e.crash'] = '1'`. A shared or bookmarked link alone can never crash
 * someone else's console.
 */
export function isCrashRequested(
  search: string,
  storage: Pick<Storage, 'getItem'> | null,
): boolean {
  if (!new URLSearchParams(search).has(CRASH_QUERY_FLAG)) return false;
  try {
    return storage?.getItem(CRASH_STORAGE_KEY) === '1';
  } catch {
    // Storage can throw when the browser blocks it; then there is no opt-in.
    return false;
  }
}
