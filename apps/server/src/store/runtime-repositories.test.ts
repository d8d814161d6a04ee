import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../shared/clock';
import {
  anomalyColumns,
  HOUR,
  makeAnomaly,
  makeAuditInput,
  makeIncidentInput,
  T0,
} from './test-factories';
import { TEST_STORE_KINDS, useTestStore } from './test-stores';

describe.each(TEST_STORE_KINDS)('%s store: incidents', (kind) => {
  const harness = useTestStore(kind);

  it('creates, updates, lists open and closes incidents with increasing integer ids', async () => {
    const { store } = harness();
    const first = await store.incidents.create(makeIncidentInput({ openedAt: T0 - HOUR }));
    const second = await store.incidents.create(makeIncidentInput({ openedAt: T0 }));
    expect(second.id).toBeGreaterThan(first.id);
    expect(first).toMatchObject({
      status: 'open',
      countTotal: 0,
      topEventId: null,
      impactScope: ['checkout-api'],
    });

    const updated = await store.incidents.update(first.id, {
      impactScope: ['a', 'b'],
      details: { reason: 'burst' },
      updatedAt: T0 + 1,
    });
    expect(updated).toMatchObject({
      impactScope: ['a', 'b'],
      details: { reason: 'burst' },
      updatedAt: T0 + 1,
    });
    expect((await store.incidents.listOpen()).map((i) => i.id)).toEqual([first.id, second.id]);
    expect(await store.incidents.countOpen()).toBe(2);

    const closed = await store.incidents.close(second.id, T0 + 2);
    expect(closed).toMatchObject({ status: 'closed', closedAt: T0 + 2, updatedAt: T0 + 2 });
    expect((await store.incidents.listOpen()).map((i) => i.id)).toEqual([first.id]);
    expect(await store.incidents.get(second.id)).toEqual(closed);
    expect(await store.incidents.get(9_999)).toBeNull();
  });

  it('does not let an incident update overwrite counters kept by event inserts', async () => {
    const { store } = harness();
    const incident = await store.incidents.create(makeIncidentInput());
    await store.anomalies.insert(makeAnomaly({ incidentId: incident.id }), anomalyColumns());
    await store.incidents.update(incident.id, { rootComponent: 'db' });
    expect(await store.incidents.get(incident.id)).toMatchObject({
      countTotal: 1,
      rootComponent: 'db',
    });
  });

  it('rolls back every repository together', async () => {
    const { store } = harness();
    await expect(
      store.transaction(async (tx) => {
        const incident = await tx.incidents.create(makeIncidentInput());
        await tx.anomalies.insert(makeAnomaly({ incidentId: incident.id }), anomalyColumns());
        await tx.audit.append(
          makeAuditInput({ type: 'incident_opened', incident_id: incident.id }),
        );
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await store.incidents.countOpen()).toBe(0);
    expect(await store.anomalies.countSince(0)).toBe(0);
    expect(await store.audit.verifyChain()).toEqual({ ok: true, checked: 0 });
  });
});

describe.each(TEST_STORE_KINDS)('%s store: runtime state', (kind) => {
  const clock = createFakeClock(T0);
  const harness = useTestStore(kind, clock);

  it('stores config values of every JSON type and forgets deleted keys', async () => {
    const { store } = harness();
    const values = {
      'a.num': 1.5,
      'a.text': 'x',
      'a.bool': false,
      'a.list': ['x', 'y'],
      'a.obj': { k: null },
      'a.null': null,
    };
    await store.config.setMany(values);
    expect(await store.config.getAll()).toEqual(values);
    await store.config.deleteMany(['a.num', 'a.text']);
    expect(Object.keys(await store.config.getAll()).sort()).toEqual([
      'a.bool',
      'a.list',
      'a.null',
      'a.obj',
    ]);
  });

  it('keeps one learned-state document per key', async () => {
    const { store } = harness();
    expect(await store.agentState.get('anomaly_detector.ensemble')).toBeNull();
    await store.agentState.set('anomaly_detector.ensemble', { models: { rarity: [1, 2] } });
    await store.agentState.set('anomaly_detector.ensemble', { models: { rarity: [3] } });
    expect(await store.agentState.get('anomaly_detector.ensemble')).toEqual({
      models: { rarity: [3] },
    });
  });

  it('keeps one heartbeat per agent worker', async () => {
    const { store } = harness();
    await store.agentStatus.upsert({
      agentId: 'rca',
      workerId: 'w1',
      status: 'healthy',
      lastSeen: T0,
      details: { url: 'x' },
    });
    await store.agentStatus.upsert({
      agentId: 'rca',
      workerId: 'w1',
      status: 'unhealthy',
      lastSeen: T0 + 1,
      details: { err: 'y' },
    });
    await store.agentStatus.upsert({
      agentId: 'executor',
      workerId: 'w1',
      status: 'healthy',
      lastSeen: null,
      details: {},
    });
    expect(await store.agentStatus.list()).toEqual([
      { agentId: 'executor', workerId: 'w1', status: 'healthy', lastSeen: null, details: {} },
      {
        agentId: 'rca',
        workerId: 'w1',
        status: 'unhealthy',
        lastSeen: T0 + 1,
        details: { err: 'y' },
      },
    ]);
    await store.agentStatus.remove('rca', 'w1');
    expect(await store.agentStatus.list()).toHaveLength(1);
  });

  it('persists the service graph and removes a node with its edges', async () => {
    const t = harness();
    await t.store.topology.upsertNodes([
      { id: 'api', doc: { layer: 'backend' }, updatedAt: T0 },
      { id: 'db', doc: { layer: 'database' }, updatedAt: T0 },
    ]);
    await t.store.topology.upsertEdges([
      { from: 'api', to: 'db', doc: { request_rate: 3 }, updatedAt: T0 },
    ]);
    await t.store.topology.upsertNodes([
      { id: 'api', doc: { layer: 'api_gateway' }, updatedAt: T0 + 1 },
    ]);
    const store = await t.reopen();
    expect(await store.topology.loadAll()).toEqual({
      nodes: [
        { id: 'api', doc: { layer: 'api_gateway' }, updatedAt: T0 + 1 },
        { id: 'db', doc: { layer: 'database' }, updatedAt: T0 },
      ],
      edges: [{ from: 'api', to: 'db', doc: { request_rate: 3 }, updatedAt: T0 }],
    });
    await store.topology.deleteNodes(['db']);
    expect(await store.topology.loadAll()).toEqual({
      nodes: [{ id: 'api', doc: { layer: 'api_gateway' }, updatedAt: T0 + 1 }],
      edges: [],
    });
  });

  it('records notifications and their attempts', async () => {
    const { store } = harness();
    const record = {
      id: 'n1',
      channel: 'email' as const,
      incidentId: 4,
      status: 'pending' as const,
      attempts: 0,
      createdAt: T0,
      details: { recipients: ['ops@example.com'], error: null },
    };
    await store.notifications.insert(record);
    await store.notifications.insert({
      ...record,
      id: 'n2',
      channel: 'webhook',
      incidentId: 5,
      createdAt: T0 + 1,
    });
    const failed = await store.notifications.update('n1', {
      status: 'failed',
      attempts: 3,
      details: { ...record.details, error: 'SMTP 550' },
    });
    expect(failed).toMatchObject({ status: 'failed', attempts: 3, details: { error: 'SMTP 550' } });
    expect((await store.notifications.list({ limit: 10 })).items.map((n) => n.id)).toEqual([
      'n2',
      'n1',
    ]);
    expect(
      (await store.notifications.list({ limit: 10, incidentId: 4, status: 'failed' })).items,
    ).toEqual([failed]);
  });

  it('registers services per environment', async () => {
    const { store } = harness();
    const service = {
      name: 'checkout',
      environment: 'production',
      base_url: 'http://checkout:8080',
      health_path: '/health',
      registered_at: new Date(T0).toISOString(),
    };
    await store.services.upsert(service);
    await store.services.upsert({ ...service, environment: 'staging' });
    await store.services.upsert({ ...service, health_path: '/ready' });
    expect(await store.services.get('checkout', 'production')).toEqual({
      ...service,
      health_path: '/ready',
    });
    expect(await store.services.list('staging')).toHaveLength(1);
    expect(await store.services.list()).toHaveLength(2);
    expect(await store.services.remove('checkout', 'staging')).toBe(true);
    expect(await store.services.get('checkout', 'staging')).toBeNull();
  });

  it('marks record ids processed and prunes old marks', async () => {
    const { store } = harness();
    clock.set(T0);
    expect(await store.processedRecords.markProcessed(['a', 'b', 'a'])).toEqual(['a', 'b']);
    clock.set(T0 + HOUR);
    expect(await store.processedRecords.markProcessed(['b', 'c'])).toEqual(['c']);
    expect(await store.processedRecords.markProcessed([])).toEqual([]);
    expect(await store.processedRecords.pruneBefore(T0 + 1)).toBe(2);
    expect(await store.processedRecords.markProcessed(['a', 'c'])).toEqual(['a']);
  });
});
