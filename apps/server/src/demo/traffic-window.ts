import { FLEET_SERVICES, ROUTES, type Route } from './fleet-catalogue';
import type { FleetState } from './fleet-state';
import { chatterFor, createFiller } from './log-vocabulary';
import type { Random } from './random';
import { simulateRequest, type Telemetry } from './traffic';

const TOTAL_WEIGHT = ROUTES.reduce((sum, route) => sum + route.weight, 0);

function pickRoute(random: Random): Route {
  let roll = random.next() * TOTAL_WEIGHT;
  for (const route of ROUTES) {
    roll -= route.weight;
    if (roll < 0) return route;
  }
  return ROUTES[ROUTES.length - 1] as Route;
}

/**
 * All telemetry of the fleet between `from` and `to` (ms): user requests at `requestsPerSecond`,
 * the infrastructure's own chatter, and what active faults make their root log by itself.
 */
export function generateWindow(
  from: number,
  to: number,
  requestsPerSecond: number,
  state: FleetState,
  random: Random,
): Telemetry {
  const out: Telemetry = { spans: [], logs: [] };
  for (let second = from; second < to; second += 1_000) {
    const span = Math.min(1_000, to - second);
    const requests = Math.round((requestsPerSecond * span) / 1_000 + (random.next() - 0.5));
    for (let i = 0; i < requests; i += 1) {
      const start = second + Math.floor(random.next() * span);
      const request = simulateRequest(pickRoute(random), start, state, random);
      out.spans.push(...request.spans);
      out.logs.push(...request.logs);
    }
    for (const svc of FLEET_SERVICES) {
      const lines = chatterFor(svc.name);
      if (lines.length > 0 && random.chance(span / 10_000)) {
        out.logs.push({
          service: svc.name,
          time: second + Math.floor(random.next() * span),
          severity: 'INFO',
          body: createFiller(random, svc.latencyMs)(random.pick(lines)),
          traceId: null,
          spanId: null,
        });
      }
    }
    for (const { fault, since } of state.active()) {
      if (second + span <= since) continue;
      const fill = createFiller(random, 1_000);
      for (const line of fault.background?.(random) ?? [])
        out.logs.push({
          service: fault.root,
          time: Math.max(since, second + Math.floor(random.next() * span)),
          severity: line.severity,
          body: fill(line.body),
          traceId: null,
          spanId: null,
        });
    }
  }
  out.logs.sort((a, b) => a.time - b.time);
  return out;
}
