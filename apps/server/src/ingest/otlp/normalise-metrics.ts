import type { Attributes, MetricPoint } from '../records';
import { toAttributes } from './any-value';
import {
  type Obj,
  get,
  getArray,
  getString,
  isObj,
  readCount,
  readDouble,
  readInt64,
  readUnixNanoAsMs,
} from './values';
import type { ItemPosition, NormaliseContext, ResourceInfo, ScopeInfo, SignalShape } from './walk';

export const METRICS_SHAPE: SignalShape = {
  resources: ['resourceMetrics', 'resource_metrics'],
  scopes: ['scopeMetrics', 'scope_metrics'],
  items: ['metrics', 'metrics'],
};

type Kind = 'gauge' | 'sum' | 'histogram' | 'exponentialHistogram' | 'summary';
const KINDS: ReadonlyArray<readonly [Kind, string]> = [
  ['gauge', 'gauge'],
  ['sum', 'sum'],
  ['histogram', 'histogram'],
  ['exponentialHistogram', 'exponential_histogram'],
  ['summary', 'summary'],
];

/** DataPointFlags.NO_RECORDED_VALUE_MASK: the point marks a gap (staleness), it carries no value. */
const NO_RECORDED_VALUE = 1;

interface PointContext {
  metric: { name: string; unit: string };
  resource: ResourceInfo;
  position: ItemPosition;
  ctx: NormaliseContext;
  out: MetricPoint[];
}

function emit(
  pc: PointContext,
  suffix: string,
  unit: string,
  time: number,
  value: number | null,
  attributes: Attributes,
): void {
  // Non-finite values (NaN staleness markers, overflowed sums) would poison every statistic downstream.
  if (value === null || !Number.isFinite(value)) return;
  pc.out.push({
    name: pc.metric.name + suffix,
    component: pc.resource.component,
    time,
    value,
    unit,
    resource: pc.resource.attributes,
    attributes,
  });
}

function readPointTime(point: Obj, pc: PointContext, field: string): number | null {
  const time = readUnixNanoAsMs(get(point, 'timeUnixNano', 'time_unix_nano'));
  if (time === null)
    return pc.ctx.reject(
      pc.position,
      `${field}.timeUnixNano`,
      'must be an unsigned integer (nanoseconds)',
    );
  if (time !== 0) return time;
  const start = readUnixNanoAsMs(get(point, 'startTimeUnixNano', 'start_time_unix_nano'));
  return start === null || start === 0 ? pc.ctx.now : start;
}

function numberValue(point: Obj): number | null {
  for (const [camel, snake] of [
    ['asDouble', 'as_double'],
    ['asInt', 'as_int'],
  ] as const) {
    if (Object.hasOwn(point, camel) || Object.hasOwn(point, snake)) {
      const raw = get(point, camel, snake);
      if (camel === 'asDouble') return readDouble(raw);
      const n = readInt64(raw);
      return n === null ? null : Number(n);
    }
  }
  return null;
}

const optionalDouble = (point: Obj, key: string): number | null => {
  const v = point[key];
  return v === undefined || v === null ? null : readDouble(v);
};

function emitPoint(kind: Kind, point: Obj, pc: PointContext, field: string): void {
  const flags = readCount(point['flags']);
  if (flags !== null && (flags & NO_RECORDED_VALUE) !== 0) return;
  const time = readPointTime(point, pc, field);
  if (time === null) return;
  const attributes = toAttributes(get(point, 'attributes', 'attributes'), pc.ctx.limits);
  const { unit } = pc.metric;
  if (kind === 'gauge' || kind === 'sum') {
    const value = numberValue(point);
    if (value === null)
      return void pc.ctx.reject(pc.position, field, 'has no numeric value (asDouble or asInt)');
    return emit(pc, '', unit, time, value, attributes);
  }
  const count = readCount(point['count']);
  if (count === null)
    return void pc.ctx.reject(pc.position, `${field}.count`, 'must be an unsigned integer');
  // Distributions become a few plain series: count, sum, min, max, and a summary's quantiles.
  emit(pc, '.count', '1', time, count, attributes);
  emit(pc, '.sum', unit, time, optionalDouble(point, 'sum'), attributes);
  emit(pc, '.min', unit, time, optionalDouble(point, 'min'), attributes);
  emit(pc, '.max', unit, time, optionalDouble(point, 'max'), attributes);
  if (kind === 'summary') emitQuantiles(point, pc, time, attributes);
}

function emitQuantiles(point: Obj, pc: PointContext, time: number, attributes: Attributes): void {
  for (const q of getArray(point, 'quantileValues', 'quantile_values') ?? []) {
    if (!isObj(q)) continue;
    const quantile = readDouble(q['quantile'] ?? 0);
    if (quantile === null) continue;
    emit(pc, '', pc.metric.unit, time, readDouble(q['value'] ?? 0), { ...attributes, quantile });
  }
}

function metricData(metric: Obj): { kind: Kind; data: Obj; field: string } | null {
  for (const [camel, snake] of KINDS) {
    const data = Object.hasOwn(metric, camel)
      ? metric[camel]
      : Object.hasOwn(metric, snake)
        ? metric[snake]
        : undefined;
    if (isObj(data)) return { kind: camel, data, field: camel };
  }
  return null;
}

function toPoints(
  item: unknown,
  resource: ResourceInfo,
  position: ItemPosition,
  ctx: NormaliseContext,
  out: MetricPoint[],
): void {
  if (!isObj(item)) return void ctx.reject(position, '', 'must be an object');
  const found = metricData(item);
  if (found === null) return; // a metric without data is legal and carries nothing
  const points = getArray(found.data, 'dataPoints', 'data_points');
  if (points === null)
    return void ctx.reject(position, `${found.field}.dataPoints`, 'must be an array');
  const name = getString(item, 'name', 'name').trim();
  if (name === '') {
    // Rejections count data points (the unit OTLP reports back), so a nameless metric costs all of its points.
    for (let i = 0; i < points.length; i += 1)
      ctx.reject(position, 'name', 'must be a non-empty string');
    return;
  }
  const pc: PointContext = {
    metric: { name, unit: getString(item, 'unit', 'unit') },
    resource,
    position,
    ctx,
    out,
  };
  for (let i = 0; i < points.length; i += 1) {
    const point = points[i];
    const field = `${found.field}.dataPoints[${i}]`;
    if (isObj(point)) emitPoint(found.kind, point, pc, field);
    else ctx.reject(position, field, 'must be an object');
  }
}

export function collectMetrics(ctx: NormaliseContext, out: MetricPoint[]) {
  return (
    resource: ResourceInfo,
    _scope: ScopeInfo,
    items: readonly unknown[],
    position: ItemPosition,
  ): void => {
    for (let i = 0; i < items.length; i += 1)
      toPoints(items[i], resource, { ...position, item: i }, ctx, out);
  };
}
