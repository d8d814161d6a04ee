import type { ApprovedAction } from '@vigil/contract';
import { AppError } from '../../shared/errors';
import type { ExecutionsRepository } from '../../store/executions-repository';
import type { BusinessHours, ExecutorConfig } from './executor-config';

/** A safety refusal: 409 with a stable code, checked before any socket opens. */
export const refused = (code: string, message: string): AppError =>
  new AppError(409, code, message);

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** Day (0 = Sunday) and hour in the configured zone; Intl does the zone arithmetic (DST included). */
export function localDayAndHour(nowMs: number, timezone: string): { day: number; hour: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    weekday: 'short',
    hour: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(new Date(nowMs));
  const weekday = parts.find((p) => p.type === 'weekday')?.value ?? '';
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? NaN);
  return { day: WEEKDAYS[weekday] ?? -1, hour };
}

export function withinBusinessHours(nowMs: number, hours: BusinessHours): boolean {
  let local: { day: number; hour: number };
  try {
    local = localDayAndHour(nowMs, hours.timezone);
  } catch {
    return false; // an unknown zone fails closed
  }
  return hours.days.includes(local.day) && local.hour >= hours.start && local.hour < hours.end;
}

/** What the executor keeps in memory between executions. */
export interface SafetyState {
  running: number;
  runningByAction: Map<string, number>;
  /** Last start per target (action and host), for cooldowns. */
  lastStartByTarget: Map<string, number>;
}

export const createSafetyState = (): SafetyState => ({
  running: 0,
  runningByAction: new Map(),
  lastStartByTarget: new Map(),
});

export const targetKey = (actionId: string, url: string): string => {
  try {
    return `${actionId}@${new URL(url).host}`;
  } catch {
    return actionId;
  }
};

export function checkSwitches(config: ExecutorConfig): void {
  if (config.kill_switch)
    throw refused(
      'KILL_SWITCH_ACTIVE',
      'The executor kill switch is on: no action runs until it is turned off',
    );
  if (!config.enabled)
    throw refused('EXECUTOR_DISABLED', 'The executor is disabled in its configuration');
}

export interface AdmissionInput {
  action: ApprovedAction;
  target: string;
  config: ExecutorConfig;
  state: SafetyState;
  nowMs: number;
  executions: ExecutionsRepository;
}

/** Every stateful rule (rate, hours, concurrency, cooldown). Throws a refusal; does not reserve. */
export async function checkAdmission({
  action,
  target,
  config,
  state,
  nowMs,
  executions,
}: AdmissionInput): Promise<void> {
  checkSwitches(config);
  const constraints = action.safety_constraints;
  // The one await comes first: the synchronous checks below and the caller's reserve() then run
  // without yielding, so two requests cannot both take the last slot.
  const windowMinutes = constraints.rate_limit_window_minutes ?? config.rate_limit_window_minutes;
  const maxExecutions = constraints.max_executions ?? config.max_executions;
  const recent = await executions.list({
    actionId: action.id,
    sinceMs: nowMs - windowMinutes * 60_000,
    limit: 1,
  });
  if (recent.total >= maxExecutions) {
    throw refused(
      'RATE_LIMITED',
      `Action "${action.name}" reached ${maxExecutions} executions in ${windowMinutes} min`,
    );
  }
  if (
    constraints.business_hours_only === true &&
    !withinBusinessHours(nowMs, config.business_hours)
  ) {
    const h = config.business_hours;
    throw refused(
      'OUTSIDE_BUSINESS_HOURS',
      `Action "${action.name}" runs only in business hours (${h.start}:00–${h.end}:00 ${h.timezone})`,
    );
  }
  if (state.running >= config.max_concurrent) {
    throw refused(
      'CONCURRENCY_LIMIT',
      `The executor already runs ${state.running} action(s), its limit (${config.max_concurrent})`,
    );
  }
  const perAction = constraints.max_concurrent_limit ?? config.concurrent_limit;
  if ((state.runningByAction.get(action.id) ?? 0) >= perAction) {
    const which =
      constraints.max_concurrent_limit === undefined
        ? 'the executor concurrent_limit'
        : 'its max_concurrent_limit';
    throw refused(
      'CONCURRENCY_LIMIT',
      `Action "${action.name}" already runs ${perAction} time(s), ${which}`,
    );
  }
  const cooldownMs = (constraints.cooldown_seconds ?? 0) * 1_000;
  const last = state.lastStartByTarget.get(target);
  if (cooldownMs > 0 && last !== undefined && nowMs - last < cooldownMs) {
    const wait = Math.ceil((cooldownMs - (nowMs - last)) / 1_000);
    throw refused(
      'COOLDOWN_ACTIVE',
      `Action "${action.name}" ran on this target recently; try again in ${wait} s`,
    );
  }
}

/** Takes a slot; the returned function gives it back. */
export function reserve(
  state: SafetyState,
  actionId: string,
  target: string,
  nowMs: number,
): () => void {
  state.running += 1;
  state.runningByAction.set(actionId, (state.runningByAction.get(actionId) ?? 0) + 1);
  state.lastStartByTarget.set(target, nowMs);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    state.running -= 1;
    state.runningByAction.set(actionId, (state.runningByAction.get(actionId) ?? 1) - 1);
  };
}
