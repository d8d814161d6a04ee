import { describe, expect, it } from 'vitest';
import { severityClass } from './severity';

describe('severityClass', () => {
  it.each([
    [0, '', 'unknown'],
    [3, '', 'trace'],
    [9, 'whatever', 'info'],
    [13, '', 'warn'],
    [17, '', 'error'],
    [24, '', 'fatal'],
    [0, 'E', 'error'],
    [0, 'SEVERE', 'error'],
    [0, 'FATAL', 'fatal'],
    [0, 'warning', 'warn'],
    [0, 'hostname', 'unknown'],
  ] as const)('number %i text %s → %s', (num, text, expected) => {
    expect(severityClass(num, text)).toBe(expected);
  });
});
