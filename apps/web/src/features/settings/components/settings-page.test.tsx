import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createApiClient, type FetchLike } from '../../../lib/api-client';
import { ApiClientProvider } from '../../../lib/api-client-context';
import { SettingsPage } from './settings-page';

const json = (status: number, body: unknown, statusText = ''): Response =>
  new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'content-type': 'application/json' },
  });

/** The page over a client whose fetch answers with `answer`; failures are not logged. */
function renderPage(answer: FetchLike) {
  const client = createApiClient({ fetch: answer, logFailure: () => undefined });
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/settings', Component: SettingsPage }], {
    initialEntries: ['/settings'],
  });
  render(
    <ApiClientProvider client={client}>
      <QueryClientProvider client={queries}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ApiClientProvider>,
  );
}

describe('SettingsPage states', () => {
  it('says "Loading configuration..." while the settings load', async () => {
    renderPage(() => new Promise<Response>(() => undefined));
    expect(await screen.findByText('Loading configuration...')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Vigil Configuration');
  });

  it('shows "Configuration Error" with the failed call in the spec’s words, and Retry calls again', async () => {
    const calls: string[] = [];
    renderPage(async (url) => {
      calls.push(url);
      return json(
        500,
        { success: false, message: 'x', detail: 'boom', code: 'INTERNAL' },
        'Internal Server Error',
      );
    });
    expect(await screen.findByText('Configuration Error')).toBeTruthy();
    expect(
      screen.getByText(
        /^Failed to GET \/api\/settings\/(global|agents): HTTP 500: Internal Server Error$/,
      ),
    ).toBeTruthy();
    const before = calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(calls.length).toBeGreaterThan(before));
    expect(screen.getByText('Configuration Error')).toBeTruthy();
  });
});

const ok = (data: unknown) => json(200, { success: true, message: 'OK', data });
const EMPTY_BLOCK = { values: {}, fields: [], saved_at: null };

/** A settings API with nothing configured; `down` paths answer 503. */
function settingsServer(calls: string[], down: Set<string>): FetchLike {
  return async (url) => {
    calls.push(url);
    if (down.has(url)) {
      return json(
        503,
        { success: false, message: 'x', code: 'UNAVAILABLE' },
        'Service Unavailable',
      );
    }
    switch (url) {
      case '/api/settings/':
        return ok({ status: 'ok' });
      case '/api/settings/global':
        return ok(EMPTY_BLOCK);
      case '/api/settings/agents':
      case '/api/settings/agents/status':
        return ok({ agents: [] });
      default:
        return json(404, { success: false, message: 'x', code: 'NOT_FOUND' }, 'Not Found');
    }
  };
}

describe('SettingsPage Refresh and Retry', () => {
  it('Retry tests the connection with GET /api/settings/ first, then reloads the settings', async () => {
    const calls: string[] = [];
    const down = new Set(['/api/settings/global']);
    renderPage(settingsServer(calls, down));
    expect(await screen.findByText('Configuration Error')).toBeTruthy();
    expect(calls).not.toContain('/api/settings/');

    down.delete('/api/settings/global');
    const before = calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('tablist', { name: 'Settings sections' })).toBeTruthy();
    const after = calls.slice(before);
    expect(after[0]).toBe('/api/settings/');
    expect(after).toContain('/api/settings/global');
  });

  it('a failed connection test reloads nothing and says which call failed; the tabs stay', async () => {
    const calls: string[] = [];
    const down = new Set<string>();
    renderPage(settingsServer(calls, down));
    await screen.findByRole('tablist', { name: 'Settings sections' });

    down.add('/api/settings/');
    const before = calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(
      await screen.findByText('Failed to GET /api/settings/: HTTP 503: Service Unavailable'),
    ).toBeTruthy();
    expect(screen.getByRole('tablist', { name: 'Settings sections' })).toBeTruthy();
    expect(calls.slice(before).filter((url) => url !== '/api/settings/agents/status')).toEqual([
      '/api/settings/',
    ]);

    down.clear();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByText(/^Failed to GET \/api\/settings\/:/)).toBeNull());
    await waitFor(() => expect(calls.slice(before)).toContain('/api/settings/global'));
  });
});
