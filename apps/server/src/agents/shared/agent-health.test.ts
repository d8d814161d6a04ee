import { describe, expect, it } from 'vitest';
import { createAgentHealthTracker, reportingFailures } from './agent-health';

describe('agent health', () => {
  const thresholds = { stalledAfterMs: 10_000, offlineAfterMs: 60_000 };

  it.each([
    [0, 'healthy'],
    [9_999, 'healthy'],
    [10_000, 'unhealthy'],
    [59_999, 'unhealthy'],
    [60_000, 'offline'],
  ])('%i ms after the last beat is %s', (silence, status) => {
    const tracker = createAgentHealthTracker(thresholds);
    tracker.beat(1_000);
    expect(tracker.snapshot(1_000 + silence, 0).status).toBe(status);
  });

  it('is unknown before its first beat, and warns after a recent error', () => {
    const tracker = createAgentHealthTracker(thresholds);
    expect(tracker.snapshot(0, 0).status).toBe('unknown');
    tracker.failed(new Error('disk full'), 100);
    expect(tracker.snapshot(200, 3)).toMatchObject({
      status: 'warning',
      lastError: 'disk full',
      queueDepth: 3,
    });
    tracker.processed(5, 20_000);
    expect(tracker.snapshot(20_001, 0)).toMatchObject({ status: 'healthy', processed: 5 });
  });

  it('turns unhealthy when it keeps beating but makes no progress on its backlog', () => {
    const tracker = createAgentHealthTracker(thresholds);
    tracker.processed(1, 0);
    tracker.beat(100_000);
    expect(tracker.snapshot(100_000, 5).status).toBe('healthy');
    tracker.beat(109_000);
    expect(tracker.snapshot(109_000, 5).status).toBe('healthy');
    tracker.beat(110_000);
    expect(tracker.snapshot(110_000, 5).status).toBe('unhealthy');
    tracker.processed(5, 111_000);
    expect(tracker.snapshot(111_000, 0).status).toBe('healthy');
  });
});

describe('reportingFailures', () => {
  it('records a failing handler on the agent health and rethrows', async () => {
    const tracker = createAgentHealthTracker({ stalledAfterMs: 10_000, offlineAfterMs: 60_000 });
    const handler = reportingFailures<number>(
      tracker,
      () => 500,
      (n) => {
        if (n < 0) throw new Error('negative input');
      },
    );
    await handler(1);
    expect(tracker.snapshot(500, 0).lastError).toBeNull();
    await expect(handler(-1)).rejects.toThrow('negative input');
    expect(tracker.snapshot(600, 0)).toMatchObject({
      status: 'warning',
      lastError: 'negative input',
    });
  });
});
