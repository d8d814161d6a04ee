import type { ConfigValue, FieldMeta } from './config-types';

/**
 * The console's copy of the spec's field checks (part 2 section 5), for feedback while typing.
 * The server stays the authority: its 400 answers are shown per field as well.
 */
export const RULE_MESSAGES = {
  port: 'Port must be between 1024 and 65535',
  threshold: 'Threshold must be between 0.0 and 1.0',
  timeoutPositive: 'Timeout must be positive',
  timeoutHigh: 'Timeout value is very high (>300 seconds)',
  intervalPositive: 'Interval must be positive',
  hostEmpty: 'Host cannot be empty',
  required: 'This field is required',
  integer: 'Expected an integer',
  number: 'Expected a number',
} as const;

export const HIGH_TIMEOUT_SECONDS = 300;

export interface FieldCheck {
  error?: string;
  warning?: string;
}

export type FieldMetaForRules = Pick<FieldMeta, 'path' | 'kind' | 'min' | 'max' | 'required'>;

export function boundsMessage(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return `Must be between ${min} and ${max}`;
  return min !== undefined ? `Must be at least ${min}` : `Must be at most ${max}`;
}

const leafName = (path: string): string => path.slice(path.lastIndexOf('.') + 1);

const isNumeric = (meta: FieldMetaForRules): boolean =>
  meta.kind === 'integer' || meta.kind === 'number';

/** A name rule applies only where it agrees with the field's own bounds (those win). */
const boundsAre = (meta: FieldMetaForRules, min: number, max: number): boolean =>
  meta.min === min && meta.max === max;

export const isPortField = (meta: FieldMetaForRules): boolean => {
  const leaf = leafName(meta.path);
  return (leaf === 'port' || leaf.endsWith('_port')) && boundsAre(meta, 1024, 65535);
};

const isUnitThreshold = (meta: FieldMetaForRules): boolean =>
  leafName(meta.path).includes('threshold') && boundsAre(meta, 0, 1);

const isTimeoutField = (meta: FieldMetaForRules): boolean =>
  isNumeric(meta) && leafName(meta.path).includes('timeout');

const isIntervalField = (meta: FieldMetaForRules): boolean =>
  isNumeric(meta) && leafName(meta.path).includes('interval');

export const isHostField = (meta: FieldMetaForRules): boolean => {
  const leaf = leafName(meta.path);
  return meta.kind === 'string' && (leaf === 'host' || leaf.endsWith('_host'));
};

const outOfBounds = (meta: FieldMetaForRules, value: number): boolean =>
  (meta.min !== undefined && value < meta.min) || (meta.max !== undefined && value > meta.max);

function numberError(meta: FieldMetaForRules, value: number): string | undefined {
  if (!Number.isFinite(value)) return RULE_MESSAGES.number;
  if (meta.kind === 'integer' && !Number.isInteger(value)) return RULE_MESSAGES.integer;
  if (isPortField(meta) && outOfBounds(meta, value)) return RULE_MESSAGES.port;
  if (isUnitThreshold(meta) && outOfBounds(meta, value)) return RULE_MESSAGES.threshold;
  if (isTimeoutField(meta) && value <= 0) return RULE_MESSAGES.timeoutPositive;
  if (isIntervalField(meta) && value <= 0) return RULE_MESSAGES.intervalPositive;
  if (outOfBounds(meta, value)) return boundsMessage(meta.min, meta.max);
  return undefined;
}

function stringError(meta: FieldMetaForRules, value: string): string | undefined {
  if (value.trim() !== '') return undefined;
  if (isHostField(meta) && meta.required) return RULE_MESSAGES.hostEmpty;
  return meta.required ? RULE_MESSAGES.required : undefined;
}

/** The first rule a value breaks (most specific message first), and any warning. */
export function checkField(meta: FieldMetaForRules, value: ConfigValue): FieldCheck {
  if (typeof value === 'number') {
    const error = numberError(meta, value);
    if (error) return { error };
    if (isTimeoutField(meta) && value > HIGH_TIMEOUT_SECONDS) {
      return { warning: RULE_MESSAGES.timeoutHigh };
    }
    return {};
  }
  if (typeof value === 'string') {
    const error = stringError(meta, value);
    return error ? { error } : {};
  }
  return {};
}

/** Reads what was typed into a number box; `null` when it is not a number at all. */
export function parseNumberInput(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}
