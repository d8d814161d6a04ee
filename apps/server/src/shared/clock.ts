/** Time source for every agent and rule, so tests can drive time with a fake clock. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export interface FakeClock extends Clock {
  set(epochMs: number): void;
  advance(ms: number): void;
}

export function createFakeClock(startMs = Date.UTC(2026, 0, 1)): FakeClock {
  let current = startMs;
  return {
    now: () => current,
    set: (epochMs) => {
      current = epochMs;
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

export const toIso = (epochMs: number): string => new Date(epochMs).toISOString();
