import { FAULT_NAMES } from './fault-catalogue';
import type { FleetState } from './fleet-state';

/** Scenario times (before --demo-speed divides them). */
export interface FaultSchedule {
  /** The first fault, after the start. */
  firstAfterMs: number;
  /** Calm time between the end of one fault and the next. */
  intervalMs: number;
  /** A fault nobody remediates ends on its own after this long (someone fixed it by hand). */
  maxDurationMs: number;
}

export const DEFAULT_SCHEDULE: FaultSchedule = {
  firstAfterMs: 20_000,
  intervalMs: 6 * 60_000,
  maxDurationMs: 15 * 60_000,
};

export interface SchedulerTick {
  injected: string | null;
  expired: string[];
}

export interface FaultScheduler {
  tick(now: number): SchedulerTick;
}

/**
 * Injects the faults one at a time, in turn, on a scenario clock that runs `speed` times faster
 * than the wall clock. One fault at a time keeps each incident readable.
 */
export function createFaultScheduler(
  state: FleetState,
  speed: number,
  startedAt: number,
  schedule: FaultSchedule = DEFAULT_SCHEDULE,
  order: readonly string[] = FAULT_NAMES,
): FaultScheduler {
  let nextDue = startedAt + schedule.firstAfterMs / speed;
  let turn = 0;
  let busy = false;
  return {
    tick(now) {
      const expired = state.expire(now, schedule.maxDurationMs / speed);
      const active = state.active().length > 0;
      if (busy && !active) nextDue = now + schedule.intervalMs / speed;
      busy = active;
      if (active || now < nextDue || order.length === 0) return { injected: null, expired };
      const name = order[turn % order.length] as string;
      turn += 1;
      state.inject(name, now);
      busy = true;
      return { injected: name, expired };
    },
  };
}
