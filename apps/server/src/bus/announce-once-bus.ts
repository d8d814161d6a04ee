import type { Bus } from './bus';
import type { AnomaliesDetected } from './messages';

const REMEMBERED = 100_000;

/**
 * A record delivered twice before its anomaly is placed (a client retry, a replay) would be
 * announced twice; the orchestrator must see each anomaly once. Remembers the last announced ids
 * (bounded) and drops repeats. Across processes the NATS bus does the same with message ids.
 */
export function announceOnce(inner: Bus): Bus {
  const announced = new Set<string>();
  const remember = (id: string): void => {
    announced.add(id);
    if (announced.size > REMEMBERED) {
      const oldest = announced.values().next();
      if (!oldest.done) announced.delete(oldest.value);
    }
  };
  return {
    publish: async (topic, message, weight) => {
      if (topic !== 'anomalies.detected') return inner.publish(topic, message, weight);
      const detected = message as AnomaliesDetected;
      const items = detected.items.filter((item) => !announced.has(item.anomaly.id));
      if (items.length === 0) return;
      for (const item of items) remember(item.anomaly.id);
      await inner.publish<AnomaliesDetected>(topic, { ...detected, items }, items.length);
    },
    subscribe: (topic, group, handler) => inner.subscribe(topic, group, handler),
    depth: (topic) => inner.depth(topic),
    drain: () => inner.drain(),
    close: () => inner.close(),
  };
}
