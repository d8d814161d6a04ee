export interface PublishBatcherOptions<T> {
  /** Items sent at once, each awaiting its own acknowledgement (read at every decision). */
  batchSize: () => number;
  /** Longest a partial batch waits, while another batch is in flight, before it is sent. */
  maxLatencyMs: () => number;
  send: (item: T) => Promise<void>;
}

export interface PublishBatcher<T> {
  /** Resolves once every item is acknowledged; rejects with the first item's failure. */
  submit(items: readonly T[]): Promise<void>;
  /** Batches sent so far with their sizes, oldest first (status, tests). */
  sentBatchSizes(): readonly number[];
}

interface Waiting<T> {
  item: T;
  done: (error: unknown) => void;
}

/**
 * Publish batching: a batch is sent when it is full, when its oldest item has waited the maximum
 * latency, or at once when nothing is in flight (so a quiet pipeline adds no delay). Under load
 * the items published while a batch awaits its acknowledgements go out together.
 */
export function createPublishBatcher<T>(options: PublishBatcherOptions<T>): PublishBatcher<T> {
  const queue: Waiting<T>[] = [];
  const sizes: number[] = [];
  let inFlight = 0;
  let timer: NodeJS.Timeout | null = null;

  const flush = (): void => {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = queue.splice(0, Math.max(1, options.batchSize()));
    if (batch.length === 0) return;
    sizes.push(batch.length);
    inFlight += 1;
    void Promise.all(
      batch.map(({ item, done }) =>
        options.send(item).then(
          () => done(null),
          (error: unknown) => done(error ?? new Error('publish failed')),
        ),
      ),
    ).then(() => {
      inFlight -= 1;
      schedule();
    });
  };

  const schedule = (): void => {
    while (queue.length >= Math.max(1, options.batchSize())) flush();
    if (queue.length === 0) return;
    if (inFlight === 0) flush();
    else timer ??= setTimeout(flush, options.maxLatencyMs());
  };

  return {
    submit(items) {
      if (items.length === 0) return Promise.resolve();
      const settled = items.map(
        (item) =>
          new Promise<void>((resolve, reject) => {
            queue.push({ item, done: (error) => (error === null ? resolve() : reject(error)) });
          }),
      );
      schedule();
      return Promise.all(settled).then(() => undefined);
    },
    sentBatchSizes: () => sizes,
  };
}

/**
 * Retries a failing send with growing pauses until `timeoutMs` has passed since the first try;
 * then the last error surfaces (ingest turns it into 503 + Retry-After, nothing acknowledged).
 */
export async function sendWithRetry(
  send: () => Promise<void>,
  timeoutMs: number,
  now: () => number = Date.now,
): Promise<void> {
  const started = now();
  let pause = 100;
  for (;;) {
    try {
      await send();
      return;
    } catch (error) {
      const left = started + timeoutMs - now();
      if (left <= 0) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.min(pause, left)));
      pause = Math.min(pause * 2, 2_000);
    }
  }
}
