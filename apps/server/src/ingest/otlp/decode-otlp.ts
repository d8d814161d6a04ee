import type { LogRecord, MetricPoint, Span } from '../records';
import { DEFAULT_LIMITS, type NormaliseLimits } from './limits';
import { LOGS_SHAPE, collectLogs } from './normalise-logs';
import { METRICS_SHAPE, collectMetrics } from './normalise-metrics';
import { TRACES_SHAPE, collectSpans } from './normalise-spans';
import { otlpTypes } from './proto/otlp-root';
import {
  type ItemPosition,
  type NormaliseContext,
  type SignalShape,
  type Visit,
  itemPath,
  walkOtlp,
} from './walk';

export type OtlpSignal = 'logs' | 'traces' | 'metrics';
export type OtlpEncoding = 'protobuf' | 'json';

export type DecodeResult<T> =
  | { ok: true; records: T[]; rejected: number; rejectionMessage: string | null }
  | { ok: false; message: string };

export interface DecodeOptions {
  /** Clock for the time of last resort (records with neither time nor observed time). */
  now?: () => number;
  limits?: Partial<NormaliseLimits>;
}

/** How many individual reasons the partial-success message spells out before summarising. */
const MAX_REASONS = 3;

const REQUEST_TYPES = {
  logs: otlpTypes.logsRequest,
  traces: otlpTypes.tracesRequest,
  metrics: otlpTypes.metricsRequest,
} as const;

const SHAPES: Record<OtlpSignal, SignalShape> = {
  logs: LOGS_SHAPE,
  traces: TRACES_SHAPE,
  metrics: METRICS_SHAPE,
};
const UNIT: Record<OtlpSignal, string> = {
  logs: 'log record',
  traces: 'span',
  metrics: 'data point',
};

export function decodeOtlp(
  signal: 'logs',
  body: Buffer,
  encoding: OtlpEncoding,
  options?: DecodeOptions,
): DecodeResult<LogRecord>;
export function decodeOtlp(
  signal: 'traces',
  body: Buffer,
  encoding: OtlpEncoding,
  options?: DecodeOptions,
): DecodeResult<Span>;
export function decodeOtlp(
  signal: 'metrics',
  body: Buffer,
  encoding: OtlpEncoding,
  options?: DecodeOptions,
): DecodeResult<MetricPoint>;
export function decodeOtlp(
  signal: OtlpSignal,
  body: Buffer,
  encoding: OtlpEncoding,
  options?: DecodeOptions,
): DecodeResult<LogRecord> | DecodeResult<Span> | DecodeResult<MetricPoint>;
/**
 * Decodes one OTLP/HTTP export request body and normalises it. Never throws: an undecodable body
 * is `ok: false` (answer 400), invalid records are counted in `rejected` (answer partial success).
 */
export function decodeOtlp(
  signal: OtlpSignal,
  body: Buffer,
  encoding: OtlpEncoding,
  options: DecodeOptions = {},
): DecodeResult<LogRecord> | DecodeResult<Span> | DecodeResult<MetricPoint> {
  const parsed = parseBody(signal, body, encoding);
  if (!parsed.ok) return parsed;
  try {
    if (signal === 'logs')
      return normalise(signal, parsed.root, options, (ctx, out: LogRecord[]) =>
        collectLogs(ctx, out),
      );
    if (signal === 'traces')
      return normalise(signal, parsed.root, options, (ctx, out: Span[]) => collectSpans(ctx, out));
    return normalise(signal, parsed.root, options, (ctx, out: MetricPoint[]) =>
      collectMetrics(ctx, out),
    );
  } catch (error) {
    // The normalisers are written not to throw; this keeps a missed edge case a 400, not a 500.
    return { ok: false, message: `invalid OTLP ${signal} request: ${errorText(error)}` };
  }
}

type Parsed = { ok: true; root: unknown } | { ok: false; message: string };

function parseBody(signal: OtlpSignal, body: Buffer, encoding: OtlpEncoding): Parsed {
  if (encoding === 'protobuf') {
    try {
      return { ok: true, root: REQUEST_TYPES[signal].decode(body) };
    } catch (error) {
      return { ok: false, message: `invalid protobuf OTLP ${signal} request: ${errorText(error)}` };
    }
  }
  let text = body.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  try {
    return { ok: true, root: JSON.parse(text) };
  } catch (error) {
    return { ok: false, message: `invalid JSON OTLP ${signal} request: ${errorText(error)}` };
  }
}

function normalise<T>(
  signal: OtlpSignal,
  root: unknown,
  options: DecodeOptions,
  collect: (ctx: NormaliseContext, out: T[]) => Visit,
): DecodeResult<T> {
  const shape = SHAPES[signal];
  const reasons: string[] = [];
  let rejected = 0;
  const ctx: NormaliseContext = {
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    now: (options.now ?? Date.now)(),
    reject(position: ItemPosition, field: string, problem: string) {
      rejected += 1;
      if (reasons.length < MAX_REASONS)
        reasons.push(`${itemPath(shape, position, field)} ${problem}`);
      return null;
    },
  };
  const records: T[] = [];
  const error = walkOtlp(root, shape, ctx.limits, collect(ctx, records));
  if (error !== null) return { ok: false, message: `invalid OTLP ${signal} request: ${error}` };
  return {
    ok: true,
    records,
    rejected,
    rejectionMessage: rejectionMessage(signal, rejected, reasons),
  };
}

function rejectionMessage(
  signal: OtlpSignal,
  rejected: number,
  reasons: readonly string[],
): string | null {
  if (rejected === 0) return null;
  const more = rejected > reasons.length ? `; and ${rejected - reasons.length} more` : '';
  return `${rejected} ${UNIT[signal]}${rejected === 1 ? '' : 's'} rejected: ${reasons.join('; ')}${more}`;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
