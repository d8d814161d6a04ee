import type { BusJournalRepository } from '../store/bus-journal-repository';
import type { Bus, Handler, Topic } from './bus';

export interface WriteAheadBusOptions {
  /** Topics whose messages are journaled before `publish` resolves (ingest's record batches). */
  topics: ReadonlySet<Topic>;
  onError: (error: unknown) => void;
  /** How often handled entries are deleted from the journal, in one statement. */
  flushEveryMs?: number;
}

export interface WriteAheadBus extends Bus {
  /** Delivers what a killed process accepted but never finished; call once subscribers are in place. */
  replay(): Promise<number>;
}

interface Journaled {
  seq: number;
  message: unknown;
}

const REPLAY_PAGE = 200;

/**
 * Embedded crash safety: a journaled publish commits the message to the store before it
 * resolves, so an OTLP request answered 200 survives a kill. An entry is deleted once every
 * group subscribed at publish time has handled it; whatever is left at the next start is replayed.
 */
export function createWriteAheadBus(
  inner: Bus,
  journal: BusJournalRepository,
  options: WriteAheadBusOptions,
): WriteAheadBus {
  const groups = new Map<Topic, number>();
  const remaining = new Map<number, number>();
  let handled: number[] = [];
  let flushing: Promise<void> = Promise.resolve();

  const flush = (): Promise<void> => {
    flushing = flushing.then(async () => {
      if (handled.length === 0) return;
      const seqs = handled;
      handled = [];
      await journal.remove(seqs).catch(options.onError);
    });
    return flushing;
  };
  const timer = setInterval(() => void flush(), options.flushEveryMs ?? 250);
  timer.unref();

  const done = (seq: number): void => {
    const left = (remaining.get(seq) ?? 1) - 1;
    if (left > 0) remaining.set(seq, left);
    else {
      remaining.delete(seq);
      handled.push(seq);
    }
  };

  const deliver = async (topic: Topic, seq: number, message: unknown, weight: number) => {
    const subscribers = groups.get(topic) ?? 0;
    if (subscribers === 0) {
      handled.push(seq);
      return;
    }
    remaining.set(seq, subscribers);
    await inner.publish<Journaled>(topic, { seq, message }, weight);
  };

  return {
    async publish(topic, message, weight = 1) {
      if (!options.topics.has(topic)) return inner.publish(topic, message, weight);
      const seq = await journal.append(topic, JSON.stringify(message), weight);
      await deliver(topic, seq, message, weight);
    },
    subscribe<T>(topic: Topic, group: string, handler: Handler<T>) {
      if (!options.topics.has(topic)) return inner.subscribe(topic, group, handler);
      groups.set(topic, (groups.get(topic) ?? 0) + 1);
      const off = inner.subscribe<Journaled>(topic, group, async (entry) => {
        try {
          await handler(entry.message as T);
        } finally {
          // A failed handler is reported by the bus and not retried in-process: replaying it at
          // every start would only repeat the failure.
          done(entry.seq);
        }
      });
      return () => {
        groups.set(topic, (groups.get(topic) ?? 1) - 1);
        off();
      };
    },
    depth: (topic) => inner.depth(topic),
    drain: () => inner.drain(),
    async replay() {
      let after = 0;
      let count = 0;
      for (;;) {
        const page = await journal.list(after, REPLAY_PAGE);
        for (const entry of page) {
          after = entry.seq;
          if (!options.topics.has(entry.topic as Topic)) continue;
          await deliver(entry.topic as Topic, entry.seq, JSON.parse(entry.payload), entry.weight);
          count += 1;
        }
        if (page.length < REPLAY_PAGE) return count;
      }
    },
    async close() {
      clearInterval(timer);
      await flush();
      await inner.close();
    },
  };
}
