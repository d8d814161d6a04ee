import type { Timers } from '../shared/repeat';

export { detect, type EventSpec } from '../../testing/detect-anomalies';

/** Timers the test fires by hand; remembers what each was armed for. */
export function manualTimers() {
  const armed: { callback: () => void; ms: number; cancelled: boolean; fired: boolean }[] = [];
  const timers: Timers = {
    set(callback, ms) {
      const entry = { callback, ms, cancelled: false, fired: false };
      armed.push(entry);
      return () => {
        entry.cancelled = true;
      };
    },
  };
  const pending = () => armed.filter((entry) => !entry.cancelled && !entry.fired);
  /** Fires the pending timers armed for `ms`; returns how many fired. */
  const fire = (ms: number): number => {
    const due = pending().filter((entry) => entry.ms === ms);
    for (const entry of due) {
      entry.fired = true;
      entry.callback();
    }
    return due.length;
  };
  return { timers, pending, fire };
}
