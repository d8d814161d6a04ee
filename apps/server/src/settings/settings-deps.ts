import type { AgentRegistry } from '../agents/shared/agent-registry';
import type { ConnectionCheck } from '../integrations/bigquery/bigquery-client';
import type { AgentRestarter } from './agent-restarter';
import type { ConfigService } from './config-service';

/** What the settings routes need beyond the common route deps. */
export interface SettingsDeps {
  config: ConfigService;
  restarter: AgentRestarter;
  agents: AgentRegistry;
  storeKind: 'sqlite' | 'postgres';
  /** The store's warnings about its server, shown on the PostgreSQL card. */
  storeWarnings: readonly string[];
  /** The Cloud SQL instance the store is dialled through, shown on the PostgreSQL card. */
  storeCloudSqlInstance?: string | null;
  /** Runs the BigQuery connection test with the current settings. */
  testBigQuery(): Promise<ConnectionCheck>;
  lastBigQueryTest(): ConnectionCheck | null;
}
