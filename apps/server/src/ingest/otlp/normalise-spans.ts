import { type Attributes, type Span, SpanKind } from '../records';
import { defineKey, toAttributes } from './any-value';
import { readItemAttributes } from './item-attributes';
import {
  type Obj,
  get,
  getArray,
  getString,
  isObj,
  readEnum,
  readId,
  readUnixNanoAsMs,
} from './values';
import type { ItemPosition, NormaliseContext, ResourceInfo, ScopeInfo, SignalShape } from './walk';

export const TRACES_SHAPE: SignalShape = {
  resources: ['resourceSpans', 'resource_spans'],
  scopes: ['scopeSpans', 'scope_spans'],
  items: ['spans', 'spans'],
};

const KIND_NAMES: Readonly<Record<string, number>> = {
  SPAN_KIND_UNSPECIFIED: 0,
  SPAN_KIND_INTERNAL: 1,
  SPAN_KIND_SERVER: 2,
  SPAN_KIND_CLIENT: 3,
  SPAN_KIND_PRODUCER: 4,
  SPAN_KIND_CONSUMER: 5,
};
const STATUS_NAMES: Readonly<Record<string, number>> = {
  STATUS_CODE_UNSET: 0,
  STATUS_CODE_OK: 1,
  STATUS_CODE_ERROR: 2,
};
/** Indexed by the wire number, so narrowing to SpanKind is one lookup. */
const KIND_BY_NUMBER: readonly SpanKind[] = [
  SpanKind.UNSPECIFIED,
  SpanKind.INTERNAL,
  SpanKind.SERVER,
  SpanKind.CLIENT,
  SpanKind.PRODUCER,
  SpanKind.CONSUMER,
];

function readKind(v: unknown): SpanKind {
  const n = readEnum(v, KIND_NAMES);
  return (n === null ? undefined : KIND_BY_NUMBER[n]) ?? SpanKind.UNSPECIFIED;
}

function readStatus(v: unknown): { code: 0 | 1 | 2; message: string } {
  if (!isObj(v)) return { code: 0, message: '' };
  const n = readEnum(v['code'], STATUS_NAMES);
  const code = n === 1 ? 1 : n === 2 ? 2 : 0;
  return { code, message: getString(v, 'message', 'message') };
}

/**
 * `Span` has no events yet, so the one event detectors and RCA need, the recorded exception, is
 * folded into the span's attributes (`exception.type`, `exception.message`, …).
 */
function foldExceptionEvent(
  events: readonly unknown[] | null,
  attributes: Attributes,
  ctx: NormaliseContext,
): void {
  if (events === null) return;
  for (const event of events) {
    if (!isObj(event) || event['name'] !== 'exception') continue;
    const eventAttributes = toAttributes(get(event, 'attributes', 'attributes'), ctx.limits);
    for (const key in eventAttributes) {
      if (!Object.hasOwn(attributes, key)) defineKey(attributes, key, eventAttributes[key] ?? null);
    }
    return;
  }
}

interface SpanIds {
  traceId: string;
  spanId: string;
  parentSpanId: string | null;
}

function readSpanIds(o: Obj, ctx: NormaliseContext, position: ItemPosition): SpanIds | null {
  const traceId = readId(get(o, 'traceId', 'trace_id'), 16);
  if (traceId === null || traceId === '')
    return ctx.reject(position, 'traceId', 'must be 16 non-zero bytes (32 hex characters)');
  const spanId = readId(get(o, 'spanId', 'span_id'), 8);
  if (spanId === null || spanId === '')
    return ctx.reject(position, 'spanId', 'must be 8 non-zero bytes (16 hex characters)');
  const parent = readId(get(o, 'parentSpanId', 'parent_span_id'), 8);
  if (parent === null)
    return ctx.reject(position, 'parentSpanId', 'must be empty or 8 bytes (16 hex characters)');
  return { traceId, spanId, parentSpanId: parent === '' ? null : parent };
}

function readSpanTimes(
  o: Obj,
  ctx: NormaliseContext,
  position: ItemPosition,
): { start: number; end: number } | null {
  const start = readUnixNanoAsMs(get(o, 'startTimeUnixNano', 'start_time_unix_nano'));
  if (start === null || start === 0)
    return ctx.reject(
      position,
      'startTimeUnixNano',
      'must be a non-zero unsigned integer (nanoseconds)',
    );
  const end = readUnixNanoAsMs(get(o, 'endTimeUnixNano', 'end_time_unix_nano'));
  if (end === null)
    return ctx.reject(position, 'endTimeUnixNano', 'must be an unsigned integer (nanoseconds)');
  // A span still open when exported (end 0) or with a skewed clock gets a zero duration, not a negative one.
  return { start, end: Math.max(start, end) };
}

export function toSpan(
  item: unknown,
  resource: ResourceInfo,
  scope: ScopeInfo,
  position: ItemPosition,
  ctx: NormaliseContext,
): Span | null {
  if (!isObj(item)) return ctx.reject(position, '', 'must be an object');
  const ids = readSpanIds(item, ctx, position);
  if (ids === null) return null;
  const times = readSpanTimes(item, ctx, position);
  if (times === null) return null;
  const attributes = readItemAttributes(item, scope, ctx, position);
  if (attributes === null) return null;
  foldExceptionEvent(getArray(item, 'events', 'events'), attributes, ctx);
  const status = readStatus(item['status']);
  return {
    traceId: ids.traceId,
    spanId: ids.spanId,
    parentSpanId: ids.parentSpanId,
    name: getString(item, 'name', 'name'),
    kind: readKind(item['kind']),
    startTime: times.start,
    endTime: times.end,
    statusCode: status.code,
    statusMessage: status.message,
    component: resource.component,
    resource: resource.attributes,
    attributes,
  };
}

export function collectSpans(ctx: NormaliseContext, out: Span[]) {
  return (
    resource: ResourceInfo,
    scope: ScopeInfo,
    items: readonly unknown[],
    position: ItemPosition,
  ): void => {
    for (let i = 0; i < items.length; i += 1) {
      const span = toSpan(items[i], resource, scope, { ...position, item: i }, ctx);
      if (span !== null) out.push(span);
    }
  };
}
