import { describe, expect, it } from 'vitest';
import type { AgentStatusRecord } from '../../store/agent-status-repository';
import type { AgentView } from './agent-registry';
import { withWorkers, worstOf } from './worker-roster';

const NOW = 1_000_000;

const agent = (overrides: Partial<AgentView> = {}): AgentView => ({
  id: 'anomaly_detector',
  name: 'Anomaly Detector',
  description: '',
  status: 'offline',
  lastSeen: null,
  processed: 0,
  queueDepth: 0,
  lastError: null,
  inProcess: false,
  url: 'http://127.0.0.1:8080',
  port: 8080,
  workerId: 'api:1',
  ...overrides,
});

const row = (
  workerId: string,
  status: string,
  silentMs: number,
  processed = 10,
): AgentStatusRecord => ({
  agentId: 'anomaly_detector',
  workerId,
  status,
  lastSeen: NOW - silentMs,
  details: {
    url: `http://127.0.0.1:90${workerId.length}`,
    port: 9000,
    processed,
    queue_depth: 3,
    last_error: null,
  },
});

describe('agent workers', () => {
  it('lists each worker process and takes the worst status', () => {
    const [entry] = withWorkers(
      [agent()],
      [row('w1', 'healthy', 1_000), row('w2', 'warning', 2_000, 5)],
      NOW,
    );
    expect(entry?.workers.map((w) => [w.id, w.status])).toEqual([
      ['w1', 'healthy'],
      ['w2', 'warning'],
    ]);
    expect(entry).toMatchObject({
      status: 'warning',
      processed: 15,
      queueDepth: 3,
      lastSeen: NOW - 1_000,
    });
  });

  it('turns a silent worker unhealthy, then offline, and drops it once a discovery pass saw it offline', () => {
    const statusAfter = (silentMs: number, listedAfter = Number.NEGATIVE_INFINITY) =>
      withWorkers(
        [agent()],
        [row('w1', 'healthy', 1_000), row('w2', 'healthy', silentMs)],
        NOW,
        undefined,
        listedAfter,
      )[0];
    expect(statusAfter(20_000)?.status).toBe('unhealthy');
    expect(statusAfter(70_000)?.status).toBe('offline');
    // Still listed (offline) until a discovery pass ran after it went offline...
    expect(statusAfter(200_000)?.workers.map((w) => w.id)).toEqual(['w1', 'w2']);
    // ...a pass at NOW - 10 s drops every worker offline by then (last beat 60 s before it).
    const cutoff = NOW - 10_000 - 60_000;
    expect(statusAfter(200_000, cutoff)?.workers.map((w) => w.id)).toEqual(['w1']);
    expect(statusAfter(200_000, cutoff)?.status).toBe('healthy');
    expect(statusAfter(65_000, cutoff)?.workers.map((w) => w.id)).toEqual(['w1', 'w2']);
  });

  it('does not list a worker that stopped cleanly, and is offline with no worker', () => {
    const [entry] = withWorkers([agent()], [row('w1', 'offline', 1_000)], NOW);
    expect(entry).toMatchObject({ status: 'offline', workers: [] });
  });

  it('uses the live view for this process rather than its own stored row', () => {
    const local = agent({ inProcess: true, status: 'healthy', lastSeen: NOW, processed: 7 });
    const [entry] = withWorkers([local], [row('api:1', 'unhealthy', 50_000)], NOW);
    expect(entry?.workers).toHaveLength(1);
    expect(entry).toMatchObject({ status: 'healthy', processed: 7 });
  });

  it('ranks statuses from healthy to offline', () => {
    expect(worstOf(['healthy', 'unknown', 'warning'])).toBe('unknown');
    expect(worstOf(['unhealthy', 'offline'])).toBe('offline');
  });
});
