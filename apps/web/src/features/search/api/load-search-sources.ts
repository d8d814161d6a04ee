import type {
  AgentStatus,
  Anomaly,
  ApprovedAction,
  ArchitectureNode,
  AuditEntry,
  IncidentStack,
} from '@vigil/contract';
import type { ApiClient } from '../../../lib/api-client';
import type { LoadedSources } from '../engine/search-engine';
import { buildSearchItems, type SearchSources } from '../engine/source-items';

/** The part of the response envelope the loader reads. */
interface Envelope<T> {
  data: T;
}

const anomaliesQuery = (groupByIncident: boolean) => ({
  time_filter: '30d',
  page: 1,
  page_size: 100,
  group_by_incident: groupByIncident,
});

/** A list, or an empty one when the call fails or answers something else. */
async function listOrEmpty<T>(read: () => Promise<T[] | undefined>): Promise<T[] | null> {
  try {
    const list = await read();
    return Array.isArray(list) ? list : null;
  } catch {
    return null;
  }
}

/**
 * Reads every source of the index (spec part 1 section 7) in parallel. A failed source yields an
 * empty list; the count of failures lets the engine tell a failed refresh from an empty system.
 */
export async function loadSearchSources(client: ApiClient): Promise<LoadedSources> {
  const [anomalies, incidents, actions, applications, auditEntries, agents] = await Promise.all([
    listOrEmpty(
      async () =>
        (
          await client.get<Envelope<{ anomalies: Anomaly[] }>>('/api/anomalies', {
            query: anomaliesQuery(false),
          })
        ).data.anomalies,
    ),
    listOrEmpty(
      async () =>
        (
          await client.get<Envelope<{ anomalies: IncidentStack[] }>>('/api/anomalies', {
            query: anomaliesQuery(true),
          })
        ).data.anomalies,
    ),
    listOrEmpty(
      async () =>
        (
          await client.get<{ actions: ApprovedAction[] }>('/api/executor/actions', {
            query: { limit: 1000 },
          })
        ).actions,
    ),
    listOrEmpty(
      async () =>
        (
          await client.get<Envelope<{ nodes: ArchitectureNode[] }>>(
            '/api/architecture/visualization',
          )
        ).data.nodes,
    ),
    listOrEmpty(
      async () =>
        (
          await client.get<Envelope<{ audit_entries: AuditEntry[] }>>('/api/audit/trail', {
            query: { page_size: 100 },
          })
        ).data.audit_entries,
    ),
    listOrEmpty(
      async () =>
        (await client.get<Envelope<{ agents: AgentStatus[] }>>('/api/settings/agents/status')).data
          .agents,
    ),
  ]);
  const lists = [anomalies, incidents, actions, applications, auditEntries, agents];
  const sources: SearchSources = {
    anomalies: anomalies ?? [],
    incidents: incidents ?? [],
    actions: actions ?? [],
    applications: applications ?? [],
    auditEntries: auditEntries ?? [],
    agents: agents ?? [],
  };
  return {
    items: buildSearchItems(sources),
    failedSources: lists.filter((list) => list === null).length,
    totalSources: lists.length,
  };
}
