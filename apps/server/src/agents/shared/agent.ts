import type { AgentId } from '@vigil/contract';
import type { Bus } from '../../bus/bus';
import type { Clock } from '../../shared/clock';
import type { Store } from '../../store/create-store';

/** What every agent gets: the bus to meet others on, the store, a clock and a logger. */
export interface AgentContext {
  bus: Bus;
  store: Store;
  clock: Clock;
  log: AgentLog;
}

export interface AgentLog {
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** The one small face of every agent (ARCHITECTURE.md). */
export interface Agent {
  readonly id: AgentId;
  start(ctx: AgentContext): Promise<void>;
  stop(): Promise<void>;
}
