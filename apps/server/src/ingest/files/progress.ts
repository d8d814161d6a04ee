/**
 * Progress for `vigil ingest`: a live line on a terminal (lines, lines/s), redrawn at most every
 * 100 ms; nothing on a pipe, where only the final summary line is useful.
 */
export interface Progress {
  update(lines: number, label: string): void;
  /** Clears the live line before the summary is printed. */
  finish(): void;
}

const REDRAW_MS = 100;

export function createProgress(
  out: NodeJS.WritableStream,
  isTTY: boolean,
  now: () => number,
): Progress {
  const started = now();
  let lastDraw = 0;
  let drawn = false;
  return {
    update(lines, label) {
      if (!isTTY) return;
      const t = now();
      if (t - lastDraw < REDRAW_MS) return;
      lastDraw = t;
      drawn = true;
      const rate = Math.round(lines / Math.max((t - started) / 1000, 0.001));
      out.write(
        `\r\x1b[Kingesting ${label}: ${lines.toLocaleString('en-US')} lines, ${rate.toLocaleString('en-US')} lines/s`,
      );
    },
    finish() {
      if (drawn) out.write('\r\x1b[K');
    },
  };
}
