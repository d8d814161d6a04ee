import type { Attributes, LogRecord } from '../records';
import { IdHasher } from '../record-id';
import { resolveSeverity, severityNumberFor } from '../severity';
import { extractTraceContext } from '../trace-context';
import { anyValueToString } from './any-value';
import { addIfAbsent, readItemAttributes } from './item-attributes';
import { type Obj, get, getString, isObj, readEnum, readId, readUnixNanoAsMs } from './values';
import type { ItemPosition, NormaliseContext, ResourceInfo, ScopeInfo, SignalShape } from './walk';

export const LOGS_SHAPE: SignalShape = {
  resources: ['resourceLogs', 'resource_logs'],
  scopes: ['scopeLogs', 'scope_logs'],
  items: ['logRecords', 'log_records'],
};

// Decoding is synchronous, so one hasher reset per record serves every request without allocating.
const hasher = new IdHasher();

const NO_ENUM_NAMES: Readonly<Record<string, number>> = {};

function readSeverityNumber(v: unknown): number {
  const n = readEnum(v, NO_ENUM_NAMES);
  if (n !== null) return n;
  // Enum names (`SEVERITY_NUMBER_WARN`) and bare words (`"WARN"`) both resolve leniently.
  return typeof v === 'string' ? severityNumberFor(v) : 0;
}

interface Times {
  raw: number;
  time: number;
  observed: number;
}

function readTimes(o: Obj, ctx: NormaliseContext, position: ItemPosition): Times | null {
  const raw = readUnixNanoAsMs(get(o, 'timeUnixNano', 'time_unix_nano'));
  if (raw === null)
    return ctx.reject(position, 'timeUnixNano', 'must be an unsigned integer (nanoseconds)');
  const observedRaw = readUnixNanoAsMs(get(o, 'observedTimeUnixNano', 'observed_time_unix_nano'));
  if (observedRaw === null)
    return ctx.reject(
      position,
      'observedTimeUnixNano',
      'must be an unsigned integer (nanoseconds)',
    );
  const observed = observedRaw || ctx.now;
  // The spec's rule: a record without its own time is placed at its observed time.
  return { raw, time: raw || observed, observed };
}

interface Ids {
  traceId: string;
  spanId: string;
}

function readIds(o: Obj, ctx: NormaliseContext, position: ItemPosition): Ids | null {
  const traceId = readId(get(o, 'traceId', 'trace_id'), 16);
  if (traceId === null)
    return ctx.reject(position, 'traceId', 'must be 16 bytes (32 hex characters)');
  const spanId = readId(get(o, 'spanId', 'span_id'), 8);
  if (spanId === null) return ctx.reject(position, 'spanId', 'must be 8 bytes (16 hex characters)');
  return { traceId, spanId };
}

/** The record's trace context, or one found in its text or attributes when it carries none. */
function traceContext(ids: Ids, body: string, attributes: Attributes): Ids {
  if (ids.traceId !== '') return ids;
  // No OTLP trace context: many apps still print theirs into the message or an attribute.
  const found = extractTraceContext(body, attributes);
  return found === null ? ids : { traceId: found.traceId, spanId: found.spanId ?? ids.spanId };
}

/** Same request, same ids: resource, position, the record's own time, body and trace context. */
function recordId(
  resource: ResourceInfo,
  position: ItemPosition,
  rawTime: number,
  body: string,
  ids: Ids,
): string {
  return hasher
    .reset()
    .add(resource.seed)
    .addNumber(position.resource)
    .addNumber(position.scope)
    .addNumber(position.item)
    .addNumber(rawTime)
    .add(body)
    .add(ids.traceId)
    .add(ids.spanId)
    .digest();
}

export function toLogRecord(
  item: unknown,
  resource: ResourceInfo,
  scope: ScopeInfo,
  position: ItemPosition,
  ctx: NormaliseContext,
): LogRecord | null {
  if (!isObj(item)) return ctx.reject(position, '', 'must be an object');
  const times = readTimes(item, ctx, position);
  if (times === null) return null;
  const wireIds = readIds(item, ctx, position);
  if (wireIds === null) return null;
  const attributes = readItemAttributes(item, scope, ctx, position);
  if (attributes === null) return null;
  addIfAbsent(attributes, 'event.name', getString(item, 'eventName', 'event_name'));
  const body = anyValueToString(item['body'], ctx.limits);
  const severity = resolveSeverity(
    readSeverityNumber(get(item, 'severityNumber', 'severity_number')),
    getString(item, 'severityText', 'severity_text'),
  );
  const ids = traceContext(wireIds, body, attributes);
  return {
    id: recordId(resource, position, times.raw, body, ids),
    time: times.time,
    observedTime: times.observed,
    severityNumber: severity.severityNumber,
    severityText: severity.severityText,
    body,
    component: resource.component,
    resource: resource.attributes,
    attributes,
    traceId: ids.traceId === '' ? null : ids.traceId,
    spanId: ids.spanId === '' ? null : ids.spanId,
  };
}

export function collectLogs(ctx: NormaliseContext, out: LogRecord[]) {
  return (
    resource: ResourceInfo,
    scope: ScopeInfo,
    items: readonly unknown[],
    position: ItemPosition,
  ): void => {
    for (let i = 0; i < items.length; i += 1) {
      const record = toLogRecord(items[i], resource, scope, { ...position, item: i }, ctx);
      if (record !== null) out.push(record);
    }
  };
}
