/**
 * Agents meet on the bus and never import each other. Topics are named in ARCHITECTURE.md;
 * the message types live with the agents that publish them.
 */
export type Topic =
  | 'records.logs'
  | 'records.spans'
  | 'records.metrics'
  | 'anomalies.detected'
  | 'incidents.changed'
  | 'analysis.ready'
  | 'executions.changed'
  | 'config.changed';

export type Handler<T> = (message: T) => Promise<void> | void;

export interface Bus {
  publish<T>(topic: Topic, message: T): Promise<void>;
  /** Returns a function that removes the subscription. */
  subscribe<T>(topic: Topic, group: string, handler: Handler<T>): () => void;
  /** Messages published but not yet handled, per topic. */
  depth(topic: Topic): number;
  /** Resolves when every message published so far has been handled (tests, shutdown). */
  drain(): Promise<void>;
  close(): Promise<void>;
}
