import { describe, expect, it } from 'vitest';
import { makeExecution, MINUTE, T0 } from './test-factories';
import { TEST_STORE_KINDS, useTestStore } from './test-stores';

const at = (ms: number) => new Date(ms).toISOString();

describe.each(TEST_STORE_KINDS)('%s store: executions', (kind) => {
  const harness = useTestStore(kind);

  it('runs a request once per idempotency key', async () => {
    const { store } = harness();
    const first = makeExecution();
    const retry = makeExecution();
    expect(await store.executions.insert(first, { idempotencyKey: 'incident-1/restart' })).toEqual({
      created: true,
      execution: first,
    });
    expect(await store.executions.insert(retry, { idempotencyKey: 'incident-1/restart' })).toEqual({
      created: false,
      execution: first,
    });
    expect(await store.executions.get(retry.id)).toBeNull();
    expect(await store.executions.getByIdempotencyKey('incident-1/restart')).toEqual(first);
    expect(await store.executions.getByIdempotencyKey('other')).toBeNull();
  });

  it('allows any number of executions without a key', async () => {
    const { store } = harness();
    for (let i = 0; i < 3; i += 1)
      expect((await store.executions.insert(makeExecution())).created).toBe(true);
    expect((await store.executions.list({ limit: 10 })).total).toBe(3);
  });

  it('keeps the key unique under concurrent inserts', async () => {
    const { store } = harness();
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        store.executions.insert(makeExecution(), { idempotencyKey: 'same' }),
      ),
    );
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.execution.id)).size).toBe(1);
  });

  it('enforces uniqueness in the schema itself', async () => {
    const t = harness();
    await t.store.executions.insert(makeExecution(), { idempotencyKey: 'k' });
    const row = `'x', 'a', 'n', null, null, 'pending', ${kind === 'sqlite' ? 0 : 'false'}, null, 'pending', 0, 'k', '{}'`;
    await expect(t.exec(`insert into executions values (${row})`)).rejects.toThrow(/unique/i);
  });

  it('lists newest first with filters', async () => {
    const { store } = harness();
    const executions = [
      makeExecution({
        created_at: at(T0),
        action_id: 'a',
        anomaly_event_id: 'e1',
        status: 'success',
      }),
      makeExecution({
        created_at: at(T0 + MINUTE),
        action_id: 'b',
        anomaly_event_id: 'e1',
        status: 'failed',
      }),
      makeExecution({
        created_at: at(T0 + 2 * MINUTE),
        action_id: 'a',
        anomaly_event_id: 'e2',
        status: 'failed',
      }),
    ];
    for (const execution of executions) await store.executions.insert(execution);
    const ids = async (query: object) =>
      (await store.executions.list({ limit: 10, ...query })).items.map((e) => e.id);
    const [e0, e1, e2] = executions.map((e) => e.id);
    expect(await ids({})).toEqual([e2, e1, e0]);
    expect(await ids({ anomalyEventId: 'e1' })).toEqual([e1, e0]);
    expect(await ids({ actionId: 'a', status: 'failed' })).toEqual([e2]);
    expect(await ids({ sinceMs: T0 + MINUTE })).toEqual([e2, e1]);
    const limited = await store.executions.list({ limit: 1 });
    expect(limited.items).toHaveLength(1);
    expect(limited.total).toBe(3);
  });

  it('updates the document and its columns', async () => {
    const { store } = harness();
    const execution = makeExecution({
      status: 'running',
      finished_at: null,
      duration_seconds: null,
    });
    await store.executions.insert(execution);
    const done = await store.executions.update(execution.id, {
      status: 'failed',
      error_message: 'HTTP 500',
      duration_seconds: 2,
    });
    expect(done).toEqual({
      ...execution,
      status: 'failed',
      error_message: 'HTTP 500',
      duration_seconds: 2,
    });
    expect((await store.executions.list({ limit: 10, status: 'failed' })).items).toEqual([done]);
  });

  it('summarises finished, real runs per action', async () => {
    const { store } = harness();
    const runs = [
      makeExecution({
        action_id: 'a',
        action_name: 'Restart',
        status: 'success',
        duration_seconds: 1,
        verification: 'recovered',
      }),
      makeExecution({
        action_id: 'a',
        action_name: 'Restart',
        status: 'failed',
        duration_seconds: 3,
        verification: 'not_recovered',
      }),
      makeExecution({
        action_id: 'a',
        action_name: 'Restart',
        status: 'running',
        duration_seconds: null,
      }),
      makeExecution({ action_id: 'a', action_name: 'Restart', status: 'success', dry_run: true }),
      makeExecution({
        action_id: 'b',
        action_name: 'Flush',
        status: 'timeout',
        duration_seconds: null,
        verification: 'pending',
      }),
    ];
    for (const run of runs) await store.executions.insert(run);
    expect(await store.executions.statsByAction()).toEqual([
      {
        action_id: 'a',
        action_name: 'Restart',
        runs: 2,
        successes: 1,
        success_rate: 0.5,
        mean_duration_seconds: 2,
        verifications: { recovered: 1, not_recovered: 1 },
      },
      {
        action_id: 'b',
        action_name: 'Flush',
        runs: 1,
        successes: 0,
        success_rate: 0,
        mean_duration_seconds: null,
        verifications: { recovered: 0, not_recovered: 0 },
      },
    ]);
  });
});
