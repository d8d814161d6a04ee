import { findService, type Call, type FleetService, type Route } from './fleet-catalogue';
import type { CallFailure, OwnLine } from './fault-catalogue';
import type { FleetState } from './fleet-state';
import {
  callerErrorLine,
  createFiller,
  propagatedFailure,
  routineLine,
  statusLine,
} from './log-vocabulary';
import type { Random } from './random';

/** One span as the demo produces it, before it is encoded as OTLP. */
export interface SimSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string | null;
  name: string;
  /** OTLP span kinds: 2 server, 3 client, 4 producer. */
  kind: 2 | 3 | 4;
  start: number;
  end: number;
  error: string | null;
  attributes: Record<string, string | number>;
}

export interface SimLog {
  service: string;
  time: number;
  severity: OwnLine['severity'];
  body: string;
  traceId: string | null;
  spanId: string | null;
}

export interface Telemetry {
  spans: SimSpan[];
  logs: SimLog[];
}

interface Outcome {
  end: number;
  failure: CallFailure | null;
}

interface RequestContext {
  state: FleetState;
  random: Random;
  traceId: string;
  out: Telemetry;
}

const service = (name: string): FleetService => {
  const found = findService(name);
  if (!found) throw new Error(`route names unknown service '${name}'`);
  return found;
};

/** What a server span says about itself, by the kind of thing that served it. */
function serverAttributes(svc: FleetService, call: Call, status: number): SimSpan['attributes'] {
  const [verb = '', target = ''] = call.operation.split(' ');
  switch (svc.kind) {
    case 'storage':
      return {
        'rpc.system': 'aws-api',
        'rpc.service': 'S3',
        'rpc.method': verb === 'PUT' ? 'PutObject' : 'GetObject',
        'aws.s3.bucket': target,
      };
    case 'database':
    case 'cache':
      return {
        'db.system': svc.resource['db.system'] ?? svc.kind,
        'db.operation.name': verb,
        'db.collection.name': target,
      };
    case 'broker':
      return {
        'messaging.system': svc.resource['messaging.system'] ?? 'kafka',
        'messaging.operation.type': verb,
        'messaging.destination.name': target,
      };
    default:
      return {
        'http.request.method': verb,
        'http.route': target,
        'http.response.status_code': status,
      };
  }
}

/** Serves `call` on its service: its own fault, then its calls in order, stopping at the first failure. */
function serve(
  ctx: RequestContext,
  call: Call,
  parentSpanId: string | null,
  start: number,
): Outcome {
  const svc = service(call.service);
  const { random, state, out, traceId } = ctx;
  const spanId = random.hex(8);
  const effect = state.faultOn(svc.name)?.serve?.(call, random) ?? null;
  const fill = createFiller(random, svc.latencyMs, call.operation);
  const log = (severity: OwnLine['severity'], body: string, time: number): void => {
    out.logs.push({ service: svc.name, time, severity, body, traceId, spanId });
  };
  let failure = effect?.failure ?? null;
  let cursor = start + 1;
  const ownErrors: { line: OwnLine; body: string }[] = [];
  if (!failure) {
    for (const child of call.calls ?? []) {
      const result = callChild(ctx, svc, child, spanId, cursor);
      cursor = result.end + 1;
      if (result.failure) {
        failure = propagatedFailure(svc, result.failure);
        ownErrors.push({
          line: { severity: 'ERROR', body: '' },
          body: callerErrorLine(call, service(child.service), result.failure),
        });
        break;
      }
    }
  }
  const capacity = Math.max(1, state.replicas(svc.name) / svc.replicas);
  const own = (svc.latencyMs * (0.6 + random.next() * 0.8)) / capacity;
  const end = Math.round(cursor + own + (effect?.extraLatencyMs ?? 0));
  for (const line of effect?.lines ?? []) log(line.severity, fill(line.body), end);
  for (const { line, body } of ownErrors) log(line.severity, body, end);
  const routine = failure ? null : routineLine(svc.name, call.operation);
  if (routine) log('INFO', fill(routine), end);
  const status = failure ? (failure.status ?? 500) : 200;
  out.spans.push({
    service: svc.name,
    traceId,
    spanId,
    parentSpanId,
    name: call.operation,
    kind: 2,
    start,
    end,
    error: failure ? failure.reason : null,
    attributes: serverAttributes(svc, call, status),
  });
  return { end, failure };
}

/** The caller's CLIENT (or PRODUCER) span around one call, and the callee serving it. */
function callChild(
  ctx: RequestContext,
  caller: FleetService,
  child: Call,
  parentSpanId: string,
  start: number,
): Outcome {
  const callee = service(child.service);
  const spanId = ctx.random.hex(8);
  const refused = ctx.state.faultOn(callee.name)?.refuse?.() ?? null;
  const result: Outcome = refused
    ? { end: start + 25 + ctx.random.int(0, 20), failure: refused }
    : serve(ctx, child, spanId, start + 1);
  const end = result.end + 1;
  const http: SimSpan['attributes'] =
    callee.kind === 'service'
      ? {
          'http.request.method': child.operation.split(' ')[0] ?? '',
          'http.response.status_code': result.failure?.status ?? 200,
        }
      : {};
  const status = result.failure?.status;
  ctx.out.spans.push({
    service: caller.name,
    traceId: ctx.traceId,
    spanId,
    parentSpanId,
    name: child.operation,
    kind: callee.kind === 'broker' ? 4 : 3,
    start,
    end,
    error: result.failure ? (status ? statusLine(status) : result.failure.reason) : null,
    attributes: {
      'peer.service': callee.name,
      ...http,
    },
  });
  return { end, failure: result.failure };
}

/** One user request along `route`, starting at `start`: its spans and logs, failures included. */
export function simulateRequest(
  route: Route,
  start: number,
  state: FleetState,
  random: Random,
): Telemetry {
  const ctx: RequestContext = {
    state,
    random,
    traceId: random.hex(16),
    out: { spans: [], logs: [] },
  };
  serve(ctx, route.root, null, start);
  return ctx.out;
}
