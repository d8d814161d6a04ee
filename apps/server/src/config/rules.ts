import type { ConfigValue, FieldSpec } from './types';

/** The exact texts of spec part 2 section 5; the console shows them verbatim. */
export const MESSAGES = {
  port: 'Port must be between 1024 and 65535',
  threshold: 'Threshold must be between 0.0 and 1.0',
  timeoutPositive: 'Timeout must be positive',
  timeoutHigh: 'Timeout value is very high (>300 seconds)',
  intervalPositive: 'Interval must be positive',
  hostEmpty: 'Host cannot be empty',
  unknown: 'Unknown setting',
} as const;

export const HIGH_TIMEOUT_SECONDS = 300;

export function boundsMessage(min: number, max: number): string {
  return `Must be between ${min} and ${max}`;
}

function leafName(path: string): string {
  return path.slice(path.lastIndexOf('.') + 1);
}

/**
 * The spec's name rule says "threshold fields are 0–1", but a field's own bounds win (burst
 * threshold 1–100, freshness_threshold_seconds), so the message only applies when they agree.
 */
function isUnitThreshold(spec: FieldSpec): boolean {
  return leafName(spec.path).includes('threshold') && spec.min === 0 && spec.max === 1;
}

export function isTimeoutField(spec: FieldSpec): boolean {
  return spec.kind !== 'string' && leafName(spec.path).includes('timeout');
}

function isIntervalField(spec: FieldSpec): boolean {
  return leafName(spec.path).includes('interval');
}

export function isHostField(spec: FieldSpec): boolean {
  const leaf = leafName(spec.path);
  return spec.kind === 'string' && !spec.allowEmpty && (leaf === 'host' || leaf.endsWith('_host'));
}

function outOfBounds(spec: FieldSpec, value: number): boolean {
  return (
    (spec.min !== undefined && value < spec.min) || (spec.max !== undefined && value > spec.max)
  );
}

function numericRuleError(spec: FieldSpec, value: number): string | undefined {
  if (spec.listenPort && (value < 1024 || value > 65535)) return MESSAGES.port;
  if (isUnitThreshold(spec) && outOfBounds(spec, value)) return MESSAGES.threshold;
  if (isTimeoutField(spec) && value <= 0) return MESSAGES.timeoutPositive;
  if (isIntervalField(spec) && value <= 0) return MESSAGES.intervalPositive;
  if (outOfBounds(spec, value)) return boundsMessage(spec.min ?? -Infinity, spec.max ?? Infinity);
  return undefined;
}

function stringRuleError(spec: FieldSpec, value: string): string | undefined {
  if (isHostField(spec) && value.trim() === '') return MESSAGES.hostEmpty;
  if (spec.pattern && value !== '' && !spec.pattern.test(value)) {
    return spec.patternMessage ?? 'Invalid format';
  }
  return undefined;
}

/**
 * The first rule a well-typed value breaks, most specific message first: the spec's named
 * messages, then the field's own bounds. One message per key keeps the form readable.
 */
export function ruleError(spec: FieldSpec, value: ConfigValue): string | undefined {
  if (typeof value === 'number') return numericRuleError(spec, value);
  if (typeof value === 'string') return stringRuleError(spec, value);
  if (Array.isArray(value) && spec.pattern) {
    const bad = value.find((item) => !spec.pattern?.test(item));
    if (bad !== undefined) return `${spec.patternMessage ?? 'Invalid format'}: ${bad}`;
  }
  return undefined;
}

/** Warnings never block a save. */
export function ruleWarning(spec: FieldSpec, value: ConfigValue): string | undefined {
  if (typeof value === 'number' && isTimeoutField(spec) && value > HIGH_TIMEOUT_SECONDS) {
    return MESSAGES.timeoutHigh;
  }
  return undefined;
}
