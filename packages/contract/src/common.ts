import { z } from 'zod';

// The console runs under a CSP without 'unsafe-eval', which zod's JIT probe would trip; the server keeps the JIT.
z.config({ jitless: 'document' in globalThis });

/** Every timestamp in the API is ISO 8601 UTC. */
export const IsoTimestamp = z.iso.datetime({ offset: true });

export const Severity = z.enum(['low', 'medium', 'high', 'critical']);
export type Severity = z.infer<typeof Severity>;

export const AGENT_IDS = [
  'orchestrator',
  'anomaly_detector',
  'traceability',
  'remediation',
  'rca',
  'executor',
  'collaborator',
] as const;
export const AgentId = z.enum(AGENT_IDS);
export type AgentId = z.infer<typeof AgentId>;

export const AGENT_DISPLAY_NAMES: Record<AgentId, string> = {
  orchestrator: 'Orchestrator',
  anomaly_detector: 'Anomaly Detector',
  traceability: 'Traceability',
  rca: 'Root Cause Analysis',
  remediation: 'Remediation',
  executor: 'Executor',
  collaborator: 'Collaborator',
};

/** `1w` = `7d`, `1m` = `30d`, `3m` = `90d` (ARCHITECTURE.md, fixed decisions). */
export const TIME_FILTER_SECONDS = {
  '1h': 3_600,
  '2h': 7_200,
  '6h': 21_600,
  '12h': 43_200,
  '24h': 86_400,
  '7d': 604_800,
  '30d': 2_592_000,
  '1w': 604_800,
  '1m': 2_592_000,
  '3m': 7_776_000,
  all: null,
} as const satisfies Record<string, number | null>;
export const TimeFilter = z.enum(
  Object.keys(TIME_FILTER_SECONDS) as [
    keyof typeof TIME_FILTER_SECONDS,
    ...(keyof typeof TIME_FILTER_SECONDS)[],
  ],
);
export type TimeFilter = z.infer<typeof TimeFilter>;

/** Query-string booleans arrive as text. */
export const QueryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === '1');

export const SourceAgent = z.object({ name: z.string(), version: z.string() });
export type SourceAgent = z.infer<typeof SourceAgent>;
