import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createApiClient, type FetchLike } from '../../lib/api-client';
import { createMemorySessionStore } from '../../lib/session-store';
import { TokenDialog } from './token-dialog';
import { createTokenPrompt } from './token-prompt';

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A server that needs a token for POST /api/actions and accepts the API token "right". */
function tokenServer(): { fetch: FetchLike; authorizations: (string | null)[] } {
  const authorizations: (string | null)[] = [];
  const fetch: FetchLike = async (url, init) => {
    const headers = init.headers as Record<string, string>;
    if (url === '/api/session') {
      const { token } = JSON.parse(String(init.body)) as { token: string };
      return token === 'right'
        ? json(200, { success: true, data: { token: 'jwt', expires_at: '2999-01-01T00:00:00Z' } })
        : json(401, {
            success: false,
            message: 'bad',
            detail: 'The API token is not valid',
            code: 'AUTH_INVALID',
          });
    }
    authorizations.push(headers.Authorization ?? null);
    return headers.Authorization === 'Bearer jwt'
      ? json(200, { success: true, data: 'done' })
      : json(401, { success: false, message: 'no', detail: 'no', code: 'AUTH_REQUIRED' });
  };
  return { fetch, authorizations };
}

function setup() {
  const prompt = createTokenPrompt();
  const server = tokenServer();
  const client = createApiClient({
    fetch: server.fetch,
    session: createMemorySessionStore(Date.now),
    askForToken: prompt.ask,
    logFailure: () => undefined,
  });
  render(<TokenDialog prompt={prompt} />);
  return { client, server };
}

const tokenInput = (): HTMLInputElement => screen.getByLabelText('API token');

describe('TokenDialog', () => {
  it('stays closed until the server asks for a token', () => {
    setup();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks for the token, shows why a token was refused, and completes the call', async () => {
    const { client, server } = setup();
    let result: unknown;
    const call = client.post('/api/actions', {}).then((value) => (result = value));

    await screen.findByRole('dialog', { name: 'API token required' });
    fireEvent.change(tokenInput(), { target: { value: 'wrong' } });
    fireEvent.submit(tokenInput().form!);

    expect((await screen.findByRole('alert')).textContent).toBe('The API token is not valid');
    fireEvent.change(tokenInput(), { target: { value: 'right' } });
    fireEvent.submit(tokenInput().form!);

    await act(() => call);
    expect(result).toEqual({ success: true, data: 'done' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.authorizations).toEqual([null, 'Bearer jwt']);
  });

  it('keeps Continue disabled while the field is empty', async () => {
    const { client } = setup();
    void client.post('/api/actions', {}).catch(() => undefined);
    await screen.findByRole('dialog');
    const submit = screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(tokenInput(), { target: { value: 'x' } });
    expect(submit.disabled).toBe(false);
  });

  it('fails the call with the original 401 when the operator cancels', async () => {
    const { client } = setup();
    const call = client.post('/api/actions', {});
    const outcome = call.catch((error: unknown) => error);

    await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    await expect(outcome).resolves.toMatchObject({ status: 401, code: 'AUTH_REQUIRED' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
