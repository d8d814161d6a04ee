import { describe, expect, it } from 'vitest';
import { severityVariant } from './severity-style';

describe('severityVariant', () => {
  it.each([
    ['critical', 'destructive'],
    ['alert', 'destructive'],
    ['emergency', 'destructive'],
    ['fatal', 'destructive'],
    ['panic', 'destructive'],
    ['sev1', 'destructive'],
    ['p0', 'destructive'],
    ['high', 'destructive'],
    ['error', 'destructive'],
    ['warning', 'warning'],
    ['warn', 'warning'],
    ['medium', 'warning'],
    ['sev2', 'warning'],
    ['p1', 'warning'],
    ['notice', 'default'],
    ['info', 'default'],
    ['debug', 'default'],
    ['low', 'default'],
    ['ok', 'default'],
    ['sev3', 'secondary'],
    ['p2', 'secondary'],
    ['trace', 'secondary'],
    ['', 'secondary'],
  ] as const)('%j is %s', (severity, variant) => {
    expect(severityVariant(severity)).toBe(variant);
  });

  it('ignores case and surrounding spaces', () => {
    expect(severityVariant('  CRITICAL ')).toBe('destructive');
    expect(severityVariant('Warn')).toBe('warning');
  });

  it('treats a missing severity as secondary', () => {
    expect(severityVariant(null)).toBe('secondary');
    expect(severityVariant(undefined)).toBe('secondary');
  });
});
