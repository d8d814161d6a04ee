import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

const logs = (message: string): string =>
  JSON.stringify({
    resourceLogs: [
      {
        resource: { attributes: [{ key: 'service.name', value: { stringValue: 'checkout' } }] },
        scopeLogs: [{ logRecords: [{ body: { stringValue: message } }] }],
      },
    ],
  });

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

let app: TestApp | null = null;
afterEach(async () => {
  await app?.dispose();
  app = null;
});

describe('embedded pipeline bus', () => {
  it('handles as many detector batches at once as ingest.max_concurrent_batches says (live)', async () => {
    app = await createTestApp();
    const { config, http } = app;
    const save = (batches: number) =>
      config.save({
        scope: 'anomaly_detector',
        changes: { 'agents.anomaly_detector.ingest.max_concurrent_batches': batches },
      });
    await save(3);
    // A second handler in the detector's group shares its concurrency on the in-process bus.
    let running = 0;
    let most = 0;
    const gates: (() => void)[] = [];
    app.bus.subscribe('records.logs', 'anomaly_detector', async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => gates.push(resolve));
      running -= 1;
    });
    const post = (n: number) =>
      http.inject({
        method: 'POST',
        url: '/v1/logs',
        payload: logs(`payment ${n} failed`),
        headers: { 'content-type': 'application/json' },
      });
    for (let n = 0; n < 6; n += 1) expect((await post(n)).statusCode).toBe(200);
    await pause(50);
    expect(running).toBe(3);

    await save(1);
    // Slots free one by one; the lowered limit admits no new batch until one is left running.
    for (const release of gates.splice(0)) release();
    await pause(50);
    expect(running).toBe(1);
    most = 0;
    while (gates.length > 0 || running > 0) {
      for (const release of gates.splice(0)) release();
      await pause(10);
    }
    expect(most).toBe(1);
  });
});
