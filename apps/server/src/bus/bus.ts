/**
 * Agents meet on the bus and never import each other. Topics are named in ARCHITECTURE.md;
 * the message types live with the agents that publish them.
 */
export type Topic =
  | 'records.logs'
  | 'records.spans'
  | 'records.metrics'
  | 'anomalies.detected'
  | 'anomalies.feedback'
  | 'incidents.changed'
  | 'analysis.ready'
  | 'executions.changed'
  | 'notifications.sent'
  | 'config.changed';

export type Handler<T> = (message: T) => Promise<void> | void;

export interface Bus {
  /** `weight` is what the message counts for in `depth` (a batch of records weighs its length). */
  publish<T>(topic: Topic, message: T, weight?: number): Promise<void>;
  /** Returns a function that removes the subscription. */
  subscribe<T>(topic: Topic, group: string, handler: Handler<T>): () => void;
  /** Weight published but not yet handled, per topic, for its slowest subscriber: the backlog. */
  depth(topic: Topic): number;
  /** Resolves when every message published so far has been handled (tests, shutdown). */
  drain(): Promise<void>;
  close(): Promise<void>;
}
