export interface RunCounts {
  runs: number;
  successes: number;
}

/** 'Success rate 75.0% (3 of 4 runs)', or a plain sentence when nothing has run for real yet. */
export function successRateText(counts: RunCounts | undefined): string {
  if (!counts || counts.runs === 0) return 'No finished runs yet';
  const percent = ((counts.successes / counts.runs) * 100).toFixed(1);
  return `Success rate ${percent}% (${counts.successes} of ${counts.runs} ${counts.runs === 1 ? 'run' : 'runs'})`;
}
