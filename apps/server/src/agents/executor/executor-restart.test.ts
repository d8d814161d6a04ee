import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApprovedAction, AuditEntry, ErrorBody, Execution, envelope } from '@vigil/contract';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeClock, type FakeClock } from '../../shared/clock';
import type { StoreOptions } from '../../store/create-store';
import type { DialectKind } from '../../store/dialect';
import { quoteIdentifier, withDefaultUser } from '../../store/postgres-database';
import { TEST_STORE_KINDS } from '../../store/test-stores';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { answer, startLocalTarget, type LocalTarget } from '../shared/safe-http/local-target';
import type { ExecutorAgent } from './executor-agent';
import { DEFAULT_EXECUTOR_CONFIG, type ExecutorConfig } from './executor-config';

const ExecutionBody = envelope(Execution);
const ActionBody = envelope(ApprovedAction);
const postgresUrl = withDefaultUser(
  process.env.VIGIL_TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432/test',
);
const CONFIG: ExecutorConfig = {
  ...DEFAULT_EXECUTOR_CONFIG,
  allowlist: ['127.0.0.1'],
  retry_delay_seconds: 2,
};

/** One store that outlives the app processes started on it, as a data dir or a schema does. */
async function sharedStore(kind: DialectKind): Promise<{
  options: StoreOptions;
  remove(): Promise<void>;
}> {
  if (kind === 'sqlite') {
    const dataDir = await mkdtemp(join(tmpdir(), 'vigil-restart-'));
    return {
      options: { kind: 'sqlite', dataDir },
      remove: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const schema = `vigil_restart_${process.pid}_${Date.now().toString(36)}`;
  return {
    options: { kind: 'postgres', url: postgresUrl, schema, poolSize: 4 },
    async remove() {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(`drop schema if exists ${quoteIdentifier(schema)} cascade`);
      await client.end();
    },
  };
}

async function requestArrived(target: LocalTarget): Promise<void> {
  for (let i = 0; i < 500 && target.requests.length === 0; i += 1)
    await new Promise((resolve) => setTimeout(resolve, 10));
  expect(target.requests).toHaveLength(1);
}

describe.each(TEST_STORE_KINDS)('%s store: executor across a restart', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  const setup = async () => {
    const target = await startLocalTarget();
    const store = await sharedStore(kind);
    const clock = createFakeClock(Date.UTC(2026, 2, 2, 12));
    cleanups.push(store.remove, () => target.close());
    return { target, store, clock };
  };

  /** A process of the app on the shared store; each call is a fresh start (nothing in memory). */
  const boot = async (store: StoreOptions, clock: FakeClock): Promise<TestApp> => {
    const app = await createTestApp({
      store: { ...store, clock },
      clock,
      executor: { config: () => CONFIG, sleep: async () => undefined, random: () => 0.5 },
    });
    let disposed = false;
    const dispose = async () => {
      if (disposed) return;
      disposed = true;
      await app.dispose();
    };
    cleanups.push(dispose);
    return { ...app, dispose };
  };
  const executorOf = (app: TestApp) =>
    app.agents.find((agent) => agent.id === 'executor') as ExecutorAgent;

  const createAction = async (app: TestApp, origin: string, requiresApproval: boolean) => {
    const response = await app.http.inject({
      method: 'POST',
      url: '/api/executor/actions',
      payload: {
        name: 'Scale checkout',
        template_command: {
          method: 'POST',
          url: `${origin}/scale/{{component}}`,
          headers: { authorization: 'Bearer {{token}}' },
        },
        required_parameters: { component: 'service', token: 'API token' },
        max_retries: 0,
        safety_constraints: { requires_approval: requiresApproval },
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return ActionBody.parse(response.json()).data;
  };

  const executeParked = async (app: TestApp, actionId: string): Promise<Execution> => {
    const response = await app.http.inject({
      method: 'POST',
      url: '/api/executor/execute',
      payload: { action_id: actionId, parameters: { component: 'checkout', token: 's3cret' } },
    });
    expect(response.statusCode, response.body).toBe(200);
    const parked = ExecutionBody.parse(response.json()).data;
    expect(parked.status).toBe('pending_approval');
    return parked;
  };

  const decide = (app: TestApp, id: string, decision: 'approve' | 'reject', by: string) =>
    app.http.inject({
      method: 'POST',
      url: `/api/executor/executions/${id}/${decision}`,
      payload: { by },
    });

  it('approves an execution parked before a restart, with its real parameters', async () => {
    const { target, store, clock } = await setup();
    const first = await boot(store.options, clock);
    const action = await createAction(first, target.origin, true);
    const parked = await executeParked(first, action.id);
    expect(JSON.stringify(parked.request)).not.toContain('s3cret');
    await first.dispose();
    expect(target.connections()).toBe(0);

    const second = await boot(store.options, clock);
    const approved = await decide(second, parked.id, 'approve', 'alice');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(ExecutionBody.parse(approved.json()).data).toMatchObject({
      status: 'pending',
      approved_by: 'alice',
    });
    await executorOf(second).service.idle();
    expect(target.requests.map((r) => [r.url, r.headers.authorization])).toEqual([
      ['/scale/checkout', 'Bearer s3cret'],
    ]);
    const done = await second.store.executions.get(parked.id);
    expect(done).toMatchObject({ status: 'success', approved_by: 'alice' });
    expect(JSON.stringify(done)).not.toContain('s3cret');
    // The secret is gone from the store once decided, and a second approval is refused.
    expect(await second.store.parkedExecutions.get(parked.id)).toBeNull();
    const again = await decide(second, parked.id, 'approve', 'bob');
    expect(again.statusCode).toBe(409);
    expect(ErrorBody.parse(again.json()).code).toBe('EXECUTION_NOT_PENDING');
  });

  it('rejects an execution parked before a restart and never runs it', async () => {
    const { target, store, clock } = await setup();
    const first = await boot(store.options, clock);
    const action = await createAction(first, target.origin, true);
    const parked = await executeParked(first, action.id);
    await first.dispose();

    const second = await boot(store.options, clock);
    const health = await second.http.inject({ method: 'GET', url: '/api/executor/health' });
    expect(JSON.stringify(health.json())).toContain('"pending_approval":1');
    const rejected = await decide(second, parked.id, 'reject', 'bob');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(ExecutionBody.parse(rejected.json()).data.status).toBe('rejected');
    expect(await second.store.parkedExecutions.get(parked.id)).toBeNull();
    const late = await decide(second, parked.id, 'approve', 'alice');
    expect(ErrorBody.parse(late.json()).code).toBe('EXECUTION_NOT_PENDING');
    await executorOf(second).service.idle();
    expect(target.connections()).toBe(0);
  });

  it('still lets an execution parked by an older version (no stored parameters) be rejected', async () => {
    const { target, store, clock } = await setup();
    const app = await boot(store.options, clock);
    const action = await createAction(app, target.origin, true);
    const parked = await executeParked(app, action.id);
    // As an older version left it: the execution row without its parameters.
    await app.store.parkedExecutions.take(parked.id);
    const approve = await decide(app, parked.id, 'approve', 'alice');
    expect(approve.statusCode).toBe(409);
    expect(ErrorBody.parse(approve.json()).code).toBe('EXECUTION_PARAMETERS_LOST');
    const reject = await decide(app, parked.id, 'reject', 'alice');
    expect(reject.statusCode, reject.body).toBe(200);
    expect(ExecutionBody.parse(reject.json()).data.status).toBe('rejected');
    const twice = await decide(app, parked.id, 'reject', 'bob');
    expect(ErrorBody.parse(twice.json()).code).toBe('EXECUTION_NOT_PENDING');
  });

  it('fails an execution whose process died mid-run when the executor starts again', async () => {
    const { target, store, clock } = await setup();
    let release: () => void = () => undefined;
    target.setHandler((req, res) => {
      release = () => {
        release = () => undefined;
        answer(200)(req, res);
      };
    });
    const first = await boot(store.options, clock);
    // Even when an assertion fails, the hanging request ends before the apps are disposed.
    cleanups.push(async () => release());
    const action = await createAction(first, target.origin, false);
    const response = await first.http.inject({
      method: 'POST',
      url: '/api/executor/execute',
      payload: { action_id: action.id, parameters: { component: 'checkout', token: 't' } },
    });
    const { id } = ExecutionBody.parse(response.json()).data;
    await requestArrived(target);
    expect((await first.store.executions.get(id))?.status).toBe('running');

    // The first process is frozen mid-request (as if killed); a new one starts on the same store.
    const second = await boot(store.options, clock);
    const failed = await second.store.executions.get(id);
    expect(failed).toMatchObject({ status: 'failed' });
    expect(failed?.error_message).toMatch(/^Interrupted/);
    expect(failed?.finished_at).not.toBeNull();
    await second.bus.drain();
    const audit = await second.store.audit.list({ page: 1, pageSize: 10, type: 'action_executed' });
    expect(audit.items.map((entry) => AuditEntry.parse(entry).execution_status)).toContain(
      'failed',
    );
    release();
  });

  it('leaves a live run alone until its lease ends, then fails it (several executors)', async () => {
    const { target, store, clock } = await setup();
    let release: () => void = () => undefined;
    target.setHandler((req, res) => {
      release = () => {
        release = () => undefined;
        answer(200)(req, res);
      };
    });
    const app = await boot(store.options, clock);
    cleanups.push(async () => release());
    const action = await createAction(app, target.origin, false);
    const response = await app.http.inject({
      method: 'POST',
      url: '/api/executor/execute',
      payload: { action_id: action.id, parameters: { component: 'checkout', token: 't' } },
    });
    const { id } = ExecutionBody.parse(response.json()).data;
    await requestArrived(target);
    const executor = executorOf(app).service;
    // max_retries 0, the action's 300 s timeout, then a minute's grace.
    const leaseMs = 300_000 + 60_000;
    expect(await executor.failInterrupted(false)).toBe(0);
    clock.advance(leaseMs);
    expect(await executor.failInterrupted(false)).toBe(0);
    expect((await app.store.executions.get(id))?.status).toBe('running');
    clock.advance(1);
    expect(await executor.failInterrupted(false)).toBe(1);
    expect((await app.store.executions.get(id))?.status).toBe('failed');
    // The run answering after all does not overturn the verdict already announced.
    release();
    await executor.idle();
    expect(await app.store.executions.get(id)).toMatchObject({
      status: 'failed',
      error_message: expect.stringMatching(/^Interrupted/),
    });
  });
});
