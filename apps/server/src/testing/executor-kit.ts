import {
  ApprovedAction,
  envelope,
  type ApprovedActionInput,
  type Execution,
} from '@vigil/contract';
import { expect } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import {
  DEFAULT_COLLABORATOR_CONFIG,
  type CollaboratorConfig,
} from '../agents/collaborator/collaborator-config';
import { DEFAULT_EXECUTOR_CONFIG, type ExecutorConfig } from '../agents/executor/executor-config';
import type { ExecutorAgent } from '../agents/executor/executor-agent';
import type { Timers } from '../agents/executor/verification';

/** Test helper: an app with live-editable executor config, manual timers and recorded sleeps. */
export interface ExecutorKit {
  app: TestApp;
  config: ExecutorConfig;
  collaborator: CollaboratorConfig;
  sleeps: number[];
  timers: { pending(): number; fireAll(): void };
  idle(): Promise<void>;
  createAction(input: Partial<ApprovedActionInput> & { url: string }): Promise<ApprovedAction>;
  execute(body: Record<string, unknown>): Promise<{ status: number; json: unknown }>;
  executionFor(id: string): Promise<Execution>;
  eventually<T>(probe: () => Promise<T | null | undefined>): Promise<T>;
}

const ActionBody = envelope(ApprovedAction);

export async function createExecutorKit(allowlist: string[] = ['127.0.0.1']): Promise<ExecutorKit> {
  const config: ExecutorConfig = {
    ...DEFAULT_EXECUTOR_CONFIG,
    allowlist,
    retry_delay_seconds: 2,
    approval_required: false,
  };
  const collaborator: CollaboratorConfig = structuredClone(DEFAULT_COLLABORATOR_CONFIG);
  collaborator.retry_delay_seconds = 0;
  const sleeps: number[] = [];
  const scheduled = new Set<() => void>();
  const timers: Timers = {
    set(callback) {
      scheduled.add(callback);
      return () => scheduled.delete(callback);
    },
  };
  const app = await createTestApp({
    executor: {
      config: () => config,
      timers,
      sleep: async (ms) => void sleeps.push(ms),
      random: () => 0.5,
    },
    collaborator: { config: () => collaborator, sleep: async () => undefined },
  });
  const agent = app.agents.find((a) => a.id === 'executor') as ExecutorAgent;
  const idle = async (): Promise<void> => {
    for (let i = 0; i < 5; i += 1) {
      await agent.service.idle();
      await app.bus.drain();
    }
  };
  return {
    app,
    config,
    collaborator,
    sleeps,
    timers: {
      pending: () => scheduled.size,
      fireAll() {
        const due = [...scheduled];
        scheduled.clear();
        for (const callback of due) callback();
      },
    },
    idle,
    async createAction({ url, ...rest }) {
      const payload = {
        name: 'Restart checkout',
        template_command: { method: 'POST', url, headers: {} },
        ...rest,
      };
      const response = await app.http.inject({
        method: 'POST',
        url: '/api/executor/actions',
        payload,
      });
      expect(response.statusCode, response.body).toBe(201);
      return ActionBody.parse(response.json()).data;
    },
    async execute(body) {
      const response = await app.http.inject({
        method: 'POST',
        url: '/api/executor/execute',
        payload: body,
      });
      return { status: response.statusCode, json: response.json() };
    },
    async executionFor(id) {
      const found = await app.store.executions.get(id);
      if (!found) throw new Error(`no execution ${id}`);
      return found;
    },
    async eventually(probe) {
      for (let i = 0; i < 200; i += 1) {
        const value = await probe();
        if (value !== null && value !== undefined) return value;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error('condition never held');
    },
  };
}
