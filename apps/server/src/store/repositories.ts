import type { Kysely } from 'kysely';
import type { Clock } from '../shared/clock';
import { createActionsRepository, type ActionsRepository } from './actions-repository';
import { createAgentStateRepository, type AgentStateRepository } from './agent-state-repository';
import { createAgentStatusRepository, type AgentStatusRepository } from './agent-status-repository';
import { createAnomaliesRepository, type AnomaliesRepository } from './anomalies-repository';
import { createBusJournalRepository, type BusJournalRepository } from './bus-journal-repository';
import { createAuditRepository, type AuditRepository } from './audit-repository';
import { createConfigRepository, type ConfigRepository } from './config-repository';
import type { Database } from './database';
import type { StoreDialect } from './dialect';
import { createExecutionsRepository, type ExecutionsRepository } from './executions-repository';
import { createIncidentsRepository, type IncidentsRepository } from './incidents-repository';
import {
  createNotificationsRepository,
  type NotificationsRepository,
} from './notifications-repository';
import {
  createProcessedRecordsRepository,
  type ProcessedRecordsRepository,
} from './processed-records-repository';
import {
  createParkedExecutionsRepository,
  type ParkedExecutionsRepository,
} from './parked-executions-repository';
import { createServicesRepository, type ServicesRepository } from './services-repository';
import { createTemplatesRepository, type TemplatesRepository } from './templates-repository';
import { createTopologyRepository, type TopologyRepository } from './topology-repository';

export interface Repositories {
  anomalies: AnomaliesRepository;
  incidents: IncidentsRepository;
  templates: TemplatesRepository;
  actions: ActionsRepository;
  executions: ExecutionsRepository;
  audit: AuditRepository;
  config: ConfigRepository;
  agentStatus: AgentStatusRepository;
  agentState: AgentStateRepository;
  topology: TopologyRepository;
  notifications: NotificationsRepository;
  services: ServicesRepository;
  processedRecords: ProcessedRecordsRepository;
  busJournal: BusJournalRepository;
  parkedExecutions: ParkedExecutionsRepository;
}

/** The same repositories over the store's connection or over one transaction. */
export function createRepositories(
  db: Kysely<Database>,
  dialect: StoreDialect,
  clock: Clock,
): Repositories {
  return {
    anomalies: createAnomaliesRepository(db, dialect),
    incidents: createIncidentsRepository(db, dialect),
    templates: createTemplatesRepository(db, dialect),
    actions: createActionsRepository(db, dialect),
    executions: createExecutionsRepository(db, dialect),
    audit: createAuditRepository(db, dialect, clock),
    config: createConfigRepository(db, clock),
    agentStatus: createAgentStatusRepository(db),
    agentState: createAgentStateRepository(db, clock),
    topology: createTopologyRepository(db),
    notifications: createNotificationsRepository(db, dialect),
    services: createServicesRepository(db),
    processedRecords: createProcessedRecordsRepository(db, clock),
    busJournal: createBusJournalRepository(db, clock),
    parkedExecutions: createParkedExecutionsRepository(db),
  };
}
