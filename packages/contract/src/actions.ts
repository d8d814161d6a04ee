import { z } from 'zod';
import { IsoTimestamp, QueryBoolean } from './common';

export const HttpMethod = z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

export const TemplateCommand = z.object({
  method: HttpMethod.default('POST'),
  url: z.string().min(1).max(4_096),
  headers: z.record(z.string(), z.string()).default({}),
  body: z.unknown().optional(),
  timeout: z.number().int().min(1).max(3_600).optional(),
});
export type TemplateCommand = z.infer<typeof TemplateCommand>;

/** Known safety constraints; operators may add their own keys, kept as written. */
export const SafetyConstraints = z.looseObject({
  business_hours_only: z.boolean().optional(),
  max_concurrent_limit: z.number().int().min(1).max(100).optional(),
  rate_limit_window_minutes: z.number().int().min(1).max(1_440).optional(),
  max_executions: z.number().int().min(1).max(10_000).optional(),
  cooldown_seconds: z.number().int().min(0).max(86_400).optional(),
  requires_approval: z.boolean().optional(),
});
export type SafetyConstraints = z.infer<typeof SafetyConstraints>;

/** Parameter name to its description (free-form: the spec shows them as JSON objects). */
export const ParameterMap = z.record(z.string(), z.unknown());

export const ApprovedActionInput = z.object({
  name: z.string().trim().min(1).max(200),
  description: z.string().max(4_000).default(''),
  template_command: TemplateCommand,
  tags: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
  keywords: z.array(z.string().trim().min(1).max(100)).max(100).default([]),
  max_retries: z.number().int().min(0).max(10).default(3),
  timeout_seconds: z.number().int().min(1).max(3_600).default(300),
  required_parameters: ParameterMap.default({}),
  optional_parameters: ParameterMap.default({}),
  safety_constraints: SafetyConstraints.default({}),
  is_active: z.boolean().default(true),
});
export type ApprovedActionInput = z.input<typeof ApprovedActionInput>;

export const ApprovedAction = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  template_command: TemplateCommand,
  tags: z.array(z.string()),
  keywords: z.array(z.string()),
  max_retries: z.number().int(),
  timeout_seconds: z.number().int(),
  required_parameters: ParameterMap,
  optional_parameters: ParameterMap,
  safety_constraints: SafetyConstraints,
  is_active: z.boolean(),
  created_at: IsoTimestamp,
  updated_at: IsoTimestamp,
});
export type ApprovedAction = z.infer<typeof ApprovedAction>;

export const ActionListQuery = z.object({
  active_only: QueryBoolean.default(false),
  tags: z
    .union([z.string(), z.array(z.string())])
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .optional(),
  limit: z.coerce.number().int().min(1).max(1_000).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});

export const ActionListBody = z.object({
  success: z.literal(true),
  actions: z.array(ApprovedAction),
  pagination: z.object({
    total: z.number().int().nonnegative(),
    limit: z.number().int().positive(),
    offset: z.number().int().nonnegative(),
  }),
});

export const ExecutionStatus = z.enum([
  'pending_approval',
  'pending',
  'running',
  'success',
  'failed',
  'timeout',
  'rejected',
]);
export type ExecutionStatus = z.infer<typeof ExecutionStatus>;

export const RenderedRequest = z.object({
  method: HttpMethod,
  url: z.string(),
  headers: z.record(z.string(), z.string()),
  body: z.string().nullable(),
  timeout_seconds: z.number(),
});
export type RenderedRequest = z.infer<typeof RenderedRequest>;

export const Execution = z.object({
  id: z.string(),
  action_id: z.string(),
  action_name: z.string(),
  incident_id: z.number().int().positive().nullable(),
  anomaly_event_id: z.string().nullable(),
  status: ExecutionStatus,
  dry_run: z.boolean(),
  /** The request as sent (or as it would be sent), secrets masked. */
  request: RenderedRequest.nullable(),
  response_status: z.number().int().nullable(),
  retry_count: z.number().int().nonnegative(),
  duration_seconds: z.number().nonnegative().nullable(),
  error_message: z.string().nullable(),
  triggered_by: z.string(),
  approved_by: z.string().nullable(),
  verification: z.enum(['pending', 'recovered', 'not_recovered', 'not_applicable']),
  created_at: IsoTimestamp,
  started_at: IsoTimestamp.nullable(),
  finished_at: IsoTimestamp.nullable(),
});
export type Execution = z.infer<typeof Execution>;

export const ExecutionListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1_000).default(50),
  anomaly_event_id: z.string().optional(),
  action_id: z.string().optional(),
  status: ExecutionStatus.optional(),
});

export const ExecutionListBody = z.object({
  success: z.literal(true),
  executions: z.array(Execution),
  total_count: z.number().int().nonnegative(),
});

export const ExecuteRequest = z.object({
  action_id: z.string().min(1),
  parameters: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).default({}),
  incident_id: z.number().int().positive().optional(),
  anomaly_event_id: z.string().optional(),
  dry_run: z.boolean().optional(),
});
export type ExecuteRequest = z.input<typeof ExecuteRequest>;

export const GenerateTemplateRequest = z
  .object({
    description: z.string().max(4_000).optional(),
    incident_id: z.number().int().positive().optional(),
  })
  .refine((body) => body.description !== undefined || body.incident_id !== undefined, {
    message: 'Give a description or an incident_id',
  });

export const ServiceRegistration = z.object({
  name: z.string().trim().min(1).max(200),
  environment: z.string().trim().min(1).max(100).default('production'),
  base_url: z.url({ protocol: /^https?$/ }),
  health_path: z.string().startsWith('/').default('/health'),
});
export type ServiceRegistration = z.input<typeof ServiceRegistration>;

export const ServiceHealth = z.object({
  name: z.string(),
  environment: z.string(),
  base_url: z.string(),
  status: z.enum(['healthy', 'unhealthy', 'refused']),
  latency_ms: z.number().nonnegative().nullable(),
  http_status: z.number().int().nullable(),
  error: z.string().nullable(),
  checked_at: IsoTimestamp,
});

export const ActionStats = z.object({
  action_id: z.string(),
  action_name: z.string(),
  runs: z.number().int().nonnegative(),
  successes: z.number().int().nonnegative(),
  success_rate: z.number().min(0).max(1),
  mean_duration_seconds: z.number().nonnegative().nullable(),
  verifications: z.object({
    recovered: z.number().int().nonnegative(),
    not_recovered: z.number().int().nonnegative(),
  }),
});

export const ExecutorHealth = z.object({
  enabled: z.boolean(),
  kill_switch: z.boolean(),
  auto_execute: z.boolean(),
  running: z.number().int().nonnegative(),
  queued: z.number().int().nonnegative(),
  pending_approval: z.number().int().nonnegative(),
});
