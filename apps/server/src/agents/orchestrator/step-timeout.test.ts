import { describe, expect, it } from 'vitest';
import { manualTimers } from './orchestrator-test-kit';
import { StepTimeoutError, withinStepTimeout } from './step-timeout';

describe('withinStepTimeout', () => {
  it('returns the result of a step that finishes in time and disarms its timer', async () => {
    const { timers, pending } = manualTimers();
    const result = await withinStepTimeout('batch', async () => 42, {
      limitMs: 1_000,
      timers,
      onLateFailure: () => undefined,
    });
    expect(result).toBe(42);
    expect(pending()).toEqual([]);
  });

  it('abandons a step past the limit and still reports its later failure', async () => {
    const { timers, fire } = manualTimers();
    const late: unknown[] = [];
    let fail: (error: Error) => void = () => undefined;
    const step = withinStepTimeout(
      'batch',
      () => new Promise<void>((_, reject) => (fail = reject)),
      { limitMs: 3_000, timers, onLateFailure: (error) => late.push(error) },
    );
    expect(fire(3_000)).toBe(1);
    await expect(step).rejects.toThrow(new StepTimeoutError('batch', 3_000).message);
    fail(new Error('disk gone'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(late).toEqual([new Error('disk gone')]);
  });
});
