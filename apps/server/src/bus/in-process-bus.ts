import type { Bus, Handler, Topic } from './bus';

interface Subscription {
  group: string;
  handler: Handler<unknown>;
  queue: Entry[];
  pendingWeight: number;
  active: number;
}

interface Entry {
  message: unknown;
  weight: number;
}

export interface InProcessBusOptions {
  onHandlerError: (topic: Topic, group: string, error: unknown) => void;
  /**
   * Messages of one subscription handled at once (read whenever one finishes); default 1.
   * Above 1 they start in order but may finish out of order.
   */
  concurrency?: (topic: Topic, group: string) => number;
}

/**
 * One FIFO per subscription, handled one message at a time unless `concurrency` says more, so a
 * slow agent never reorders its own input and never blocks the publisher.
 */
export function createInProcessBus(options: InProcessBusOptions): Bus {
  const subscriptions = new Map<Topic, Set<Subscription>>();
  const idleWaiters: (() => void)[] = [];
  let inFlight = 0;

  const settle = (): void => {
    if (inFlight !== 0) return;
    for (const resolve of idleWaiters.splice(0)) resolve();
  };

  const limitOf = (topic: Topic, group: string): number =>
    Math.max(1, options.concurrency?.(topic, group) ?? 1);

  const handle = async (topic: Topic, subscription: Subscription, entry: Entry): Promise<void> => {
    try {
      await subscription.handler(entry.message);
    } catch (error) {
      options.onHandlerError(topic, subscription.group, error);
    } finally {
      inFlight -= 1;
      subscription.pendingWeight -= entry.weight;
      subscription.active -= 1;
    }
    pump(topic, subscription);
    settle();
  };

  const pump = (topic: Topic, subscription: Subscription): void => {
    while (
      subscription.queue.length > 0 &&
      subscription.active < limitOf(topic, subscription.group)
    ) {
      const entry = subscription.queue.shift();
      if (!entry) break;
      subscription.active += 1;
      void handle(topic, subscription, entry);
    }
  };

  return {
    async publish(topic, message, weight = 1) {
      for (const subscription of subscriptions.get(topic) ?? []) {
        inFlight += 1;
        subscription.pendingWeight += weight;
        subscription.queue.push({ message, weight });
        pump(topic, subscription);
      }
    },
    subscribe<T>(topic: Topic, group: string, handler: Handler<T>) {
      const subscription: Subscription = {
        group,
        handler: handler as Handler<unknown>,
        queue: [],
        pendingWeight: 0,
        active: 0,
      };
      const set = subscriptions.get(topic) ?? new Set<Subscription>();
      set.add(subscription);
      subscriptions.set(topic, set);
      return () => {
        set.delete(subscription);
        inFlight -= subscription.queue.length;
        subscription.queue.length = 0;
        settle();
      };
    },
    depth(topic) {
      let deepest = 0;
      for (const subscription of subscriptions.get(topic) ?? [])
        deepest = Math.max(deepest, subscription.pendingWeight);
      return deepest;
    },
    drain() {
      if (inFlight === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    async close() {
      subscriptions.clear();
      inFlight = 0;
      settle();
    },
  };
}
