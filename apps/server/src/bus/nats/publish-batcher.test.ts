import { describe, expect, it } from 'vitest';
import { createPublishBatcher, sendWithRetry } from './publish-batcher';

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A send whose acknowledgements the test releases by hand. */
function gatedSend() {
  const pending: { item: number; ack: () => void }[] = [];
  const sent: number[] = [];
  return {
    sent,
    pending,
    send: (item: number) =>
      new Promise<void>((resolve) => {
        sent.push(item);
        pending.push({ item, ack: resolve });
      }),
    ackAll: () => {
      for (const entry of pending.splice(0)) entry.ack();
    },
  };
}

describe('publish batcher', () => {
  it('sends full batches of the configured size, each item concurrently', async () => {
    const gate = gatedSend();
    const batcher = createPublishBatcher({
      batchSize: () => 3,
      maxLatencyMs: () => 10_000,
      send: gate.send,
    });
    const done = batcher.submit([1, 2, 3, 4, 5, 6, 7]);
    // Two full batches go at once; the partial one waits for them (or the latency).
    expect(gate.sent).toEqual([1, 2, 3, 4, 5, 6]);
    expect(batcher.sentBatchSizes()).toEqual([3, 3]);
    gate.ackAll();
    await pause(0);
    expect(gate.sent).toEqual([1, 2, 3, 4, 5, 6, 7]);
    gate.ackAll();
    await done;
    expect(batcher.sentBatchSizes()).toEqual([3, 3, 1]);
  });

  it('sends at once when idle, and a partial batch after the latency while another is in flight', async () => {
    const gate = gatedSend();
    const batcher = createPublishBatcher({
      batchSize: () => 10,
      maxLatencyMs: () => 80,
      send: gate.send,
    });
    void batcher.submit([1]);
    expect(gate.sent).toEqual([1]);
    void batcher.submit([2]);
    void batcher.submit([3]);
    await pause(30);
    expect(gate.sent).toEqual([1]);
    await pause(80);
    // Item 1 is still unacknowledged: the latency, not its ack, released the partial batch.
    expect(gate.sent).toEqual([1, 2, 3]);
    expect(batcher.sentBatchSizes()).toEqual([1, 2]);
    gate.ackAll();
  });

  it('rejects the submitter whose item failed', async () => {
    const batcher = createPublishBatcher<number>({
      batchSize: () => 5,
      maxLatencyMs: () => 10,
      send: async (item) => {
        if (item === 2) throw new Error('no stream');
      },
    });
    await expect(batcher.submit([1, 2])).rejects.toThrow('no stream');
    await expect(batcher.submit([3])).resolves.toBeUndefined();
  });
});

describe('sendWithRetry', () => {
  it('retries a failing send until it succeeds within the timeout', async () => {
    let attempts = 0;
    await sendWithRetry(async () => {
      attempts += 1;
      if (attempts < 3) throw new Error('not yet');
    }, 5_000);
    expect(attempts).toBe(3);
  });

  it('surfaces the error once the retry timeout has passed', async () => {
    const started = Date.now();
    let attempts = 0;
    await expect(
      sendWithRetry(async () => {
        attempts += 1;
        throw new Error('down');
      }, 400),
    ).rejects.toThrow('down');
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(400);
    expect(took).toBeLessThan(1_500);
    expect(attempts).toBeGreaterThan(1);
  });
});
