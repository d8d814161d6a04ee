import type { Bus, Handler, Topic } from './bus';

interface Subscription {
  group: string;
  handler: Handler<unknown>;
  queue: unknown[];
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
      const message = subscription.queue.shift();
      try {
        await subscription.handler(message);
      } catch (error) {
        options.onHandlerError(topic, subscription.group, error);
      } finally {
        inFlight -= 1;
      }
    }
    subscription.running = false;
    settle();
  };

  return {
    async publish(topic, message) {
      for (const subscription of subscriptions.get(topic) ?? []) {
        inFlight += 1;
        subscription.queue.push(message);
        void pump(topic, subscription);
      }
    },
    subscribe<T>(topic: Topic, group: string, handler: Handler<T>) {
      const subscription: Subscription = { group, handler: handler as Handler<unknown>, queue: [], running: false };
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
      let total = 0;
      for (const subscription of subscriptions.get(topic) ?? []) total += subscription.queue.length;
      return total;
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
