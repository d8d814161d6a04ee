import type { JetStreamManager } from '@nats-io/jetstream';
import type { Topic } from '../bus';
import type { NatsBusConfig } from './nats-bus-config';
import { groupOfConsumer, streamName } from './subjects';

export interface DepthGauge {
  /** Starts polling the backlog of a topic's consumers. */
  watch(topic: Topic): void;
  /** Counts a published message's weight, to turn pending messages into pending records. */
  published(topic: Topic, weight: number): void;
  /** The slowest group's backlog, in weight (records), as last polled. */
  depth(topic: Topic): number;
  stop(): void;
}

/**
 * `Bus.depth` is synchronous; JetStream knows the backlog per consumer (pending plus
 * unacknowledged messages). A poller (every `pollMs`) keeps the last figure, converted from messages to records
 * with the mean weight of the messages this process published on the topic.
 */
export function createDepthGauge(options: {
  jsm: JetStreamManager;
  config: NatsBusConfig;
  /** Read after every poll: a changed interval applies from the next one. */
  pollMs: () => number;
  onError: (error: unknown) => void;
}): DepthGauge {
  const watched = new Set<Topic>();
  const backlog = new Map<Topic, number>();
  const weights = new Map<Topic, { messages: number; weight: number }>();
  let polling = false;

  const meanWeight = (topic: Topic): number => {
    const seen = weights.get(topic);
    return seen && seen.messages > 0 ? seen.weight / seen.messages : 1;
  };

  const poll = async (): Promise<void> => {
    if (polling) return;
    polling = true;
    try {
      for (const topic of watched) {
        const perGroup = new Map<string, number>();
        const lister = options.jsm.consumers.list(streamName(options.config.prefix, topic));
        for await (const info of lister) {
          const group = groupOfConsumer(info.name);
          perGroup.set(group, (perGroup.get(group) ?? 0) + info.num_pending + info.num_ack_pending);
        }
        backlog.set(topic, Math.max(0, ...perGroup.values()));
      }
    } catch (error) {
      options.onError(error);
    } finally {
      polling = false;
    }
  };

  let timer: NodeJS.Timeout | null = null;
  const schedule = (): void => {
    timer = setTimeout(() => {
      void poll().finally(() => {
        if (timer) schedule();
      });
    }, options.pollMs());
    timer.unref();
  };
  schedule();

  return {
    watch(topic) {
      if (watched.has(topic)) return;
      watched.add(topic);
      void poll();
    },
    published(topic, weight) {
      const seen = weights.get(topic) ?? { messages: 0, weight: 0 };
      seen.messages += 1;
      seen.weight += weight;
      weights.set(topic, seen);
    },
    depth: (topic) => Math.round((backlog.get(topic) ?? 0) * meanWeight(topic)),
    stop: () => {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
