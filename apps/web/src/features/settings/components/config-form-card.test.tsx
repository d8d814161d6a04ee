import type { SaveResult } from '@vigil/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createApiClient, type FetchLike } from '../../../lib/api-client';
import { ApiClientProvider } from '../../../lib/api-client-context';
import type { FieldMeta } from '../lib/config-types';
import { fieldInputId } from '../lib/field-meta';
import { ConfigFormCard } from './config-form-card';
import { SERVER_CHECK_UNAVAILABLE_TEXT } from './validation-summary';

const json = (status: number, body: unknown, statusText = ''): Response =>
  new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'content-type': 'application/json' },
  });

const timeout: FieldMeta = {
  path: 'agents.executor.default_timeout',
  label: 'Default timeout',
  section: 'Execution',
  kind: 'integer',
  min: 30,
  max: 3600,
  required: true,
  secret: false,
  restartRequired: false,
  usedByDeployment: true,
  defaultValue: 300,
};
const sender: FieldMeta = {
  path: 'collaborator.email_service.sender_email',
  label: 'Sender email',
  section: 'Email',
  kind: 'string',
  required: false,
  secret: false,
  restartRequired: false,
  usedByDeployment: true,
  defaultValue: '',
};
const saved = { [timeout.path]: 120, [sender.path]: 'ops@example.com' };

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

const SAVED: SaveResult = {
  changed: [],
  restart_required: [],
  warnings: [],
  saved_at: '2026-11-25T10:00:00.000Z',
};

function renderCard(answer: (sent: Sent) => Response, local = false) {
  const sent: Sent[] = [];
  const fetch: FetchLike = async (url, init) => {
    const call = {
      method: init.method ?? 'GET',
      url,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    sent.push(call);
    return answer(call);
  };
  const client = createApiClient({ fetch, logFailure: () => undefined });
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ApiClientProvider client={client}>
      <QueryClientProvider client={queries}>
        <ConfigFormCard
          title="Card"
          fields={[timeout, sender]}
          saved={saved}
          saveLabel="Save Card"
          onSave={async () => SAVED}
          local={local}
        />
      </QueryClientProvider>
    </ApiClientProvider>,
  );
  return sent;
}

const input = (path: string) => document.getElementById(fieldInputId(path)) as HTMLInputElement;
const validateCalls = (sent: Sent[]) =>
  sent.filter((call) => call.url === '/api/settings/config/validate');

describe('ConfigFormCard live validation', () => {
  it('sends the edited value with validate_only after typing pauses and shows the server’s error', async () => {
    const sent = renderCard(() =>
      json(200, {
        success: true,
        data: {
          valid: false,
          errors: [{ path: sender.path, message: 'Expected an email address' }],
          warnings: [],
        },
      }),
    );
    fireEvent.change(input(sender.path), { target: { value: 'not' } });
    fireEvent.change(input(sender.path), { target: { value: 'not-an-email' } });
    expect(screen.getByRole('button', { name: 'Save Card' }).hasAttribute('disabled')).toBe(false);
    await screen.findByText('Expected an email address', {}, { timeout: 2000 });
    expect(validateCalls(sent)).toEqual([
      {
        method: 'POST',
        url: '/api/settings/config/validate',
        body: { config_path: sender.path, value: 'not-an-email', validate_only: true },
      },
    ]);
    const summary = screen.getByRole('region', { name: 'Validation summary' });
    expect(summary.textContent).toContain('Sender email: Expected an email address');
    expect(screen.getByRole('button', { name: 'Save Card' }).hasAttribute('disabled')).toBe(true);
  });

  it('a failed validate call leaves editing free and says so quietly', async () => {
    const sent = renderCard(() => json(502, { success: false, message: 'x' }, 'Bad Gateway'));
    fireEvent.change(input(timeout.path), { target: { value: '90' } });
    await screen.findByText(SERVER_CHECK_UNAVAILABLE_TEXT, {}, { timeout: 2000 });
    expect(validateCalls(sent)).toHaveLength(1);
    expect(input(timeout.path).disabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Save Card' }).hasAttribute('disabled')).toBe(false);
  });

  it('a local-only card never calls the server', async () => {
    const sent = renderCard(() => json(500, {}), true);
    fireEvent.change(input(timeout.path), { target: { value: '90' } });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(sent).toEqual([]);
    expect(screen.queryByRole('button', { name: /^Restore default/ })).toBeNull();
  });
});

describe('ConfigFormCard restore default', () => {
  it('asks once, then saves the one key with POST /api/settings/config/update', async () => {
    const sent = renderCard((call) =>
      call.url === '/api/settings/config/update'
        ? json(200, { success: true, data: { ...SAVED, changed: [timeout.path] } })
        : json(200, { success: true, data: { valid: true, errors: [], warnings: [] } }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Restore default for Default timeout' }));
    expect(screen.getByText('300')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save default' }));
    await screen.findByText(/^Saved 1 setting at/);
    expect(sent.filter((call) => call.url === '/api/settings/config/update')).toEqual([
      {
        method: 'POST',
        url: '/api/settings/config/update',
        body: { config_path: timeout.path, value: 300 },
      },
    ]);
  });

  it('shows the server’s rejection on the field', async () => {
    renderCard(() =>
      json(
        400,
        {
          success: false,
          message: 'Invalid settings',
          code: 'CONFIG_VALIDATION_ERROR',
          errors: [{ path: sender.path, message: 'Expected an email address' }],
        },
        'Bad Request',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Restore default for Sender email' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save default' }));
    await screen.findByText('The server rejected 1 value; nothing was saved.');
    await waitFor(() => expect(screen.getByText('Expected an email address')).toBeTruthy());

    // The verdict was about the values sent together: editing any field makes it stale.
    fireEvent.change(input(timeout.path), { target: { value: '90' } });
    expect(screen.queryByText('Expected an email address')).toBeNull();
  });
});
