import type { ValidationResult } from '@vigil/contract';
import type { ConfigValue } from './config-types';
import {
  checkFromResult,
  LIVE_VALIDATION_DELAY_MS,
  type ServerCheck,
  type ValidationTarget,
} from './live-validation';

export interface LiveValidatorDeps {
  validate(path: string, value: ConfigValue, signal: AbortSignal): Promise<ValidationResult>;
  onCheck(path: string, check: ServerCheck): void;
  delayMs?: number;
}

export interface LiveValidator {
  /**
   * Checks these values once nothing new was scheduled for the delay. Each call replaces what
   * was waiting, so pass every value still unchecked.
   */
  schedule(targets: readonly ValidationTarget[]): void;
  /** Drops what is waiting and aborts what is in flight. */
  dispose(): void;
}

const isAbort = (error: unknown): boolean =>
  error instanceof DOMException && error.name === 'AbortError';

/**
 * Debounced validate calls, one in flight per field: a newer value of a field aborts the older
 * call, and an answer about a value no longer asked about is dropped.
 */
export function createLiveValidator(deps: LiveValidatorDeps): LiveValidator {
  const delayMs = deps.delayMs ?? LIVE_VALIDATION_DELAY_MS;
  const inFlight = new Map<string, { key: string; controller: AbortController }>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  function send(target: ValidationTarget): void {
    const running = inFlight.get(target.path);
    if (running?.key === target.key) return;
    running?.controller.abort();
    const controller = new AbortController();
    inFlight.set(target.path, { key: target.key, controller });
    deps
      .validate(target.path, target.value, controller.signal)
      .then(
        (result) => checkFromResult(target.path, target.key, result),
        (error: unknown): ServerCheck | null =>
          isAbort(error) ? null : { key: target.key, unavailable: true },
      )
      .then((check) => {
        if (controller.signal.aborted || check === null) return;
        inFlight.delete(target.path);
        deps.onCheck(target.path, check);
      });
  }

  return {
    schedule(targets) {
      clearTimeout(timer);
      timer = undefined;
      if (targets.length === 0) return;
      const batch = [...targets];
      timer = setTimeout(() => {
        timer = undefined;
        batch.forEach(send);
      }, delayMs);
    },
    dispose() {
      clearTimeout(timer);
      timer = undefined;
      for (const { controller } of inFlight.values()) controller.abort();
      inFlight.clear();
    },
  };
}
