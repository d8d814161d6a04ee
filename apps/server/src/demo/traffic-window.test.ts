import { describe, expect, it } from 'vitest';
import { callersOf } from './fleet-catalogue';
import { FAULTS } from './fault-catalogue';
import { createFleetState } from './fleet-state';
import { createRandom } from './random';
import { generateWindow } from './traffic-window';

const T0 = Date.UTC(2026, 2, 1, 12);

describe('fleet traffic', () => {
  it('is healthy without a fault: no error logs, no failing spans, every client call answered', () => {
    const out = generateWindow(T0, T0 + 30_000, 4, createFleetState(), createRandom(1));
    expect(out.logs.length).toBeGreaterThan(300);
    expect(out.logs.filter((log) => log.severity !== 'INFO')).toEqual([]);
    expect(out.spans.filter((span) => span.error !== null)).toEqual([]);
    const parents = new Set(out.spans.map((span) => span.parentSpanId));
    for (const client of out.spans.filter((span) => span.kind !== 2))
      expect(parents.has(client.spanId)).toBe(true);
    for (const span of out.spans) expect(span.end).toBeGreaterThanOrEqual(span.start);
  });

  it('traces cross services with shared trace ids and database/messaging attributes', () => {
    const out = generateWindow(T0, T0 + 30_000, 4, createFleetState(), createRandom(2));
    const byTrace = new Map<string, Set<string>>();
    for (const span of out.spans)
      byTrace.set(span.traceId, (byTrace.get(span.traceId) ?? new Set()).add(span.service));
    expect(
      Math.min(...[...byTrace.values()].map((services) => services.size)),
    ).toBeGreaterThanOrEqual(4);
    expect(out.spans.some((span) => span.attributes['db.system'] === 'postgresql')).toBe(true);
    expect(out.spans.some((span) => span.attributes['messaging.system'] === 'kafka')).toBe(true);
    expect(new Set(out.spans.map((span) => span.service)).size).toBe(16);
  });

  describe.each(FAULTS.map((fault) => [fault.name, fault] as const))('%s', (name, fault) => {
    const state = createFleetState();
    state.inject(name, T0);
    const out = generateWindow(T0, T0 + 20_000, 4, state, createRandom(3));
    const texts = [
      ...out.logs.map((log) => log.body),
      ...out.spans.flatMap((span) => [span.name, span.error ?? '']),
      ...out.spans.flatMap((span) =>
        Object.entries(span.attributes)
          .filter(([key]) => key !== 'peer.service')
          .map(([, value]) => String(value)),
      ),
    ];

    it('carries symptoms only: nothing names the fault, nobody else names the root', () => {
      const spelled = name.replaceAll('-', ' ');
      for (const text of texts) {
        expect(text).not.toContain(name);
        expect(text.toLowerCase()).not.toContain(spelled);
      }
      for (const span of out.spans.filter((span) => span.service !== fault.root))
        expect(span.error ?? '').not.toContain(fault.root);
      for (const log of out.logs.filter((log) => log.service !== fault.root))
        expect(log.body).not.toContain(fault.root);
    });

    it('shows errors on the root or where its callers meet it, cascading up to the edge', () => {
      const failing = new Set(
        out.logs.filter((log) => log.severity !== 'INFO').map((log) => log.service),
      );
      expect(failing.has(fault.root) || callersOf(fault.root).some((c) => failing.has(c))).toBe(
        true,
      );
      expect(failing.has('web-frontend')).toBe(true);
      const errorTraces = new Set(
        out.logs.filter((l) => l.severity === 'ERROR' && l.traceId).map((l) => l.traceId),
      );
      expect(errorTraces.size).toBeGreaterThan(3);
    });
  });
});
