import { describe, expect, it } from 'vitest';
import { makeExecution, MINUTE, T0 } from './test-factories';
import { TEST_STORE_KINDS, useTestStore } from './test-stores';

const INTERRUPTED = { status: 'failed', error_message: 'interrupted' } as const;

describe.each(TEST_STORE_KINDS)('%s store: parked executions and execution leases', (kind) => {
  const harness = useTestStore(kind);

  it('keeps parked parameters across a restart and lets exactly one caller take them', async () => {
    const t = harness();
    const doc = { parameters: { token: 's3cret', replicas: 3 }, context: { incident_id: 7 } };
    await t.store.parkedExecutions.put('exec-1', doc, T0);
    const store = await t.reopen();
    expect(await store.parkedExecutions.get('exec-1')).toEqual(doc);
    expect(await store.parkedExecutions.count()).toBe(1);
    const takes = await Promise.all([
      store.parkedExecutions.take('exec-1'),
      store.parkedExecutions.take('exec-1'),
    ]);
    expect(takes.filter((taken) => taken !== null)).toEqual([doc]);
    expect(await store.parkedExecutions.get('exec-1')).toBeNull();
    expect(await store.parkedExecutions.take('unknown')).toBeNull();
  });

  it('fails only the in-progress executions whose lease ended (or that have none)', async () => {
    const { store } = harness();
    const expired = makeExecution({ status: 'running' });
    const live = makeExecution({ status: 'running' });
    const pendingExpired = makeExecution({ status: 'pending' });
    const noLease = makeExecution({ status: 'running' });
    const parked = makeExecution({ status: 'pending_approval' });
    const dryRun = makeExecution({ status: 'running', dry_run: true });
    const done = makeExecution({ status: 'success' });
    await store.executions.insert(expired, { leaseUntil: T0 - 1 });
    await store.executions.insert(live, { leaseUntil: T0 + MINUTE });
    await store.executions.insert(pendingExpired, { leaseUntil: T0 - MINUTE });
    await store.executions.insert(noLease);
    await store.executions.insert(parked, { leaseUntil: T0 - 1 });
    await store.executions.insert(dryRun);
    await store.executions.insert(done, { leaseUntil: T0 - 1 });

    const failed = await store.executions.failInterrupted({
      nowMs: T0,
      everyRun: false,
      patch: INTERRUPTED,
    });
    expect(failed.map((e) => e.id).sort()).toEqual(
      [expired.id, pendingExpired.id, noLease.id].sort(),
    );
    for (const id of [expired.id, pendingExpired.id, noLease.id])
      expect(await store.executions.get(id)).toMatchObject(INTERRUPTED);
    expect((await store.executions.get(live.id))?.status).toBe('running');
    expect((await store.executions.get(parked.id))?.status).toBe('pending_approval');
    expect((await store.executions.get(dryRun.id))?.status).toBe('running');
    // A second sweep finds nothing new: each execution is failed and announced once.
    expect(
      await store.executions.failInterrupted({ nowMs: T0, everyRun: false, patch: INTERRUPTED }),
    ).toEqual([]);

    // The sole executor starting up fails every unfinished run, leased or not.
    const all = await store.executions.failInterrupted({
      nowMs: T0,
      everyRun: true,
      patch: INTERRUPTED,
    });
    expect(all.map((e) => e.id)).toEqual([live.id]);
  });

  it('renews a lease on update and drops it once the execution finishes', async () => {
    const t = harness();
    const execution = makeExecution({ status: 'pending_approval' });
    await t.store.executions.insert(execution);
    await t.store.executions.update(
      execution.id,
      { status: 'pending' },
      { leaseUntil: T0 + MINUTE },
    );
    const leases = () =>
      t.query<{ execution_id: string; lease_until: number | string }>(
        'select execution_id, lease_until from execution_leases',
      );
    expect((await leases()).map((row) => [row.execution_id, Number(row.lease_until)])).toEqual([
      [execution.id, T0 + MINUTE],
    ]);
    await t.store.executions.update(execution.id, { status: 'running' });
    expect(await leases()).toHaveLength(1);
    await t.store.executions.update(execution.id, { status: 'failed' });
    expect(await leases()).toEqual([]);
    // A late finish from a run already failed as interrupted changes nothing.
    expect(
      await t.store.executions.update(
        execution.id,
        { status: 'success' },
        { onlyFrom: ['running'] },
      ),
    ).toBeNull();
    expect((await t.store.executions.get(execution.id))?.status).toBe('failed');
  });

  it('inserts an execution and its parked parameters together or not at all', async () => {
    const { store } = harness();
    const execution = makeExecution({ status: 'pending_approval' });
    await expect(
      store.transaction(async (tx) => {
        await tx.executions.insert(execution, { idempotencyKey: 'incident:1:action:a' });
        await tx.parkedExecutions.put(execution.id, { parameters: {}, context: {} }, T0);
        throw new Error('killed before commit');
      }),
    ).rejects.toThrow('killed before commit');
    expect(await store.executions.get(execution.id)).toBeNull();
    expect(await store.parkedExecutions.get(execution.id)).toBeNull();
  });
});
