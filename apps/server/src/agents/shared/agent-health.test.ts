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
    for (let i = 0; i < 4; i += 1) tracker.stepCompleted(10, 50);
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

describe('step metrics', () => {
  const limits = {
    stalledAfterMs: 10_000,
    offlineAfterMs: 60_000,
    metricsWindowMs: 60_000,
    alertErrorRatio: 0.5,
    maxStepMs: 2_000,
  };
  const steps = (
    tracker: ReturnType<typeof createAgentHealthTracker>,
    ok: number,
    failed: number,
    at: number,
  ) => {
    for (let i = 0; i < ok; i += 1) tracker.stepCompleted(100, at);
    for (let i = 0; i < failed; i += 1) tracker.failed(new Error(`failure ${i}`), at);
  };

  it('reports the agent unhealthy once failed steps reach alert_threshold of the window', () => {
    let alertErrorRatio = 0.5;
    const tracker = createAgentHealthTracker(() => ({ ...limits, alertErrorRatio }));
    steps(tracker, 6, 4, 0);
    // 4 of 10 failed: below 0.5, so only the recent error shows.
    expect(tracker.snapshot(1_000, 0).status).toBe('warning');
    alertErrorRatio = 0.4;
    expect(tracker.snapshot(1_000, 0)).toMatchObject({
      status: 'unhealthy',
      degradedBy: '4 of 10 steps failed in the last metrics window (alert threshold 0.4)',
    });
  });

  it('judges the current and the previous metrics_interval window, then forgets', () => {
    const tracker = createAgentHealthTracker(limits);
    steps(tracker, 1, 3, 0);
    tracker.beat(90_000);
    expect(tracker.snapshot(90_000, 0)).toMatchObject({
      status: 'unhealthy',
      steps: { ok: 1, failed: 3 },
    });
    tracker.beat(125_000);
    expect(tracker.snapshot(125_000, 0)).toMatchObject({
      status: 'healthy',
      steps: { ok: 0, failed: 0 },
    });
    // A longer window keeps the same failures in view.
    const longer = createAgentHealthTracker(() => ({ ...limits, metricsWindowMs: 600_000 }));
    steps(longer, 1, 3, 0);
    longer.beat(125_000);
    expect(longer.snapshot(125_000, 0).status).toBe('unhealthy');
  });

  it('degrades to warning when a step is slower than max_response_time', () => {
    let maxStepMs = 2_000;
    const tracker = createAgentHealthTracker(() => ({ ...limits, maxStepMs }));
    tracker.beat(0);
    tracker.stepCompleted(2_500, 0);
    expect(tracker.snapshot(1_000, 0)).toMatchObject({
      status: 'warning',
      degradedBy: 'a step took 2.5s, above the maximum response time of 2s',
    });
    maxStepMs = 3_000;
    expect(tracker.snapshot(1_000, 0)).toMatchObject({ status: 'healthy', degradedBy: null });
  });
});

describe('reportingFailures', () => {
  it('counts the duration of a successful step', async () => {
    const tracker = createAgentHealthTracker({ stalledAfterMs: 10_000, offlineAfterMs: 60_000 });
    let now = 0;
    const handler = reportingFailures<number>(
      tracker,
      () => now,
      (ms) => {
        now += ms;
      },
    );
    await handler(1_500);
    expect(tracker.stepMetrics(now)).toEqual({ ok: 1, failed: 0, slowestMs: 1_500 });
  });

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
