import { afterEach, describe, expect, it } from 'vitest';
import { AgentsMap, envelope } from '@vigil/contract';
import { createTestApp, type TestApp } from '../testing/test-app';
import { reachableHost, urlHost } from './reachable-host';

const Agents = envelope(AgentsMap);

describe('reachable host', () => {
  it('keeps a concrete bind host and replaces a wildcard with the default host', () => {
    expect(reachableHost('127.0.0.2', 'vigil.internal')).toBe('127.0.0.2');
    expect(reachableHost('0.0.0.0', 'vigil.internal')).toBe('vigil.internal');
    expect(reachableHost('::', '10.0.0.5')).toBe('10.0.0.5');
  });

  it('brackets IPv6 literals once', () => {
    expect(urlHost('::1')).toBe('[::1]');
    expect(urlHost('[::1]')).toBe('[::1]');
    expect(urlHost('example.com')).toBe('example.com');
  });
});

describe('network.default_host in the URLs of local agents', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.dispose();
  });
  const agentUrl = async (app: TestApp): Promise<string | undefined> => {
    const response = await app.http.inject({ method: 'GET', url: '/api/agents' });
    return Agents.parse(response.json()).data.orchestrator?.url;
  };

  it('stands in for a wildcard bind, live from the next listing', async () => {
    const app = await createTestApp({ bindHost: '0.0.0.0', apiToken: null });
    apps.push(app);
    expect(await agentUrl(app)).toBe('http://127.0.0.1:8080');
    const saved = await app.http.inject({
      method: 'PUT',
      url: '/api/settings/global',
      payload: { 'network.default_host': 'vigil.internal' },
    });
    expect(saved.statusCode).toBe(200);
    expect(await agentUrl(app)).toBe('http://vigil.internal:8080');
  });

  it('does not replace a concrete bind host', async () => {
    const app = await createTestApp({ bindHost: '127.0.0.2' });
    apps.push(app);
    await app.config.save({
      changes: { 'network.default_host': 'vigil.internal' },
      scope: 'global',
    });
    expect(await agentUrl(app)).toBe('http://127.0.0.2:8080');
  });
});
