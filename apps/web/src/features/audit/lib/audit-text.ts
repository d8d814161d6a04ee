/** Audit stats carry the success rate as 0–1; the card shows a percent with one decimal. */
export function formatSuccessRate(rate: number): string {
  // Rounded on the tenths of a percent, so 0.8765 reads 87.7% despite binary floating point.
  return `${(Math.round(rate * 1_000) / 10).toFixed(1)}%`;
}

/** 'Showing X to Y of Z entries' for a 1-based page. */
export function showingText(page: number, pageSize: number, total: number): string {
  if (total === 0) return 'Showing 0 to 0 of 0 entries';
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  return `Showing ${first} to ${last} of ${total} entries`;
}

/** 'Page n of m'; an empty list is still page 1 of 1. */
export function pageOfText(page: number, totalPages: number): string {
  return `Page ${page} of ${Math.max(1, totalPages)}`;
}

/** `anomaly_detected` → 'Anomaly Detected'. */
export function humanize(value: string): string {
  return value
    .split('_')
    .map((word) => (word === '' ? word : word[0]!.toUpperCase() + word.slice(1)))
    .join(' ');
}
