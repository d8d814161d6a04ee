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
