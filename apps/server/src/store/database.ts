import type { ColumnType, Generated } from 'kysely';
import type {
  AnomalyStatus,
  AuditExecutionStatus,
  AuditType,
  ExecutionStatus,
  IncidentStatus,
  Severity,
} from '@vigil/contract';

/** SQLite stores 0/1, PostgreSQL a real boolean; write through `StoreDialect.bool`. */
export type DbBool = ColumnType<number | boolean, number | boolean, number | boolean>;

/** Times are epoch milliseconds; `doc` columns hold JSON text (byte-exact in both dialects). */
export interface AnomaliesTable {
  id: string;
  event_time: number;
  created_at: number;
  severity: Severity;
  status: AnomalyStatus;
  component: string;
  template_id: string | null;
  trace_id: string | null;
  incident_id: number | null;
  is_primary: DbBool;
  score: number;
  message: string;
  env: string;
  layer: string;
  doc: string;
}

export interface IncidentsTable {
  id: Generated<number>;
  status: IncidentStatus;
  opened_at: number;
  updated_at: number;
  closed_at: number | null;
  last_event_time: number;
  root_component: string | null;
  trace_id: string | null;
  count_total: number;
  count_suppressed: number;
  top_event_id: string | null;
  doc: string;
}

export interface TemplatesTable {
  id: string;
  component: string;
  template: string;
  count: number;
  first_seen: number;
  last_seen: number;
  doc: string;
}

export interface ApprovedActionsTable {
  id: string;
  name: string;
  is_active: DbBool;
  created_at: number;
  updated_at: number;
  doc: string;
}

export interface ExecutionsTable {
  id: string;
  action_id: string;
  action_name: string;
  incident_id: number | null;
  anomaly_event_id: string | null;
  status: ExecutionStatus;
  dry_run: DbBool;
  duration_seconds: number | null;
  verification: string;
  created_at: number;
  idempotency_key: string | null;
  doc: string;
}

export interface AuditEntriesTable {
  seq: Generated<number>;
  id: string;
  timestamp: number;
  type: AuditType;
  severity: Severity;
  incident_id: number | null;
  execution_status: AuditExecutionStatus | null;
  search_text: string;
  prev_hash: string;
  hash: string;
  doc: string;
}

/** One row (id 1): the tip of the audit hash chain, locked while appending. */
export interface AuditHeadTable {
  id: number;
  last_hash: string;
  last_seq: number;
}

export interface NotificationsTable {
  id: string;
  channel: 'email' | 'webhook';
  incident_id: number | null;
  status: string;
  attempts: number;
  created_at: number;
  doc: string;
}

export interface ConfigValuesTable {
  key: string;
  value: string;
  updated_at: number;
}

export interface AgentStatusTable {
  agent_id: string;
  worker_id: string;
  status: string;
  last_seen: number | null;
  doc: string;
}

export interface TopologyNodesTable {
  id: string;
  doc: string;
  updated_at: number;
}

export interface TopologyEdgesTable {
  from_node: string;
  to_node: string;
  doc: string;
  updated_at: number;
}

export interface RegisteredServicesTable {
  name: string;
  environment: string;
  doc: string;
  updated_at: number;
}

export interface IngestLogTable {
  id: string;
  processed_at: number;
}

/** Record batches accepted by ingest and not yet handled by every subscriber (embedded write-ahead). */
export interface BusJournalTable {
  seq: Generated<number>;
  topic: string;
  payload: string;
  weight: number;
  created_at: number;
}

/** The real parameters and context of an execution waiting for approval (may hold secrets; never answered). */
export interface ParkedExecutionsTable {
  execution_id: string;
  doc: string;
  parked_at: number;
}

/** An admitted execution's deadline: past it, a pending or running execution was interrupted. */
export interface ExecutionLeasesTable {
  execution_id: string;
  lease_until: number;
}

export interface AgentStateTable {
  key: string;
  value: string;
  updated_at: number;
}

export interface Database {
  agent_state: AgentStateTable;
  anomalies: AnomaliesTable;
  incidents: IncidentsTable;
  templates: TemplatesTable;
  approved_actions: ApprovedActionsTable;
  executions: ExecutionsTable;
  audit_entries: AuditEntriesTable;
  audit_head: AuditHeadTable;
  notifications: NotificationsTable;
  config_values: ConfigValuesTable;
  agent_status: AgentStatusTable;
  topology_nodes: TopologyNodesTable;
  topology_edges: TopologyEdgesTable;
  registered_services: RegisteredServicesTable;
  ingest_log: IngestLogTable;
  bus_journal: BusJournalTable;
  parked_executions: ParkedExecutionsTable;
  execution_leases: ExecutionLeasesTable;
}
