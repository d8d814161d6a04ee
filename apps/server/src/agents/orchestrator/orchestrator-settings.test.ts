import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IncidentChangedMessage } from '../../bus/messages';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { OrchestratorAgent } from './orchestrator-agent';
import { detect, manualTimers } from './orchestrator-test-kit';

const S = 1_000;
let apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.dispose();
  apps = [];
});

/** The whole app on live settings (no config override), orchestrator timers fired by hand. */
async function start() {
  const manual = manualTimers();
  const app = await createTestApp({ orchestrator: { timers: manual.timers } });
  apps.push(app);
  // The orchestrator's own announcements (the analysis agents publish root causes too).
  const changes: IncidentChangedMessage[] = [];
  app.bus.subscribe<IncidentChangedMessage>('incidents.changed', 'test', (m) => {
    if (['opened', 'event_added', 'closed'].includes(m.change)) changes.push(m);
  });
  const orchestrator = app.agents.find((a) => a.id === 'orchestrator') as OrchestratorAgent;
  const save = async (values: Record<string, unknown>) => {
    const response = await app.http.inject({
      method: 'PUT',
      url: '/api/settings/agents/orchestrator',
      payload: values,
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  return { app, changes, orchestrator, save, ...manual };
}

describe('orchestrator settings drive the orchestrator', () => {
  it('timeout_seconds: a hanging step is abandoned and reported, and the next batch is placed', async () => {
    const { app, save, pending, fire } = await start();
    await save({ 'agents.orchestrator.timeout_seconds': 2 });
    let release: () => void = () => undefined;
    const hung = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The next placement (a new incident opens with its first event in one transaction) hangs until released.
    const transaction = app.store.transaction.bind(app.store);
    let hangNext = true;
    app.store.transaction = async (work) => {
      if (hangNext) {
        hangNext = false;
        await hung;
      }
      return transaction(work);
    };
    await detect(app, [{ component: 'db', templateId: 't-db' }], { drain: false });
    await vi.waitFor(() => expect(pending().some((t) => t.ms === 2 * S)).toBe(true));
    const armedBefore = pending().filter((t) => t.ms === 2 * S).length;
    expect(armedBefore).toBe(1);
    fire(2 * S);
    const [web] = await detect(app, [{ component: 'web', templateId: 't-web' }]);
    const orchestrator = app.agentRegistry.get('orchestrator');
    expect(orchestrator.lastError).toBe(
      'anomaly batch took longer than 2s (timeout_seconds) and was abandoned',
    );
    expect(orchestrator.status).toBe('warning');
    const placed = await app.store.anomalies.get(web?.id ?? '');
    expect(placed?.orchestrator_data).not.toBeNull();
    release();
    await app.bus.drain();
  });

  it('enrichment_interval_seconds / enrichment_lookback_seconds: related evidence re-requests the analysis', async () => {
    const { app, changes, orchestrator, save, pending, fire } = await start();
    await detect(app, [{ component: 'postgres', templateId: 't-db', traceId: 'trace-1' }]);
    await detect(app, [{ component: 'search', templateId: 't-search', traceId: 'trace-9' }]);
    const [postgres, search] = [changes[0]?.incidentId, changes[1]?.incidentId];
    app.clock.advance(S);
    // Dedup wins over trace coalescing: the event joins "search" although it carries trace-1.
    const [late] = await detect(app, [
      { component: 'search', templateId: 't-search', traceId: 'trace-1' },
    ]);
    expect(changes.at(-1)).toMatchObject({ incidentId: search, change: 'event_added' });
    await save({ 'agents.orchestrator.enrichment_interval_seconds': 7 });
    changes.length = 0;
    expect(fire(10 * S)).toBe(1);
    await vi.waitFor(() =>
      expect(changes).toEqual([
        expect.objectContaining({
          incidentId: postgres,
          change: 'event_added',
          anomalyIds: [],
          reason: `enrichment: 1 related anomalies arrived since the last analysis (${late?.id})`,
        }),
      ]),
    );
    // The next pass is armed with the saved interval; the evidence is used only once.
    expect(pending().map((t) => t.ms)).toContain(7 * S);
    expect(fire(7 * S)).toBe(1);
    await orchestrator.sweep(); // queued behind the enrichment pass
    await app.bus.drain();
    expect(changes).toHaveLength(1);
  });

  it.each([
    [15, false],
    [30, true],
  ])('enrichment_lookback_seconds = %i: evidence 20 s old is used: %s', async (lookback, used) => {
    const { app, changes, orchestrator, save } = await start();
    await save({ 'agents.orchestrator.enrichment_lookback_seconds': lookback });
    await detect(app, [{ component: 'postgres', templateId: 't-db', traceId: 'trace-1' }]);
    await detect(app, [{ component: 'search', templateId: 't-search' }]);
    app.clock.advance(S);
    await detect(app, [{ component: 'search', templateId: 't-search', traceId: 'trace-1' }]);
    app.clock.advance(20 * S);
    const postgres = changes.find((c) => c.change === 'opened')?.incidentId;
    expect(await orchestrator.enrich()).toEqual(used ? [postgres] : []);
  });

  it('cleanup_interval_seconds: an incident closed outside the orchestrator leaves memory at the next pass', async () => {
    const { app, changes, save, pending, fire } = await start();
    await detect(app, [{ component: 'cache', templateId: 't-cache' }]);
    const first = changes[0]?.incidentId ?? 0;
    await app.store.incidents.close(first, app.clock.now());
    await save({ 'agents.orchestrator.cleanup_interval_seconds': 300 });
    expect(fire(3_600 * S)).toBe(1);
    await vi.waitFor(() => expect(pending().map((t) => t.ms)).toContain(300 * S));
    await app.bus.drain();
    await detect(app, [{ component: 'cache', templateId: 't-cache', offsetMs: S }]);
    const opened = changes.filter((c) => c.change === 'opened').map((c) => c.incidentId);
    expect(opened).toHaveLength(2);
    expect(opened[1]).not.toBe(first);
  });

  it('max_history: past it the least recently active incident closes, also when lowered live', async () => {
    const { app, changes, orchestrator, save } = await start();
    const specs = Array.from({ length: 101 }, (_, i) => ({
      component: `service-${i}`,
      templateId: `t-${i}`,
      template: `failure number ${i} in unit ${i * 7}`,
    }));
    await detect(app, specs);
    expect(changes.filter((c) => c.change === 'closed')).toEqual([]);
    await save({ 'agents.orchestrator.max_history': 100 });
    expect(await orchestrator.cleanUp()).toBe(1);
    await app.bus.drain();
    expect(changes.filter((c) => c.change === 'closed')).toEqual([
      expect.objectContaining({ reason: 'capacity: more than 100 open incidents' }),
    ]);
    await detect(app, [{ component: 'one-more', templateId: 't-more' }]);
    expect(changes.filter((c) => c.change === 'closed')).toHaveLength(2);
    expect(await app.store.incidents.countOpen()).toBe(100);
  });
});
