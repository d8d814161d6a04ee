import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

let apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.dispose();
  apps = [];
});

async function start(apiToken: string | null, dataDir?: string) {
  const app = await createTestApp({ apiToken, ...(dataDir ? { dataDir } : {}) });
  apps.push(app);
  return app;
}

const putSetting = (app: TestApp, value: unknown, token?: string) =>
  app.http.inject({
    method: 'PUT',
    url: '/api/settings/agents/orchestrator',
    payload: { 'security.require_api_token': value },
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });

describe('security.require_api_token', () => {
  it('without VIGIL_API_TOKEN: turning it on is refused, since it would lock every writer out', async () => {
    const app = await start(null);
    const refused = await putSetting(app, true);
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain(
      'No API token is configured: set VIGIL_API_TOKEN and restart Vigil before requiring it',
    );
    const read = await app.http.inject({ method: 'GET', url: '/api/settings/agents/orchestrator' });
    expect(JSON.stringify(read.json())).not.toContain('"require_api_token":true');
    expect((await putSetting(app, false)).statusCode).toBe(200);
  });

  it('on from a start that had a token, then restarted without one: writes get a 403 naming the fix', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'vigil-token-'));
    try {
      const withToken = await start('s3cret-token-value', dataDir);
      expect((await putSetting(withToken, true, 's3cret-token-value')).statusCode).toBe(200);
      await withToken.dispose();

      const app = await start(null, dataDir);
      const refused = await putSetting(app, false);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        success: false,
        code: 'AUTH_NOT_CONFIGURED',
        message:
          'security.require_api_token is on but this server has no API token: set VIGIL_API_TOKEN and restart Vigil (reads still work)',
      });
      const ingest = await app.http.inject({
        method: 'POST',
        url: '/v1/logs',
        headers: { 'content-type': 'application/json' },
        payload: { resourceLogs: [] },
      });
      expect(ingest.statusCode).toBe(403);
      const session = await app.http.inject({
        method: 'POST',
        url: '/api/session',
        payload: { token: 'anything' },
      });
      expect(session.statusCode).toBe(403);
      // Reads are never locked: the console still shows why.
      const read = await app.http.inject({
        method: 'GET',
        url: '/api/settings/agents/orchestrator',
      });
      expect(read.statusCode).toBe(200);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('with VIGIL_API_TOKEN: the token is required either way, and accepted', async () => {
    const app = await start('s3cret-token-value');
    expect((await putSetting(app, true)).statusCode).toBe(401);
    expect((await putSetting(app, true, 's3cret-token-value')).statusCode).toBe(200);
    expect((await putSetting(app, false)).statusCode).toBe(401);
    expect((await putSetting(app, false, 's3cret-token-value')).statusCode).toBe(200);
  });
});
