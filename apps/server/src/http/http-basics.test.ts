import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '@vigil/contract';
import { createTestApp, type TestApp } from '../testing/test-app';

describe('HTTP basics', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.dispose());

  it('answers /healthz and /metrics', async () => {
    const health = await app.http.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok' });
    const metrics = await app.http.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers['content-type']).toContain('text/plain');
    expect(metrics.body).toContain('vigil_http_requests_total{method="GET",status="2xx"}');
  });

  it('sends the security headers and no CORS', async () => {
    const response = await app.http.inject({
      method: 'GET',
      url: '/api/settings/',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers an unknown /api route with a 404 error body', async () => {
    const response = await app.http.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    const body = ErrorBody.parse(response.json());
    expect(body.code).toBe('ROUTE_NOT_FOUND');
    expect(body.detail).toContain('/api/no-such-thing');
  });

  it('refuses malformed JSON with a 400 naming the problem', async () => {
    const response = await app.http.inject({
      method: 'POST',
      url: '/api/session',
      headers: { 'content-type': 'application/json' },
      payload: '{"token": ',
    });
    expect(response.statusCode).toBe(400);
    const body = ErrorBody.parse(response.json());
    expect(body.code).toBe('INVALID_JSON');
    expect(body.message).toMatch(/JSON/);
  });

  it('accepts a JSON POST with an empty body and validates it as {}', async () => {
    const response = await app.http.inject({
      method: 'POST',
      url: '/api/session',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(400);
    const body = ErrorBody.parse(response.json());
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.errors?.map((issue) => issue.path)).toEqual(['token']);
  });

  it('refuses prototype poisoning', async () => {
    const response = await app.http.inject({
      method: 'POST',
      url: '/api/session',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__": {"polluted": true}, "token": "x"}',
    });
    expect(response.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a body over the /api limit with 413', async () => {
    const response = await app.http.inject({
      method: 'POST',
      url: '/api/session',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ token: 'x'.repeat(2_000_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(ErrorBody.parse(response.json()).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses a Host header from elsewhere (DNS rebinding)', async () => {
    const response = await app.http.inject({
      method: 'GET',
      url: '/api/settings/',
      headers: { host: 'attacker.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(ErrorBody.parse(response.json()).code).toBe('HOST_NOT_ALLOWED');
  });

  it('has no session endpoint to speak of without a token', async () => {
    const response = await app.http.inject({
      method: 'POST',
      url: '/api/session',
      payload: { token: 'x' },
    });
    expect(response.statusCode).toBe(404);
    expect(ErrorBody.parse(response.json()).code).toBe('AUTH_NOT_ENABLED');
  });
});

describe('HTTP with VIGIL_API_TOKEN', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ apiToken: 'the-token' });
  });
  afterAll(() => app.dispose());

  it('keeps reads open and requires the token for mutating and ingest calls', async () => {
    expect((await app.http.inject({ method: 'GET', url: '/api/settings/' })).statusCode).toBe(200);
    const mutating = await app.http.inject({ method: 'POST', url: '/api/anything', payload: {} });
    expect(mutating.statusCode).toBe(401);
    expect(ErrorBody.parse(mutating.json()).code).toBe('AUTH_REQUIRED');
    const ingest = await app.http.inject({ method: 'POST', url: '/v1/logs', payload: {} });
    expect(ingest.statusCode).toBe(401);
    const wrong = await app.http.inject({
      method: 'POST',
      url: '/api/anything',
      payload: {},
      headers: { authorization: 'Bearer nope' },
    });
    expect(wrong.statusCode).toBe(401);
    const withToken = await app.http.inject({
      method: 'POST',
      url: '/api/anything',
      payload: {},
      headers: { authorization: 'Bearer the-token' },
    });
    expect(withToken.statusCode).toBe(404);
  });

  it('exchanges the token for a session JWT that works until it expires', async () => {
    const refused = await app.http.inject({
      method: 'POST',
      url: '/api/session',
      payload: { token: 'wrong' },
    });
    expect(refused.statusCode).toBe(401);
    const session = await app.http.inject({
      method: 'POST',
      url: '/api/session',
      payload: { token: 'the-token' },
    });
    expect(session.statusCode).toBe(200);
    const { token, expires_at } = session.json().data as { token: string; expires_at: string };
    expect(Date.parse(expires_at) - app.clock.now()).toBe(3_600_000);
    const call = () =>
      app.http.inject({
        method: 'POST',
        url: '/api/anything',
        payload: {},
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await call()).statusCode).toBe(404);
    app.clock.advance(3_600_000);
    expect((await call()).statusCode).toBe(401);
  });
});
