import { findService } from './fleet-catalogue';
import { severityNumber } from './log-vocabulary';
import type { SimLog, SimSpan } from './traffic';

/**
 * OTLP/HTTP JSON bodies (opentelemetry-proto's JSON mapping: ids as hex, enums as integers,
 * 64-bit integers as strings), one resource per service, the way an SDK's exporter batches them.
 */
type AnyValue = { stringValue: string } | { intValue: string } | { doubleValue: number };
interface KeyValue {
  key: string;
  value: AnyValue;
}

const SCOPE = { name: 'vigil-demo-fleet', version: '1.0.0' };

const value = (raw: string | number): AnyValue =>
  typeof raw === 'string'
    ? { stringValue: raw }
    : Number.isInteger(raw)
      ? { intValue: String(raw) }
      : { doubleValue: raw };

export const attributes = (record: Record<string, string | number>): KeyValue[] =>
  Object.entries(record).map(([key, raw]) => ({ key, value: value(raw) }));

const nanos = (ms: number): string => (BigInt(Math.round(ms)) * 1_000_000n).toString();

/** The resource of one service: who it is and where it runs. */
export function resourceOf(service: string, version: string): { attributes: KeyValue[] } {
  return {
    attributes: attributes({
      'service.name': service,
      'service.namespace': 'shop',
      'service.version': version,
      'deployment.environment.name': 'demo',
      ...(findService(service)?.resource ?? {}),
    }),
  };
}

type VersionOf = (service: string) => string;

function byService<T extends { service: string }>(items: readonly T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const list = out.get(item.service);
    if (list) list.push(item);
    else out.set(item.service, [item]);
  }
  return out;
}

export function logsBody(logs: readonly SimLog[], versionOf: VersionOf): object {
  return {
    resourceLogs: [...byService(logs)].map(([service, list]) => ({
      resource: resourceOf(service, versionOf(service)),
      scopeLogs: [
        {
          scope: SCOPE,
          logRecords: list.map((log) => ({
            timeUnixNano: nanos(log.time),
            observedTimeUnixNano: nanos(log.time),
            severityNumber: severityNumber(log.severity),
            severityText: log.severity,
            body: { stringValue: log.body },
            ...(log.traceId ? { traceId: log.traceId } : {}),
            ...(log.spanId ? { spanId: log.spanId } : {}),
          })),
        },
      ],
    })),
  };
}

export function tracesBody(spans: readonly SimSpan[], versionOf: VersionOf): object {
  return {
    resourceSpans: [...byService(spans)].map(([service, list]) => ({
      resource: resourceOf(service, versionOf(service)),
      scopeSpans: [
        {
          scope: SCOPE,
          spans: list.map((span) => ({
            traceId: span.traceId,
            spanId: span.spanId,
            ...(span.parentSpanId ? { parentSpanId: span.parentSpanId } : {}),
            name: span.name,
            kind: span.kind,
            startTimeUnixNano: nanos(span.start),
            endTimeUnixNano: nanos(span.end),
            attributes: attributes(span.attributes),
            status: span.error ? { code: 2, message: span.error } : { code: 1 },
          })),
        },
      ],
    })),
  };
}

export interface GaugeSample {
  service: string;
  name: string;
  unit: string;
  value: number;
  attributes?: Record<string, string>;
}

export function metricsBody(
  samples: readonly GaugeSample[],
  time: number,
  versionOf: VersionOf,
): object {
  return {
    resourceMetrics: [...byService(samples)].map(([service, list]) => ({
      resource: resourceOf(service, versionOf(service)),
      scopeMetrics: [
        {
          scope: SCOPE,
          metrics: list.map((sample) => ({
            name: sample.name,
            unit: sample.unit,
            gauge: {
              dataPoints: [
                {
                  timeUnixNano: nanos(time),
                  attributes: attributes(sample.attributes ?? {}),
                  ...(Number.isInteger(sample.value) && sample.unit === 'By'
                    ? { asInt: String(sample.value) }
                    : { asDouble: sample.value }),
                },
              ],
            },
          })),
        },
      ],
    })),
  };
}
