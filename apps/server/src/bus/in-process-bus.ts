import type { Bus, Handler, Topic } from './bus';

interface Subscription {
  group: string;
  handler: Handler<unknown>;
  queue: { message: unknown; weight: number }[];
  pendingWeight: number;
  running: boolean;
}

export interface InProcessBusOptions {
  onHandlerError: (topic: Topic, group: string, error: unknown) => void;
}

/**
 * One FIFO per subscription, handled one message at a time, so a slow agent never reorders its
 * own input and never blocks the publisher.
 */
export function createInProcessBus(options: InProcessBusOptions): Bus {
  const subscriptions = new Map<Topic, Set<Subscription>>();
  const idleWaiters: (() => void)[] = [];
  let inFlight = 0;

  const settle = (): void => {
    if (inFlight !== 0) return;
    for (const resolve of idleWaiters.splice(0)) resolve();
  };

  const pump = async (topic: Topic, subscription: Subscription): Promise<void> => {
    if (subscription.running) return;
    subscription.running = true;
    while (subscription.queue.length > 0) {
      const entry = subscription.queue.shift();
      if (!entry) break;
      try {
        await subscription.handler(entry.message);
      } catch (error) {
        options.onHandlerError(topic, subscription.group, error);
      } finally {
        inFlight -= 1;
        subscription.pendingWeight -= entry.weight;
      }
    }
    subscription.running = false;
    settle();
  };

  return {
    async publish(topic, message, weight = 1) {
      for (const subscription of subscriptions.get(topic) ?? []) {
        inFlight += 1;
        subscription.pendingWeight += weight;
        subscription.queue.push({ message, weight });
        void pump(topic, subscription);
      }
    },
    subscribe<T>(topic: Topic, group: string, handler: Handler<T>) {
      const subscription: Subscription = {
        group,
        handler: handler as Handler<unknown>,
        queue: [],
        pendingWeight: 0,
        running: false,
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
