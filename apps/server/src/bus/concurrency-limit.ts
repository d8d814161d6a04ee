export interface ConcurrencyLimit {
  /** Runs `work` once fewer than the limit are running; callers wait in arrival order. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** How many run right now (tests, status). */
  running(): number;
}

/** At most `limit()` pieces of work at once; the limit is read again whenever a slot frees. */
export function createConcurrencyLimit(limit: () => number): ConcurrencyLimit {
  const waiting: (() => void)[] = [];
  let active = 0;

  const admit = (): void => {
    while (waiting.length > 0 && active < Math.max(1, limit())) {
      active += 1;
      waiting.shift()?.();
    }
  };

  return {
    async run(work) {
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        admit();
      });
      try {
        return await work();
      } finally {
        active -= 1;
        admit();
      }
    },
    running: () => active,
  };
}
