/**
 * A duration in seconds as the audit list shows it (spec part 2 section 4): under 60 s in seconds,
 * under an hour in minutes, otherwise hours, one decimal; 'N/A' when there is none.
 */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0)
    return 'N/A';
  if (seconds < 60) return `${seconds.toFixed(1)}s`;
  if (seconds < 3_600) return `${(seconds / 60).toFixed(1)}m`;
  return `${(seconds / 3_600).toFixed(1)}h`;
}
