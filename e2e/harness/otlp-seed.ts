import { randomBytes } from 'node:crypto';

/**
 * Fills the shared e2e server through its real ingest path (OTLP/HTTP JSON), the way an
 * OpenTelemetry SDK would: traces across a small shop (client/server spans, a database and a
 * cache), CPU/memory metrics, routine logs per service and then a burst of errors on one
 * dependency that the pipeline must turn into anomalies and an incident with its analysis.
 * Browser tests read whatever the pipeline made of it; nothing is written to the store directly.
 */

interface SeedService {
  name: string;
  calls: string[];
  routine: string[];
  attributes?: Record<string, string>;
}

const SERVICES: SeedService[] = [
  {
    name: 'web-frontend',
    calls: ['api-gateway'],
    routine: ['rendered page /products/{id} in {ms} ms', 'served static asset bundle-{id}.js'],
  },
  {
    name: 'api-gateway',
    calls: ['checkout', 'catalog'],
    routine: ['routed GET /api/cart/{id} to checkout in {ms} ms', 'request {id} authorised'],
  },
  {
    name: 'catalog',
    calls: ['redis-cache'],
    routine: ['loaded product {id} from cache', 'listed {ms} products for category {id}'],
  },
  {
    name: 'checkout',
    calls: ['payments', 'orders-db'],
    routine: ['checkout {id} completed in {ms} ms', 'reserved {ms} items for order {id}'],
  },
  {
    name: 'payments',
    calls: ['orders-db'],
    routine: ['payment {id} authorised for {ms} cents', 'refund {id} queued'],
  },
  {
    name: 'orders-db',
    calls: [],
    routine: ['checkpoint complete: wrote {ms} buffers', 'connection {id} authenticated'],
    attributes: { 'db.system': 'postgresql' },
  },
  {
    name: 'redis-cache',
    calls: [],
    routine: ['DB saved on disk after {ms} changes', 'accepted client {id}'],
    attributes: { 'db.system': 'redis' },
  },
];

/** The dependency whose failure the seed simulates; upstream callers log the symptoms. */
const FAILING = 'orders-db';
const FAILURE_LINES: Record<string, string> = {
  'orders-db': 'FATAL: remaining connection slots are reserved, too many clients already',
  payments: 'ERROR payment {id} failed: could not acquire database connection within 5000 ms',
  checkout: 'ERROR checkout {id} failed: upstream payments returned 503',
};

const attr = (key: string, value: string) => ({ key, value: { stringValue: value } });
const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const nanos = (ms: number) => `${Math.round(ms)}000000`;

function fill(template: string, i: number): string {
  return template
    .replaceAll('{id}', String(1000 + ((i * 7919) % 9000)))
    .replaceAll('{ms}', String(5 + ((i * 31) % 400)));
}

function resource(service: SeedService) {
  return {
    attributes: [
      attr('service.name', service.name),
      attr('deployment.environment', 'e2e'),
      attr('service.namespace', 'shop'),
      ...Object.entries(service.attributes ?? {}).map(([key, value]) => attr(key, value)),
    ],
  };
}

interface LogLine {
  service: string;
  body: string;
  severity: number;
  timeMs: number;
  traceId?: string;
}

function logsPayload(lines: LogLine[]) {
  const byService = new Map<string, LogLine[]>();
  for (const line of lines)
    byService.set(line.service, [...(byService.get(line.service) ?? []), line]);
  return {
    resourceLogs: [...byService].map(([name, serviceLines]) => ({
      resource: resource(SERVICES.find((service) => service.name === name)!),
      scopeLogs: [
        {
          scope: { name: 'vigil-e2e-seed' },
          logRecords: serviceLines.map((line) => ({
            timeUnixNano: nanos(line.timeMs),
            severityNumber: line.severity,
            severityText: line.severity >= 17 ? 'ERROR' : 'INFO',
            body: { stringValue: line.body },
            ...(line.traceId ? { traceId: line.traceId, spanId: hex(8) } : {}),
          })),
        },
      ],
    })),
  };
}

function tracesPayload(startMs: number, count: number, failing: boolean) {
  const spans = new Map<string, object[]>();
  const push = (service: string, span: object) =>
    spans.set(service, [...(spans.get(service) ?? []), span]);
  for (let i = 0; i < count; i++) {
    const traceId = hex(16);
    const visit = (service: SeedService, parentSpanId: string | undefined, at: number): void => {
      const serverSpan = hex(8);
      const broken = failing && (service.name === FAILING || service.calls.includes(FAILING));
      push(service.name, {
        traceId,
        spanId: serverSpan,
        ...(parentSpanId ? { parentSpanId } : {}),
        name: `${service.name} handle`,
        kind: 2,
        startTimeUnixNano: nanos(at),
        endTimeUnixNano: nanos(at + (broken ? 900 : 20)),
        status: { code: broken ? 2 : 1 },
      });
      for (const callee of service.calls) {
        const target = SERVICES.find((candidate) => candidate.name === callee)!;
        const clientSpan = hex(8);
        push(service.name, {
          traceId,
          spanId: clientSpan,
          parentSpanId: serverSpan,
          name: `call ${callee}`,
          kind: 3,
          startTimeUnixNano: nanos(at + 1),
          endTimeUnixNano: nanos(at + 15),
          attributes: [
            attr('peer.service', callee),
            ...Object.entries(target.attributes ?? {}).map(([k, v]) => attr(k, v)),
          ],
          status: { code: 1 },
        });
        visit(target, clientSpan, at + 2);
      }
    };
    visit(SERVICES[0]!, undefined, startMs + i * 100);
  }
  return {
    resourceSpans: [...spans].map(([name, list]) => ({
      resource: resource(SERVICES.find((service) => service.name === name)!),
      scopeSpans: [{ scope: { name: 'vigil-e2e-seed' }, spans: list }],
    })),
  };
}

function metricsPayload(nowMs: number) {
  return {
    resourceMetrics: SERVICES.map((service, index) => ({
      resource: resource(service),
      scopeMetrics: [
        {
          scope: { name: 'vigil-e2e-seed' },
          metrics: [
            {
              name: 'process.cpu.utilization',
              gauge: { dataPoints: [{ timeUnixNano: nanos(nowMs), asDouble: 0.1 + index * 0.08 }] },
            },
            {
              name: 'container.memory.limit',
              gauge: {
                dataPoints: [{ timeUnixNano: nanos(nowMs), asInt: String(1024 * 1024 * 1024) }],
              },
            },
            {
              name: 'process.memory.usage',
              gauge: {
                dataPoints: [
                  { timeUnixNano: nanos(nowMs), asInt: String((200 + index * 40) * 1024 * 1024) },
                ],
              },
            },
          ],
        },
      ],
    })),
  };
}

async function post(baseUrl: string, path: string, body: unknown): Promise<void> {
  const response = await fetch(new URL(path, baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) {
    throw new Error(`seed: POST ${path} answered ${response.status}: ${await response.text()}`);
  }
}

async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`seed: ${what} did not happen within ${timeoutMs} ms`);
}

async function getJson(baseUrl: string, path: string): Promise<unknown> {
  const response = await fetch(new URL(path, baseUrl));
  return response.json();
}

export interface SeedResult {
  /** The service the seed broke; the pipeline is expected to find it. */
  failingService: string;
  services: string[];
}

export async function seedThroughOtlp(baseUrl: string): Promise<SeedResult> {
  const now = Date.now();
  const warmUpStart = now - 20 * 60_000;
  const routine: LogLine[] = [];
  for (let i = 0; i < 150; i++) {
    for (const service of SERVICES) {
      const template = service.routine[i % service.routine.length]!;
      routine.push({
        service: service.name,
        body: fill(template, i),
        severity: 9,
        timeMs: warmUpStart + i * 6_000,
      });
    }
  }
  await post(baseUrl, '/v1/traces', tracesPayload(now - 120_000, 40, false));
  await post(baseUrl, '/v1/metrics', metricsPayload(now));
  await post(baseUrl, '/v1/logs', logsPayload(routine));

  const failures: LogLine[] = [];
  for (let i = 0; i < 6; i++) {
    const traceId = hex(16);
    for (const [service, template] of Object.entries(FAILURE_LINES)) {
      failures.push({
        service,
        body: fill(template, i),
        severity: 17,
        timeMs: now - 30_000 + i * 1_000,
        traceId,
      });
    }
  }
  await post(baseUrl, '/v1/traces', tracesPayload(now - 30_000, 10, true));
  await post(baseUrl, '/v1/logs', logsPayload(failures));

  await waitFor('anomalies from the failure burst', async () => {
    const body = (await getJson(baseUrl, '/api/anomalies?group_by_incident=true&page_size=50')) as {
      data?: { anomalies?: unknown[] };
    };
    return (body.data?.anomalies?.length ?? 0) > 0;
  });
  return { failingService: FAILING, services: SERVICES.map((service) => service.name) };
}
