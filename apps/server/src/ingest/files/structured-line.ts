import type { AttributeValue, Attributes } from '../records';
import { isObj } from '../otlp/values';
import { severityNumberFor, severityTextFor } from '../severity';
import { normaliseTraceId } from '../trace-context';
import type { ParsedLine } from './parsed-line';
import { parseTimestamp } from './timestamp';

/**
 * Structured lines (JSON objects, logfmt `key=value` pairs): flattened to dotted keys first, so
 * nested shapes (ECS `{"log":{"level":…}}`) and flat ones (`"log.level"`) resolve the same way;
 * then the usual keys are picked out and the rest become attributes.
 */
const TIME_KEYS = [
  '@timestamp',
  'timestamp',
  'time',
  'ts',
  'datetime',
  'date',
  'eventTime',
  'event_time',
  'asctime',
  't',
];
const LEVEL_KEYS = [
  'level',
  'log.level',
  'severity',
  'severity_text',
  'severityText',
  'lvl',
  'loglevel',
  'log_level',
  'levelname',
  '@level',
];
const MESSAGE_KEYS = [
  'msg',
  'message',
  '@message',
  'body',
  'log',
  'text',
  'short_message',
  'event',
];
const COMPONENT_KEYS = [
  'service.name',
  'service',
  'service_name',
  'component',
  'app',
  'application',
  'logger',
  'logger_name',
  'module',
  'name',
];
const TRACE_KEYS = [
  'trace_id',
  'traceId',
  'trace.id',
  'traceid',
  'otel.trace_id',
  'dd.trace_id_hex',
];
const SPAN_KEYS = ['span_id', 'spanId', 'span.id', 'spanid', 'otel.span_id'];

const MAX_DEPTH = 8;
const MAX_ATTRIBUTES = 128;

export function flattenObject(value: Record<string, unknown>): Attributes {
  const out: Attributes = {};
  let count = 0;
  const walk = (object: Record<string, unknown>, prefix: string, depth: number): void => {
    for (const key of Object.keys(object)) {
      if (count >= MAX_ATTRIBUTES) return;
      const name = prefix === '' ? key : `${prefix}.${key}`;
      const v = object[key];
      if (isObj(v) && depth < MAX_DEPTH) walk(v, name, depth + 1);
      else if (name !== '__proto__') {
        out[name] = toAttributeValue(v);
        count += 1;
      }
    }
  };
  walk(value, '', 0);
  return out;
}

function toAttributeValue(v: unknown): AttributeValue {
  if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')
    return v;
  return v === undefined ? null : JSON.stringify(v);
}

function pick(flat: Attributes, keys: readonly string[]): AttributeValue | undefined {
  for (const key of keys) {
    if (!Object.hasOwn(flat, key)) continue;
    const value = flat[key];
    if (value === null || value === '') continue;
    delete flat[key];
    return value;
  }
  return undefined;
}

/** Epoch numbers by magnitude: seconds (possibly fractional), ms, µs or ns. */
function epochMs(n: number): number {
  if (n < 1e11) return Math.floor(n * 1000);
  if (n < 1e14) return Math.floor(n);
  if (n < 1e17) return Math.floor(n / 1e3);
  return Math.floor(n / 1e6);
}

/** Numeric levels: pino/bunyan's 10…60, else syslog's 0 (emergency) … 7 (debug). */
const SYSLOG_LEVELS = [22, 21, 18, 17, 13, 10, 9, 5];
function numericLevel(n: number): number {
  if (n >= 10 && n <= 60 && n % 10 === 0) return [1, 5, 9, 13, 17, 21][n / 10 - 1] ?? 0;
  return Number.isInteger(n) ? (SYSLOG_LEVELS[n] ?? 0) : 0;
}

function idFrom(value: AttributeValue | undefined, length: 16 | 32): string | null {
  if (typeof value !== 'string') return null;
  if (length === 32) return normaliseTraceId(value.trim());
  const hex = value.trim().toLowerCase();
  return /^[0-9a-f]{16}$/.test(hex) && hex !== '0000000000000000' ? hex : null;
}

/** A parsed line from a flattened structured record; `raw` is the body when no message key exists. */
export function lineFromStructured(flat: Attributes, raw: string, reference: number): ParsedLine {
  const timeValue = pick(flat, TIME_KEYS);
  const time =
    typeof timeValue === 'number'
      ? epochMs(timeValue)
      : typeof timeValue === 'string'
        ? parseTimestamp(timeValue, reference)
        : null;
  const level = pick(flat, LEVEL_KEYS);
  const severityNumber =
    typeof level === 'number'
      ? numericLevel(level)
      : typeof level === 'string'
        ? severityNumberFor(level)
        : 0;
  const message = pick(flat, MESSAGE_KEYS);
  const component = pick(flat, COMPONENT_KEYS);
  const traceId = idFrom(pick(flat, TRACE_KEYS), 32);
  const spanId = traceId === null ? null : idFrom(pick(flat, SPAN_KEYS), 16);
  return {
    time,
    severityNumber,
    severityText: typeof level === 'string' ? level : severityTextFor(severityNumber),
    component: component === undefined ? null : String(component),
    body: message === undefined ? raw : String(message),
    traceId,
    spanId,
    attributes: flat,
  };
}

/** A JSON-object line, or null when the line is not one. */
export function parseJsonLine(line: string, reference: number): ParsedLine | null {
  const text = line.trim();
  if (text.charCodeAt(0) !== 123 /* { */) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  return isObj(value) ? lineFromStructured(flattenObject(value), text, reference) : null;
}

const LOGFMT_PAIR = /([\w.@-]+)=("(?:[^"\\]|\\.)*"|\S*)/g;
const LOGFMT_HINT = /(?:^|\s)(?:level|lvl|msg)=/;

/** A logfmt line (`time=… level=info msg="…"`), or null when it does not look like one. */
export function parseLogfmtLine(line: string, reference: number): ParsedLine | null {
  if (!LOGFMT_HINT.test(line)) return null;
  const flat: Attributes = {};
  let pairs = 0;
  for (const m of line.matchAll(LOGFMT_PAIR)) {
    const key = m[1];
    const raw = m[2] ?? '';
    if (key === undefined || key === '__proto__') continue;
    flat[key] = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw;
    pairs += 1;
  }
  return pairs >= 2 ? lineFromStructured(flat, line.trim(), reference) : null;
}
