import { z } from 'zod';
import { IsoTimestamp, Severity } from './common';

export const AuditType = z.enum([
  'anomaly_detected',
  'action_executed',
  'incident_opened',
  'incident_closed',
  'config_changed',
  'notification_sent',
  'action_approved',
  'anomaly_feedback',
]);
export type AuditType = z.infer<typeof AuditType>;

export const AuditExecutionStatus = z.enum(['pending', 'running', 'success', 'failed', 'timeout']);
export type AuditExecutionStatus = z.infer<typeof AuditExecutionStatus>;

export const AuditEntry = z.object({
  id: z.string(),
  timestamp: IsoTimestamp,
  type: AuditType,
  description: z.string(),
  severity: Severity,
  incident_id: z.number().int().positive().nullable(),
  anomaly_event_id: z.string().nullable(),
  action_name: z.string().nullable(),
  execution_status: AuditExecutionStatus.nullable(),
  retry_count: z.number().int().nonnegative().nullable(),
  /** Seconds. */
  execution_duration: z.number().nonnegative().nullable(),
  affected_services: z.array(z.string()),
  root_component: z.string().nullable(),
  trace_id: z.string().nullable(),
  triggered_by: z.string(),
  agents_involved: z.array(z.string()),
  error_message: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  /** Hash chain: each entry commits to the one before. */
  prev_hash: z.string(),
  hash: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditTrailQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(10_000).default(20),
  start_date: IsoTimestamp.optional(),
  end_date: IsoTimestamp.optional(),
  event_type: AuditType.optional(),
  severity: Severity.optional(),
  execution_status: AuditExecutionStatus.optional(),
  incident_id: z.coerce.number().int().positive().optional(),
  search: z.string().max(500).optional(),
});
export type AuditTrailQuery = z.infer<typeof AuditTrailQuery>;

export const AuditStats = z.object({
  total_events: z.number().int().nonnegative(),
  incidents_count: z.number().int().nonnegative(),
  executions_count: z.number().int().nonnegative(),
  success_rate: z.number().min(0).max(1),
});
export type AuditStats = z.infer<typeof AuditStats>;

export const AuditStatsQuery = z.object({
  start_date: IsoTimestamp.optional(),
  end_date: IsoTimestamp.optional(),
});
