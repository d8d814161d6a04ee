import type { Timers } from '../shared/repeat';

/** A step ran past `agents.orchestrator.timeout_seconds` and was abandoned. */
export class StepTimeoutError extends Error {
  constructor(what: string, limitMs: number) {
    super(`${what} took longer than ${limitMs / 1_000}s (timeout_seconds) and was abandoned`);
    this.name = 'StepTimeoutError';
  }
}

export interface StepTimeoutOptions {
  limitMs: number;
  timers: Timers;
  /** An abandoned step that fails later is still reported. */
  onLateFailure: (error: unknown) => void;
}

/**
 * Runs `work`, rejecting with `StepTimeoutError` once `limitMs` passes. The work itself cannot be
 * cancelled: it keeps running in the background and only a later failure is reported.
 */
export async function withinStepTimeout<T>(
  what: string,
  work: () => Promise<T>,
  options: StepTimeoutOptions,
): Promise<T> {
  const running = work();
  let cancel: () => void = () => undefined;
  const expired = new Promise<never>((_, reject) => {
    cancel = options.timers.set(
      () => reject(new StepTimeoutError(what, options.limitMs)),
      options.limitMs,
    );
  });
  try {
    return await Promise.race([running, expired]);
  } catch (error) {
    if (error instanceof StepTimeoutError) running.catch(options.onLateFailure);
    throw error;
  } finally {
    cancel();
  }
}
