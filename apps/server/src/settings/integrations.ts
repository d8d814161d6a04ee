import type { AgentId, Integration, IntegrationStatus } from '@vigil/contract';
import { CONFIG_FIELDS } from '../config/schema';
import { maskSecrets } from '../config/secrets';
import { AGENT_IDS, type ConfigValues } from '../config/types';
import type { ConnectionCheck } from '../integrations/bigquery/bigquery-client';
import { isGeminiConfigured } from '../integrations/gemini/gemini-settings';
import { geminiSettingsFrom } from './agent-configs';
import { readValues } from './read-values';

export interface IntegrationFacts {
  values: ConfigValues;
  /** The store this server runs on. */
  storeKind: 'sqlite' | 'postgres';
  /** What the store found short on its server at open (PostgreSQL below postgres.* needs). */
  storeWarnings?: readonly string[];
  /** The Cloud SQL instance the store is dialled through (postgres.connection_name), if any. */
  storeCloudSqlInstance?: string | null;
  /** The last BigQuery connection test of this server, if any. */
  lastBigQueryTest: ConnectionCheck | null;
}

const PREFIXES: Record<Integration['type'], readonly string[]> = {
  otel: ['otel.'],
  gemini: ['rca.gemini.', 'agents.anomaly_detector.gemini.'],
  bigquery: ['bigquery.'],
  postgres: ['postgres.'],
  email: ['collaborator.email_service.'],
};

const NAMES: Record<Integration['type'], string> = {
  otel: 'OpenTelemetry',
  gemini: 'Gemini AI',
  bigquery: 'BigQuery',
  postgres: 'PostgreSQL',
  email: 'Email Service',
};

function configOf(values: ConfigValues, type: Integration['type']): ConfigValues {
  const out: ConfigValues = {};
  for (const field of CONFIG_FIELDS) {
    const value = values[field.path];
    if (value !== undefined && PREFIXES[type].some((prefix) => field.path.startsWith(prefix)))
      out[field.path] = value;
  }
  return maskSecrets(out);
}

interface Verdict {
  status: IntegrationStatus;
  detail: string | null;
  agents: AgentId[];
  used: boolean;
}

const configured = (ok: boolean, missing: string): Pick<Verdict, 'status' | 'detail'> =>
  ok ? { status: 'configured', detail: null } : { status: 'not_configured', detail: missing };

function verdict(type: Integration['type'], facts: IntegrationFacts): Verdict {
  const v = readValues(facts.values);
  switch (type) {
    case 'otel':
      return {
        ...configured(v.string('otel.base_url') !== '', 'otel.base_url is empty'),
        agents: ['traceability'],
        used: true,
      };
    case 'gemini':
      return {
        // The same rule as the client's: without both, nothing calls Gemini.
        ...configured(
          isGeminiConfigured(geminiSettingsFrom(facts.values)),
          'rca.gemini.project and rca.gemini.credentials_path are both needed',
        ),
        agents: ['rca', 'anomaly_detector'],
        used: true,
      };
    case 'bigquery': {
      const writers = AGENT_IDS.filter((id) => v.boolean(`agents.${id}.bigquery.write_enabled`));
      const test = facts.lastBigQueryTest;
      if (test && !test.connected)
        return { status: 'error', detail: test.detail, agents: writers, used: false };
      return {
        ...configured(
          v.string('bigquery.credentials_path') !== '',
          'bigquery.credentials_path is empty',
        ),
        agents: writers,
        used: false,
      };
    }
    case 'postgres': {
      const onPostgres = facts.storeKind === 'postgres';
      const cloudSql = facts.storeCloudSqlInstance ?? null;
      const notes = [
        ...(cloudSql ? [`Cloud SQL instance ${cloudSql}, through the Cloud SQL connector`] : []),
        ...(facts.storeWarnings ?? []),
      ];
      return {
        ...configured(
          onPostgres,
          'This server runs on the embedded SQLite store (database.engine postgres, or --database-url, selects PostgreSQL at the next start)',
        ),
        ...(onPostgres && notes.length > 0 ? { detail: notes.join('; ') } : {}),
        agents: [...AGENT_IDS],
        used: onPostgres,
      };
    }
    case 'email': {
      const key = (name: string): string => `collaborator.email_service.${name}`;
      const ready =
        v.string(key('smtp_server')) !== '' &&
        v.string(key('sender_email')) !== '' &&
        v.list(key('recipients')).length > 0;
      return {
        ...configured(ready, 'SMTP server, sender and at least one recipient are needed'),
        agents: ['collaborator'],
        used: true,
      };
    }
  }
}

/** The Integrations tab: one card per integration, secrets masked. */
export function listIntegrations(facts: IntegrationFacts): Integration[] {
  return (Object.keys(NAMES) as Integration['type'][]).map((type) => {
    const { status, detail, agents, used } = verdict(type, facts);
    return {
      type,
      name: NAMES[type],
      status,
      status_detail: detail,
      agents,
      config: configOf(facts.values, type),
      used_by_deployment: used,
    };
  });
}
