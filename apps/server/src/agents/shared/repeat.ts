/** Timer seam: tests hand in fake timers and fire the callbacks themselves. */
export interface Timers {
  /** Calls `callback` once after `ms`; the returned function cancels it. */
  set(callback: () => void, ms: number): () => void;
}

export const realTimers: Timers = {
  set(callback, ms) {
    const handle = setTimeout(callback, ms);
    handle.unref();
    return () => clearTimeout(handle);
  },
};

/**
 * Runs `run` every `intervalMs()`. The interval is read again before each wait, so a changed
 * setting applies from the next run without a restart. Returns the function that stops it.
 */
export function repeatEvery(
  intervalMs: () => number,
  run: () => void,
  timers: Timers = realTimers,
): () => void {
  let cancel: (() => void) | null = null;
  let stopped = false;
  const arm = (): void => {
    cancel = timers.set(
      () => {
        if (stopped) return;
        run();
        arm();
      },
      Math.max(1, intervalMs()),
    );
  };
  arm();
  return () => {
    stopped = true;
    cancel?.();
  };
}
