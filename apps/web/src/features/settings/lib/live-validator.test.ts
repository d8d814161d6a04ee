import type { ValidationResult } from '@vigil/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConfigValue } from './config-types';
import type { ServerCheck } from './live-validation';
import { createLiveValidator } from './live-validator';

interface Call {
  path: string;
  value: ConfigValue;
  signal: AbortSignal;
  resolve(result: ValidationResult): void;
  reject(error: unknown): void;
}

function setup() {
  const calls: Call[] = [];
  const checks: Array<[string, ServerCheck]> = [];
  const validator = createLiveValidator({
    delayMs: 400,
    validate: (path, value, signal) =>
      new Promise<ValidationResult>((resolve, reject) =>
        calls.push({ path, value, signal, resolve, reject }),
      ),
    onCheck: (path, check) => checks.push([path, check]),
  });
  return { calls, checks, validator };
}

const target = (path: string, value: ConfigValue) => ({ path, value, key: JSON.stringify(value) });
const clean: ValidationResult = { valid: true, errors: [], warnings: [] };

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('createLiveValidator', () => {
  it('waits until scheduling has paused for the delay, then sends only the latest values', async () => {
    const { calls, validator } = setup();
    validator.schedule([target('a.timeout', 9)]);
    await vi.advanceTimersByTimeAsync(300);
    validator.schedule([target('a.timeout', 90)]);
    await vi.advanceTimersByTimeAsync(300);
    validator.schedule([target('a.timeout', 900)]);
    await vi.advanceTimersByTimeAsync(399);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((call) => [call.path, call.value])).toEqual([['a.timeout', 900]]);
  });

  it('reports each answer with the value it was about', async () => {
    const { calls, checks, validator } = setup();
    validator.schedule([target('a.timeout', 900), target('a.email', 'x')]);
    await vi.advanceTimersByTimeAsync(400);
    calls[0]?.resolve({
      valid: true,
      errors: [],
      warnings: [{ path: 'a.timeout', message: 'Timeout value is very high (>300 seconds)' }],
    });
    calls[1]?.resolve({
      valid: false,
      errors: [{ path: 'a.email', message: 'Expected an email address' }],
      warnings: [],
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(checks).toEqual([
      ['a.timeout', { key: '900', warning: 'Timeout value is very high (>300 seconds)' }],
      ['a.email', { key: '"x"', error: 'Expected an email address' }],
    ]);
  });

  it('aborts the older call of a field when a newer value goes, and drops its answer', async () => {
    const { calls, checks, validator } = setup();
    validator.schedule([target('a.timeout', 90)]);
    await vi.advanceTimersByTimeAsync(400);
    validator.schedule([target('a.timeout', 900)]);
    await vi.advanceTimersByTimeAsync(400);
    expect(calls).toHaveLength(2);
    expect(calls[0]?.signal.aborted).toBe(true);
    calls[0]?.resolve(clean);
    calls[1]?.resolve(clean);
    await vi.advanceTimersByTimeAsync(0);
    expect(checks).toEqual([['a.timeout', { key: '900' }]]);
  });

  it('does not send a value again while its call is in flight', async () => {
    const { calls, validator } = setup();
    validator.schedule([target('a.timeout', 900)]);
    await vi.advanceTimersByTimeAsync(400);
    validator.schedule([target('a.timeout', 900), target('a.retries', 3)]);
    await vi.advanceTimersByTimeAsync(400);
    expect(calls.map((call) => call.path)).toEqual(['a.timeout', 'a.retries']);
  });

  it('marks a failed call unavailable instead of throwing, and ignores aborts', async () => {
    const { calls, checks, validator } = setup();
    validator.schedule([target('a.timeout', 900)]);
    await vi.advanceTimersByTimeAsync(400);
    calls[0]?.reject(new Error('Failed to POST /api/settings/config/validate: HTTP 502'));
    await vi.advanceTimersByTimeAsync(0);
    expect(checks).toEqual([['a.timeout', { key: '900', unavailable: true }]]);

    validator.schedule([target('a.timeout', 901)]);
    await vi.advanceTimersByTimeAsync(400);
    validator.dispose();
    expect(calls[1]?.signal.aborted).toBe(true);
    calls[1]?.reject(new DOMException('aborted', 'AbortError'));
    await vi.advanceTimersByTimeAsync(0);
    expect(checks).toHaveLength(1);
  });

  it('sends nothing after dispose, and nothing for an empty schedule', async () => {
    const { calls, validator } = setup();
    validator.schedule([target('a.timeout', 900)]);
    validator.schedule([]);
    await vi.advanceTimersByTimeAsync(1000);
    validator.schedule([target('a.timeout', 900)]);
    validator.dispose();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(0);
  });
});
