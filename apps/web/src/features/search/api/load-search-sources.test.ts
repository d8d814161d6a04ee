import { describe, expect, it } from 'vitest';
import { createApiClient, type FetchLike } from '../../../lib/api-client';
import {
  makeAction,
  makeAgentStatus,
  makeAnomaly,
  makeAuditEntry,
  makeIncident,
  makeNode,
} from '../engine/source-factories';
import { loadSearchSources } from './load-search-sources';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const envelope = (data: unknown) => ({ success: true, data, message: 'OK', timestamp: '' });

/** A server answering every index source, except the paths listed as failing. */
function fakeServer(failing: string[] = []) {
  const urls: string[] = [];
  const fetch: FetchLike = async (input) => {
    urls.push(input);
    const url = new URL(input, 'http://vigil');
    if (failing.some((path) => url.pathname === path)) return json(500, { success: false });
    switch (url.pathname) {
      case '/api/anomalies':
        return json(
          200,
          envelope({
            anomalies:
              url.searchParams.get('group_by_incident') === 'true'
                ? [makeIncident()]
                : [makeAnomaly()],
          }),
        );
      case '/api/executor/actions':
        return json(200, { success: true, actions: [makeAction()], pagination: {} });
      case '/api/architecture/visualization':
        return json(200, envelope({ nodes: [makeNode()] }));
      case '/api/audit/trail':
        return json(200, envelope({ audit_entries: [makeAuditEntry()] }));
      case '/api/settings/agents/status':
        return json(200, envelope({ agents: [makeAgentStatus()] }));
      default:
        return json(404, {});
    }
  };
  const client = createApiClient({ fetch, logFailure: () => undefined });
  return { client, urls };
}

describe('loadSearchSources', () => {
  it('reads every source with the spec query and builds one item per record', async () => {
    const { client, urls } = fakeServer();
    const loaded = await loadSearchSources(client);
    expect(loaded.failedSources).toBe(0);
    expect(loaded.totalSources).toBe(6);
    expect(loaded.items.map((item) => item.type).sort()).toEqual(
      ['action', 'agent', 'anomaly', 'application', 'audit', 'incident'].sort(),
    );
    expect(urls.sort()).toEqual(
      [
        '/api/anomalies?time_filter=30d&page=1&page_size=100&group_by_incident=false',
        '/api/anomalies?time_filter=30d&page=1&page_size=100&group_by_incident=true',
        '/api/executor/actions?limit=1000',
        '/api/architecture/visualization',
        '/api/audit/trail?page_size=100',
        '/api/settings/agents/status',
      ].sort(),
    );
  });

  it('turns a failed source into an empty list and counts it', async () => {
    const { client } = fakeServer(['/api/executor/actions', '/api/audit/trail']);
    const loaded = await loadSearchSources(client);
    expect(loaded.failedSources).toBe(2);
    expect(loaded.items.some((item) => item.type === 'action' || item.type === 'audit')).toBe(
      false,
    );
    expect(loaded.items).toHaveLength(4);
  });
});
