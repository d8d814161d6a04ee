import { z } from 'zod';
import { AgentId, IsoTimestamp } from './common';

/** Live health as an agent loop reports it. `warning` is a slow but running loop. */
export const AgentHealth = z.enum(['healthy', 'warning', 'unhealthy', 'offline', 'unknown']);
export type AgentHealth = z.infer<typeof AgentHealth>;

export const AgentWorker = z.object({
  id: z.string(),
  url: z.string(),
  port: z.number().int().nullable(),
  status: AgentHealth,
  last_seen: IsoTimestamp.nullable(),
});
export type AgentWorker = z.infer<typeof AgentWorker>;

/** One entry of `GET /api/agents` (a map keyed by agent name). */
export const AgentInfo = z.object({
  name: z.string(),
  status: AgentHealth,
  url: z.string(),
  port: z.number().int().nullable(),
  description: z.string(),
  last_seen: IsoTimestamp.nullable(),
  processed: z.number().int().nonnegative(),
  queue_depth: z.number().int().nonnegative(),
  last_error: z.string().nullable(),
  workers: z.array(AgentWorker),
});
export type AgentInfo = z.infer<typeof AgentInfo>;

export const AgentsMap = z.record(AgentId, AgentInfo);
export type AgentsMap = z.infer<typeof AgentsMap>;

/** `GET /api/settings/agents/status` items (spec part 2). */
export const AgentStatus = z.object({
  agent_id: AgentId,
  name: z.string(),
  status: z.enum(['healthy', 'unhealthy', 'offline', 'unknown']),
  url: z.string(),
  last_seen: IsoTimestamp.nullable(),
  restart_available: z.boolean(),
});
export type AgentStatus = z.infer<typeof AgentStatus>;

export const DashboardOverview = z.object({
  agents_healthy: z.number().int().nonnegative(),
  agents_total: z.number().int().nonnegative(),
  open_incidents: z.number().int().nonnegative(),
  anomalies_24h: z.number().int().nonnegative(),
  nodes: z.number().int().nonnegative(),
  /** Records per second over the last minute. */
  ingest_rate: z.number().nonnegative(),
});
export type DashboardOverview = z.infer<typeof DashboardOverview>;

/** `GET /api/vigil/status`: the flags are fields of the body itself, not of `data`. */
export const ProductStatus = z.object({
  success: z.literal(true),
  vigil_agents_running: z.boolean(),
  orbit_agents_running: z.boolean(),
  status: z.enum(['online', 'degraded', 'offline']),
  timestamp: IsoTimestamp,
});
export type ProductStatus = z.infer<typeof ProductStatus>;

export const RestartAgentRequest = z.object({
  agent_id: AgentId.optional(),
  force: z.boolean().default(false),
});

export const SessionRequest = z.object({ token: z.string().min(1).max(4_096) });
export const SessionResponse = z.object({
  token: z.string(),
  expires_at: IsoTimestamp,
});
export type SessionResponse = z.infer<typeof SessionResponse>;
