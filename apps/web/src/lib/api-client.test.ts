import { describe, expect, it, vi } from 'vitest';
import { buildUrl, createApiClient, type ApiClientDeps, type FetchLike } from './api-client';
import { ApiError, NetworkError } from './api-error';
import { createMemorySessionStore } from './session-store';

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type Responder = (call: Call) => Response;

const json = (status: number, body: unknown, statusText = ''): Response =>
  new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'content-type': 'application/json' },
  });

const authRequired = (): Response =>
  json(
    401,
    { success: false, message: 'needs a token', detail: 'needs a token', code: 'AUTH_REQUIRED' },
    'Unauthorized',
  );

const sessionOk = (token: string): Response =>
  json(200, {
    success: true,
    data: { token, expires_at: '2099-01-01T00:00:00.000Z' },
    message: 'ok',
    timestamp: '',
  });

/** A fake fetch answering from a script, recording what it was asked. */
function fakeFetch(...responders: Responder[]): { fetch: FetchLike; calls: Call[] } {
  const calls: Call[] = [];
  const fetch: FetchLike = async (url, init) => {
    const call: Call = {
      url,
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const responder = responders[Math.min(calls.length - 1, responders.length - 1)];
    if (!responder) throw new Error('no response scripted');
    return responder(call);
  };
  return { fetch, calls };
}

const quiet = { logFailure: () => undefined } satisfies Partial<ApiClientDeps>;

describe('buildUrl', () => {
  it.each([
    ['', '/api/agents', undefined, '/api/agents'],
    ['http://x', '/api/agents', {}, 'http://x/api/agents'],
    [
      '',
      '/api/anomalies',
      { page: 2, group_by_incident: true },
      '/api/anomalies?page=2&group_by_incident=true',
    ],
    [
      '',
      '/api/executor/actions',
      { tags: ['a', 'b'], limit: 5 },
      '/api/executor/actions?tags=a&tags=b&limit=5',
    ],
    [
      '',
      '/api/audit/trail',
      { search: 'a b&c', severity: undefined, incident_id: null },
      '/api/audit/trail?search=a+b%26c',
    ],
    ['', '/api/x?fixed=1', { more: 2 }, '/api/x?fixed=1&more=2'],
  ] as const)('%j + %j + %j → %j', (base, path, query, expected) => {
    expect(buildUrl(base, path, query)).toBe(expected);
  });
});

describe('createApiClient', () => {
  it('calls the same origin with a JSON content type and returns the parsed body', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, { success: true, data: { ok: 1 } }));
    const client = createApiClient({ fetch, ...quiet });

    await expect(client.get('/api/agents')).resolves.toEqual({ success: true, data: { ok: 1 } });
    expect(calls).toEqual([
      {
        url: '/api/agents',
        method: 'GET',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: undefined,
      },
    ]);
  });

  it('sends bodies as JSON with the method asked for', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, {}));
    const client = createApiClient({ fetch, ...quiet });

    await client.put('/api/settings/global', { 'otel.timeout_seconds': 2 });
    await client.post('/api/settings/agents/rca/restart');
    await client.delete('/api/executor/actions/a1');

    expect(calls.map(({ method, body }) => [method, body])).toEqual([
      ['PUT', { 'otel.timeout_seconds': 2 }],
      ['POST', undefined],
      ['DELETE', undefined],
    ]);
  });

  it('returns undefined for an empty answer', async () => {
    const { fetch } = fakeFetch(() => new Response(null, { status: 204 }));
    await expect(
      createApiClient({ fetch, ...quiet }).delete('/api/executor/actions/a1'),
    ).resolves.toBeUndefined();
  });

  it('throws HTTP {status}: {statusText} keeping the server detail and code, and logs it', async () => {
    const body = {
      success: false,
      message: 'Action a9 not found',
      detail: 'Action a9 not found',
      code: 'ACTION_NOT_FOUND',
    };
    const { fetch } = fakeFetch(() => json(404, body, 'Not Found'));
    const logFailure = vi.fn();
    const client = createApiClient({ fetch, logFailure });

    const error = await client.get('/api/executor/actions/a9').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'HTTP 404: Not Found',
      status: 404,
      statusText: 'Not Found',
      detail: 'Action a9 not found',
      code: 'ACTION_NOT_FOUND',
      body,
    });
    expect(logFailure).toHaveBeenCalledWith(error, 'GET', '/api/executor/actions/a9');
  });

  it('fills in the reason phrase when the answer has none and copes with a non-JSON body', async () => {
    const { fetch } = fakeFetch(() => new Response('upstream down', { status: 502 }));
    const error = await createApiClient({ fetch, ...quiet })
      .get('/api/agents')
      .catch((caught: unknown) => caught);

    expect(error).toMatchObject({
      message: 'HTTP 502: Bad Gateway',
      detail: null,
      code: null,
      body: 'upstream down',
    });
  });

  it('turns a failed connection into a NetworkError but lets an abort through', async () => {
    const down = createApiClient({
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
      ...quiet,
    });
    await expect(down.get('/api/agents')).rejects.toBeInstanceOf(NetworkError);

    const abort = new DOMException('aborted', 'AbortError');
    const aborted = createApiClient({ fetch: () => Promise.reject(abort), ...quiet });
    await expect(aborted.get('/api/agents')).rejects.toBe(abort);
  });

  it('never prompts when the server asks for no token, even on a 401 without AUTH_REQUIRED', async () => {
    const askForToken = vi.fn(async () => 'secret');
    const { fetch } = fakeFetch(() =>
      json(401, { success: false, message: 'no', detail: 'no', code: 'AUTH_INVALID' }),
    );
    const client = createApiClient({
      fetch,
      askForToken,
      session: createMemorySessionStore(Date.now),
      ...quiet,
    });

    await expect(client.post('/api/executor/actions', {})).rejects.toMatchObject({
      status: 401,
      code: 'AUTH_INVALID',
    });
    expect(askForToken).not.toHaveBeenCalled();
  });

  it('on AUTH_REQUIRED asks once, exchanges the token, retries and sends the session token afterwards', async () => {
    const { fetch, calls } = fakeFetch(
      authRequired,
      () => sessionOk('jwt-1'),
      () => json(200, { n: 1 }),
    );
    const askForToken = vi.fn(async () => 'api-token');
    const session = createMemorySessionStore(() => Date.parse('2030-01-01T00:00:00Z'));
    const client = createApiClient({ fetch, askForToken, session, ...quiet });

    await expect(client.post('/api/executor/actions', { name: 'restart' })).resolves.toEqual({
      n: 1,
    });
    await client.get('/api/agents');

    expect(askForToken).toHaveBeenCalledTimes(1);
    expect(askForToken).toHaveBeenCalledWith(null);
    expect(
      calls.map((call) => [call.method, call.url, call.headers.Authorization ?? null]),
    ).toEqual([
      ['POST', '/api/executor/actions', null],
      ['POST', '/api/session', null],
      ['POST', '/api/executor/actions', 'Bearer jwt-1'],
      ['GET', '/api/agents', 'Bearer jwt-1'],
    ]);
    expect(calls[1]?.body).toEqual({ token: 'api-token' });
    expect(session.read()).toBe('jwt-1');
  });

  it('asks again with the reason when the token is refused, and gives up when the operator cancels', async () => {
    const refused = json(401, {
      success: false,
      message: 'bad',
      detail: 'The API token is not valid',
      code: 'AUTH_INVALID',
    });
    const { fetch } = fakeFetch(authRequired, () => refused);
    const askForToken = vi.fn<(problem: string | null) => Promise<string | null>>();
    askForToken.mockResolvedValueOnce('wrong').mockResolvedValueOnce(null);
    const client = createApiClient({
      fetch,
      askForToken,
      session: createMemorySessionStore(Date.now),
      ...quiet,
    });

    await expect(client.post('/api/executor/actions', {})).rejects.toMatchObject({
      code: 'AUTH_REQUIRED',
    });
    expect(askForToken.mock.calls).toEqual([[null], ['The API token is not valid']]);
  });

  it('shares one prompt between calls that fail together', async () => {
    let answered = 0;
    const { fetch, calls } = fakeFetch((call) => {
      if (call.url === '/api/session') return sessionOk('jwt-2');
      if (call.headers.Authorization === 'Bearer jwt-2') return json(200, { answered: ++answered });
      return authRequired();
    });
    const askForToken = vi.fn(async () => 'api-token');
    const client = createApiClient({
      fetch,
      askForToken,
      session: createMemorySessionStore(Date.now),
      ...quiet,
    });

    const results = await Promise.all([
      client.post('/api/a'),
      client.post('/api/b'),
      client.put('/api/c'),
    ]);

    expect(askForToken).toHaveBeenCalledTimes(1);
    expect(results).toHaveLength(3);
    expect(calls.filter((call) => call.url === '/api/session')).toHaveLength(1);
  });

  it('drops an expired session and asks for the token again', async () => {
    let now = Date.parse('2030-01-01T00:00:00Z');
    const session = createMemorySessionStore(() => now);
    session.write({ token: 'old', expires_at: '2030-01-01T01:00:00Z' });
    const { fetch, calls } = fakeFetch(
      authRequired,
      () => sessionOk('new'),
      () => json(200, {}),
    );
    const askForToken = vi.fn(async () => 'api-token');
    const client = createApiClient({ fetch, askForToken, session, ...quiet });

    now = Date.parse('2030-01-01T00:30:00Z');
    await client.post('/api/x');

    expect(calls[0]?.headers.Authorization).toBe('Bearer old');
    expect(calls[2]?.headers.Authorization).toBe('Bearer new');
    expect(askForToken).toHaveBeenCalledTimes(1);
  });
});
