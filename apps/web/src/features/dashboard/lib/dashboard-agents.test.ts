import type { AgentInfo } from '@vigil/contract';
import { describe, expect, it } from 'vitest';
import { toDashboardAgents } from './dashboard-agents';

const agent = (overrides: Partial<AgentInfo>): AgentInfo => ({
  name: 'Agent',
  status: 'healthy',
  url: 'http://127.0.0.1:41000',
  port: 41000,
  description: 'does things',
  last_seen: null,
  processed: 0,
  queue_depth: 0,
  last_error: null,
  workers: [],
  ...overrides,
});

describe('toDashboardAgents', () => {
  it('keeps the server order and applies the presentation rules', () => {
    const agents = toDashboardAgents({
      orchestrator: agent({ name: 'Orchestrator', status: 'offline' }),
      rca: agent({ name: 'Root Cause Analysis', status: 'unhealthy', url: 'http://h' }),
    });
    expect(agents).toEqual([
      expect.objectContaining({
        id: 'orchestrator',
        status: 'healthy',
        tone: 'good',
        port: '8080',
      }),
      expect.objectContaining({ id: 'rca', status: 'unhealthy', tone: 'bad', port: 'unknown' }),
    ]);
  });
});
