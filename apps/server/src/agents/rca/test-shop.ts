/**
 * A small shop for end-to-end tests, as OTLP/JSON: gateway → orders → orders-db (PostgreSQL),
 * healthy or failing requests with shared trace ids, and steady log lines.
 */
const nano = (ms: number): string => String(BigInt(ms) * 1_000_000n);
export const hex = (n: number, width: number): string => n.toString(16).padStart(width, '0');
const attr = (key: string, value: string) => ({ key, value: { stringValue: value } });

export interface SpanSpec {
  service: string;
  traceId: string;
  spanId: string;
  parent: string | null;
  name: string;
  kind: number;
  at: number;
  /** Nested like real calls: the deeper the span, the sooner it ends. */
  end: number;
  error: boolean;
  attributes?: Record<string, string>;
  message?: string;
}

export interface LogSpec {
  service: string;
  at: number;
  body: string;
  severity: number;
  traceId?: string;
}

export function otlpSpans(spans: SpanSpec[]): string {
  const services = [...new Set(spans.map((s) => s.service))];
  return JSON.stringify({
    resourceSpans: services.map((service) => ({
      resource: { attributes: [attr('service.name', service)] },
      scopeSpans: [
        {
          scope: { name: 'e2e' },
          spans: spans
            .filter((s) => s.service === service)
            .map((s) => ({
              traceId: s.traceId,
              spanId: s.spanId,
              ...(s.parent ? { parentSpanId: s.parent } : {}),
              name: s.name,
              kind: s.kind,
              startTimeUnixNano: nano(s.at),
              endTimeUnixNano: nano(s.end),
              attributes: Object.entries(s.attributes ?? {}).map(([k, v]) => attr(k, v)),
              status: s.error ? { code: 2, message: s.message ?? 'error' } : { code: 1 },
            })),
        },
      ],
    })),
  });
}

export function otlpLogs(service: string, logs: LogSpec[]): string {
  return JSON.stringify({
    resourceLogs: [
      {
        resource: { attributes: [attr('service.name', service)] },
        scopeLogs: [
          {
            logRecords: logs.map((log) => ({
              timeUnixNano: nano(log.at),
              severityNumber: log.severity,
              body: { stringValue: log.body },
              ...(log.traceId ? { traceId: log.traceId } : {}),
            })),
          },
        ],
      },
    ],
  });
}

/** One request through the three services; `fail` makes the database refuse it. */
export function request(n: number, at: number, fail: boolean): SpanSpec[] {
  const traceId = hex(0xabc000 + n, 32);
  const id = (k: number): string => hex(n * 10 + k, 16);
  return [
    {
      service: 'gateway',
      traceId,
      spanId: id(1),
      parent: null,
      name: 'GET /api/orders',
      kind: 2,
      at,
      end: at + 20,
      error: fail,
    },
    {
      service: 'gateway',
      traceId,
      spanId: id(2),
      parent: id(1),
      name: 'GET orders',
      kind: 3,
      at: at + 1,
      end: at + 19,
      error: fail,
      attributes: { 'peer.service': 'orders' },
    },
    {
      service: 'orders',
      traceId,
      spanId: id(3),
      parent: id(2),
      name: 'GET /orders',
      kind: 2,
      at: at + 2,
      end: at + 18,
      error: fail,
    },
    {
      service: 'orders',
      traceId,
      spanId: id(4),
      parent: id(3),
      name: 'SELECT orders',
      kind: 3,
      at: at + 3,
      end: at + 17,
      error: fail,
      attributes: { 'peer.service': 'orders-db' },
    },
    {
      service: 'orders-db',
      traceId,
      spanId: id(5),
      parent: id(4),
      name: 'SELECT',
      kind: 2,
      at: at + 4,
      end: at + 16,
      error: fail,
      attributes: { 'db.system': 'postgresql' },
      ...(fail ? { message: 'connection refused' } : {}),
    },
  ];
}

export const healthyLines = (service: string, t0: number, count: number): LogSpec[] =>
  Array.from({ length: count }, (_, i) => ({
    service,
    at: t0 + i * 100,
    severity: 9,
    body:
      i % 3 === 0
        ? `handled request ${1000 + i} in ${10 + (i % 7)} ms`
        : i % 3 === 1
          ? `pool stats active ${i % 9} idle ${i % 5}`
          : `checkpoint ${i} complete`,
  }));
