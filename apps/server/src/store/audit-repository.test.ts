import { AuditEntry } from '@vigil/contract';
import { describe, expect, it } from 'vitest';
import { GENESIS_HASH } from './audit-chain';
import type { AuditEntryInput } from './audit-repository';
import { DAY, HOUR, makeAuditInput, MINUTE, T0 } from './test-factories';
import { TEST_STORE_KINDS, useTestStore } from './test-stores';

const at = (ms: number) => new Date(ms).toISOString();

describe.each(TEST_STORE_KINDS)('%s store: audit trail', (kind) => {
  const harness = useTestStore(kind);
  const appendTimeline = (
    count: number,
    extra: (i: number) => Partial<AuditEntryInput> = () => ({}),
  ) =>
    harness().store.audit.appendMany(
      Array.from({ length: count }, (_, i) =>
        makeAuditInput({ timestamp: at(T0 - i * MINUTE), ...extra(i) }),
      ),
    );

  it('chains each entry to the one before', async () => {
    const { store } = harness();
    const first = await store.audit.append(makeAuditInput());
    const second = await store.audit.append(makeAuditInput({ type: 'incident_opened' }));
    expect(first.prev_hash).toBe(GENESIS_HASH);
    expect(second.prev_hash).toBe(first.hash);
    expect(AuditEntry.safeParse(second).success).toBe(true);
    expect(await store.audit.get(second.id)).toEqual(second);
    expect(await store.audit.verifyChain()).toEqual({ ok: true, checked: 2 });
  });

  it('keeps the chain whole under concurrent appends', async () => {
    const { store } = harness();
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        store.audit.append(makeAuditInput({ description: `entry ${i}` })),
      ),
    );
    expect(await store.audit.verifyChain()).toEqual({ ok: true, checked: 20 });
  });

  it('reads 10000 entries in one page, newest first', async () => {
    const { store } = harness();
    await appendTimeline(10_050);
    const page = await store.audit.list({ page: 1, pageSize: 10_000 });
    expect(page.total).toBe(10_050);
    expect(page.items).toHaveLength(10_000);
    expect(page.items[0]?.timestamp).toBe(at(T0));
    expect(page.items[9_999]?.timestamp).toBe(at(T0 - 9_999 * MINUTE));
    const rest = await store.audit.list({ page: 2, pageSize: 10_000 });
    expect(rest.items).toHaveLength(50);
  }, 60_000);

  it('filters by time range, type, severity, execution status and incident', async () => {
    const { store } = harness();
    await appendTimeline(30, (i) => ({
      type: i % 3 === 0 ? 'action_executed' : 'anomaly_detected',
      severity: i % 2 === 0 ? 'high' : 'low',
      execution_status: i % 3 === 0 ? (i % 2 === 0 ? 'success' : 'failed') : null,
      incident_id: i < 10 ? 7 : null,
    }));
    const query = (filters: object) => store.audit.list({ page: 1, pageSize: 100, ...filters });
    expect((await query({ startMs: T0 - 9 * MINUTE, endMs: T0 })).total).toBe(10);
    expect((await query({ startMs: T0 - 9 * MINUTE, endMs: T0 - 5 * MINUTE })).total).toBe(5);
    expect((await query({ type: 'action_executed' })).total).toBe(10);
    expect((await query({ type: 'action_executed', severity: 'high' })).total).toBe(5);
    expect((await query({ executionStatus: 'failed' })).total).toBe(5);
    expect((await query({ incidentId: 7 })).total).toBe(10);
  });

  it('searches description, action name and error, case-insensitively and literally', async () => {
    const { store } = harness();
    await store.audit.appendMany([
      makeAuditInput({ description: 'Restarted Checkout pods' }),
      makeAuditInput({ description: 'Ran action', action_name: 'Flush CACHE' }),
      makeAuditInput({ description: 'Action failed', error_message: 'HTTP 503 from ops_api' }),
      makeAuditInput({ description: '100% disk on db-1' }),
    ]);
    const search = async (text: string) =>
      (await store.audit.list({ page: 1, pageSize: 10, search: text })).items.map(
        (e) => e.description,
      );
    expect(await search('checkout')).toEqual(['Restarted Checkout pods']);
    expect(await search('flush cache')).toEqual(['Ran action']);
    expect(await search('503')).toEqual(['Action failed']);
    expect(await search('ops_api')).toEqual(['Action failed']);
    expect(await search('100%')).toEqual(['100% disk on db-1']);
    expect(await search('ops%api')).toEqual([]);
  });

  it('computes stats over the range', async () => {
    const { store } = harness();
    const executed = (execution_status: AuditEntryInput['execution_status'], ms: number) =>
      makeAuditInput({ type: 'action_executed', execution_status, timestamp: at(ms) });
    await store.audit.appendMany([
      makeAuditInput({ type: 'incident_opened', timestamp: at(T0 - HOUR) }),
      makeAuditInput({ type: 'incident_opened', timestamp: at(T0 - 3 * DAY) }),
      executed('success', T0 - HOUR),
      executed('success', T0 - HOUR),
      executed('failed', T0 - HOUR),
      executed('timeout', T0 - HOUR),
      executed('running', T0 - HOUR),
      executed('failed', T0 - 3 * DAY),
    ]);
    expect(await store.audit.stats({ startMs: T0 - DAY, endMs: T0 })).toEqual({
      total_events: 6,
      incidents_count: 1,
      executions_count: 5,
      success_rate: 0.5,
    });
    expect(await store.audit.stats({})).toMatchObject({
      total_events: 8,
      incidents_count: 2,
      success_rate: 0.4,
    });
    expect(await store.audit.stats({ startMs: T0 + DAY })).toEqual({
      total_events: 0,
      incidents_count: 0,
      executions_count: 0,
      success_rate: 0,
    });
  });

  describe('tamper detection', () => {
    const seedChain = async () => {
      const entries = await appendTimeline(5);
      expect(await harness().store.audit.verifyChain()).toEqual({ ok: true, checked: 5 });
      return entries;
    };

    it('finds an edited document', async () => {
      const entries = await seedChain();
      const target = entries[2]!;
      await harness().exec(
        `update audit_entries set doc = replace(doc, 'checkout-api', 'billing-api') where id = '${target.id}'`,
      );
      expect(await harness().store.audit.verifyChain()).toMatchObject({
        ok: false,
        id: target.id,
        reason: expect.stringContaining('hash'),
      });
    });

    it('finds an edited indexed column', async () => {
      const entries = await seedChain();
      const target = entries[1]!;
      await harness().exec(
        `update audit_entries set type = 'incident_closed' where id = '${target.id}'`,
      );
      expect(await harness().store.audit.verifyChain()).toMatchObject({
        ok: false,
        id: target.id,
        reason: 'column type does not match the entry',
      });
    });

    it('finds a removed entry in the middle', async () => {
      const entries = await seedChain();
      await harness().exec(`delete from audit_entries where id = '${entries[2]!.id}'`);
      expect(await harness().store.audit.verifyChain()).toMatchObject({
        ok: false,
        id: entries[3]!.id,
      });
    });

    it('finds a removed last entry', async () => {
      const entries = await seedChain();
      await harness().exec(`delete from audit_entries where id = '${entries[4]!.id}'`);
      expect(await harness().store.audit.verifyChain()).toMatchObject({
        ok: false,
        id: entries[3]!.id,
        reason: expect.stringContaining('head'),
      });
    });

    it('finds a rehashed entry whose successor still points at the old hash', async () => {
      const entries = await seedChain();
      await harness().exec(
        `update audit_entries set hash = '${'f'.repeat(64)}' where id = '${entries[0]!.id}'`,
      );
      expect(await harness().store.audit.verifyChain()).toMatchObject({
        ok: false,
        id: entries[0]!.id,
      });
    });
  });
});
