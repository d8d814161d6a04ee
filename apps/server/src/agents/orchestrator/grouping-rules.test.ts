import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../shared/clock';
import {
  decideGrouping,
  quietIncidents,
  suppressionReason,
  type DependsOn,
} from './grouping-rules';
import { absorb, openWith, type GroupingEvent, type OpenIncident } from './incident-state';
import { DEFAULT_ORCHESTRATOR_CONFIG, type OrchestratorConfig } from './orchestrator-config';

const T0 = Date.UTC(2026, 0, 1, 12);
const S = 1_000;
const config: OrchestratorConfig = {
  ...DEFAULT_ORCHESTRATOR_CONFIG,
  dedup_window_seconds: 60,
  burst_window_seconds: 120,
  burst_threshold: 3,
  similarity_threshold: 0.6,
  coalesce_window_seconds: 30,
  quiet_period_seconds: 600,
};

let seq = 0;
const event = (overrides: Partial<GroupingEvent> = {}): GroupingEvent => ({
  anomalyId: `a${(seq += 1)}`,
  component: 'checkout',
  templateId: 't-timeout',
  template: 'request to <*> timed out after <*> ms',
  traceId: null,
  severity: 'high',
  eventTime: T0,
  ...overrides,
});

/** An open incident built by replaying events through `absorb`, as the agent does. */
function incidentOf(events: GroupingEvent[], id = 1, now = T0): OpenIncident {
  const [first, ...rest] = events;
  if (!first) throw new Error('need an event');
  return rest.reduce(
    (incident, e) => absorb(incident, e, now, false),
    openWith(id, first, now, 'new_incident'),
  );
}

const noDeps: DependsOn = () => false;

describe('dedup', () => {
  it.each([
    ['same component + template, 10s later', 10 * S, 'dedup'],
    ['exactly at the window edge (inclusive)', 60 * S, 'dedup'],
    ['1 ms past the window', 60 * S + 1, 'similarity'],
    ['10s earlier (out of order)', -10 * S, 'dedup'],
  ])('%s → %s', (_name, offset, rule) => {
    const incident = incidentOf([event()]);
    const decision = decideGrouping([incident], event({ eventTime: T0 + offset }), config, noDeps);
    expect(decision).toMatchObject({ kind: 'join', incidentId: 1, rule });
  });

  it('the same template on another component is not a duplicate: it groups as similar', () => {
    const incident = incidentOf([event()]);
    const other = event({ component: 'billing', eventTime: T0 + S });
    expect(decideGrouping([incident], other, config, noDeps)).toMatchObject({ rule: 'similarity' });
  });

  it('an unrelated event on another component opens a new incident', () => {
    const incident = incidentOf([event()]);
    const other = event({
      component: 'billing',
      templateId: 't-other',
      template: 'disk full on <*>',
    });
    expect(decideGrouping([incident], other, config, noDeps).kind).toBe('open');
  });

  it('words the suppression reason of a duplicate', () => {
    const incident = incidentOf([event()]);
    const decision = decideGrouping([incident], event({ eventTime: T0 + 5 * S }), config, noDeps);
    expect(suppressionReason(decision, 'a-primary')).toMatch(
      /^Suppressed as a duplicate of primary event a-primary: duplicate: checkout .* 60s dedup window/,
    );
  });
});

describe('burst and similarity', () => {
  const similar = (n: number, offset: number) =>
    event({
      component: `pod-${n}`,
      templateId: `t-${n}`,
      template: 'request to <*> timed out after <*> ms retrying',
      eventTime: T0 + offset,
    });

  it.each([
    // [similar events already held, expected rule]
    [1, 'similarity'],
    [2, 'burst'],
    [5, 'burst'],
  ])('with %i similar events held the next is %s (threshold 3)', (held, rule) => {
    const incident = incidentOf(Array.from({ length: held }, (_, i) => similar(i, i * S)));
    const decision = decideGrouping([incident], similar(99, 10 * S), config, noDeps);
    expect(decision).toMatchObject({ kind: 'join', rule });
  });

  it('burst threshold 1 makes the first similar event a burst', () => {
    const incident = incidentOf([similar(1, 0)]);
    const decision = decideGrouping(
      [incident],
      similar(2, S),
      { ...config, burst_threshold: 1 },
      noDeps,
    );
    expect(decision).toMatchObject({ rule: 'burst' });
  });

  it.each([
    [0.6, 'join'],
    [0.95, 'open'],
  ])('similarity threshold %f → %s for a partly matching template', (threshold, kind) => {
    const incident = incidentOf([event()]);
    const partly = event({
      component: 'cart',
      templateId: 't-x',
      template: 'request to <*> timed out after <*> ms retrying',
    });
    expect(
      decideGrouping([incident], partly, { ...config, similarity_threshold: threshold }, noDeps)
        .kind,
    ).toBe(kind);
  });

  it('ignores similar events outside the burst window', () => {
    const incident = incidentOf([similar(1, 0)]);
    expect(decideGrouping([incident], similar(2, 121 * S), config, noDeps).kind).toBe('open');
  });
});

describe('coalesce', () => {
  const db = event({
    component: 'postgres',
    templateId: 't-db',
    template: 'connection pool exhausted',
    traceId: 'trace-1',
  });
  const caller = (overrides: Partial<GroupingEvent>) =>
    event({
      component: 'orders',
      templateId: 't-orders',
      template: 'upstream call failed with status <*>',
      ...overrides,
    });
  const ordersCallsPostgres: DependsOn = (a, b) => a === 'orders' && b === 'postgres';

  it.each<[string, Partial<GroupingEvent>, DependsOn, string]>([
    [
      'shared trace inside the window',
      { traceId: 'trace-1', eventTime: T0 + 20 * S },
      noDeps,
      'trace_coalesce',
    ],
    [
      'shared trace at the window edge',
      { traceId: 'trace-1', eventTime: T0 + 30 * S },
      noDeps,
      'trace_coalesce',
    ],
    [
      'shared trace past the window',
      { traceId: 'trace-1', eventTime: T0 + 31 * S },
      noDeps,
      'open',
    ],
    [
      'caller depends on the failing component',
      { eventTime: T0 + 5 * S },
      ordersCallsPostgres,
      'dependency_coalesce',
    ],
    [
      'failing component depends on the caller',
      { eventTime: T0 + 5 * S },
      (a, b) => ordersCallsPostgres(b, a),
      'dependency_coalesce',
    ],
    ['dependent but past the window', { eventTime: T0 + 31 * S }, ordersCallsPostgres, 'open'],
    ['unrelated component, no trace', { eventTime: T0 + 5 * S }, noDeps, 'open'],
  ])('%s', (_name, overrides, dependsOn, expected) => {
    const decision = decideGrouping([incidentOf([db])], caller(overrides), config, dependsOn);
    expect(decision.kind === 'open' ? 'open' : decision.rule).toBe(expected);
  });

  it('same component with a new template inside the window joins', () => {
    const other = event({
      component: 'postgres',
      templateId: 't-db2',
      template: 'deadlock detected',
      eventTime: T0 + 10 * S,
    });
    expect(decideGrouping([incidentOf([db])], other, config, noDeps)).toMatchObject({
      rule: 'component_coalesce',
    });
  });

  it('an out-of-order event before the incident opened coalesces by its distance to the first event', () => {
    const early = caller({ traceId: 'trace-1', eventTime: T0 - 25 * S });
    expect(decideGrouping([incidentOf([db])], early, config, noDeps)).toMatchObject({
      rule: 'trace_coalesce',
    });
    const tooEarly = caller({ traceId: 'trace-1', eventTime: T0 - 31 * S });
    expect(decideGrouping([incidentOf([db])], tooEarly, config, noDeps).kind).toBe('open');
  });
});

describe('rule priority and incident choice', () => {
  it('dedup wins over trace coalescing', () => {
    const incident = incidentOf([event({ traceId: 'x' })]);
    const decision = decideGrouping(
      [incident],
      event({ traceId: 'x', eventTime: T0 + S }),
      config,
      noDeps,
    );
    expect(decision).toMatchObject({ rule: 'dedup' });
  });

  it('picks the incident nearest in event time', () => {
    const older = incidentOf([event({ eventTime: T0 - 50 * S })], 1);
    const newer = incidentOf([event({ eventTime: T0 + 40 * S })], 2);
    const decision = decideGrouping(
      [older, newer],
      event({ eventTime: T0 + 30 * S }),
      config,
      noDeps,
    );
    expect(decision).toMatchObject({ incidentId: 2 });
  });

  it('a closed incident is not passed in, so it never absorbs: the event opens a new one', () => {
    expect(decideGrouping([], event(), config, noDeps)).toMatchObject({
      kind: 'open',
      rule: 'new_incident',
    });
  });
});

describe('primary choice', () => {
  it.each<[string, Partial<GroupingEvent>, boolean]>([
    ['less severe', { severity: 'medium' }, false],
    ['as severe and later', { severity: 'high', eventTime: T0 + S }, false],
    ['as severe and earlier (out of order)', { severity: 'high', eventTime: T0 - S }, true],
    ['more severe', { severity: 'critical', eventTime: T0 + S }, true],
  ])('%s → becomes primary: %s', (_name, overrides, expected) => {
    const decision = decideGrouping([incidentOf([event()])], event(overrides), config, noDeps);
    expect(decision).toMatchObject({ kind: 'join', becomesPrimary: expected });
    expect(suppressionReason(decision, 'p') === null).toBe(expected);
  });
});

describe('quiet period (server clock)', () => {
  it.each([
    [599 * S, []],
    [600 * S, [1]],
    [601 * S, [1]],
  ])('after %i ms without events closes %j', (elapsed, closed) => {
    const clock = createFakeClock(T0);
    const incident = incidentOf([event()], 1, clock.now());
    clock.advance(elapsed);
    expect(quietIncidents([incident], clock.now(), config).map((i) => i.id)).toEqual(closed);
  });

  it('a newly absorbed event restarts the quiet period', () => {
    const clock = createFakeClock(T0);
    let incident = incidentOf([event()], 1, clock.now());
    clock.advance(500 * S);
    incident = absorb(incident, event({ eventTime: T0 + S }), clock.now(), false);
    clock.advance(500 * S);
    expect(quietIncidents([incident], clock.now(), config)).toEqual([]);
  });
});
