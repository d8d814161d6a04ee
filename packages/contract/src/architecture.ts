import { z } from 'zod';

export const NodeStatus = z.enum(['healthy', 'degraded', 'unhealthy', 'unknown']);
export type NodeStatus = z.infer<typeof NodeStatus>;

/** The spec's layer order for auto grouping. */
export const LAYERS = [
  'frontend',
  'api_gateway',
  'auth_security',
  'backend',
  'queues',
  'database',
  'cache',
  'storage',
  'orchestration',
  'monitoring',
  'ungrouped',
] as const;
export const Layer = z.enum(LAYERS);
export type Layer = z.infer<typeof Layer>;

export const NodeMetrics = z.object({
  /** Requests per second over the sliding window. */
  request_rate: z.number().nonnegative(),
  /** Percent of failed requests. */
  error_rate: z.number().min(0).max(100),
  /** p50 in milliseconds. */
  response_time: z.number().nonnegative(),
  response_time_p95: z.number().nonnegative(),
  response_time_p99: z.number().nonnegative(),
  cpu_usage: z.number().min(0).max(100).nullable(),
  memory_usage: z.number().min(0).max(100).nullable(),
  availability: z.number().min(0).max(100),
});
export type NodeMetrics = z.infer<typeof NodeMetrics>;

export const ArchitectureNode = z.object({
  id: z.string(),
  label: z.string(),
  name: z.string(),
  group: z.string(),
  type: z.string(),
  layer: Layer,
  status: NodeStatus,
  health_score: z.number().min(0).max(1),
  environment: z.string(),
  namespace: z.string(),
  tags: z.record(z.string(), z.string()),
  metrics: NodeMetrics,
  source: z.enum(['observed', 'declared', 'both']),
});
export type ArchitectureNode = z.infer<typeof ArchitectureNode>;

export const ArchitectureEdge = z.object({
  from: z.string(),
  to: z.string(),
  request_rate: z.number().nonnegative(),
  error_rate: z.number().min(0).max(100),
});
export type ArchitectureEdge = z.infer<typeof ArchitectureEdge>;

export const ArchitectureGroup = z.object({
  id: z.string(),
  label: z.string(),
  nodes: z.array(z.string()),
});
export type ArchitectureGroup = z.infer<typeof ArchitectureGroup>;

export const GroupingStrategy = z.enum([
  'auto',
  'attribute_based',
  'similarity_clustering',
  'rule_based',
  'hybrid',
]);
export type GroupingStrategy = z.infer<typeof GroupingStrategy>;

export const ArchitectureGraph = z.object({
  nodes: z.array(ArchitectureNode),
  edges: z.array(ArchitectureEdge),
  groups: z.array(ArchitectureGroup),
  grouping_metadata: z.object({
    strategy_used: GroupingStrategy.exclude(['auto']),
    groups_created: z.number().int().nonnegative(),
    dimension: z.string(),
  }),
});
export type ArchitectureGraph = z.infer<typeof ArchitectureGraph>;

export const ArchitectureQuery = z.object({
  grouping_strategy: GroupingStrategy.default('auto'),
  grouping_dimension: z.string().min(1).max(100).default('layer'),
});

export const ArchitectureMetrics = z.record(
  z.string(),
  z.object({ cpu_usage: z.number().nullable(), memory_usage: z.number().nullable() }),
);
export type ArchitectureMetrics = z.infer<typeof ArchitectureMetrics>;
