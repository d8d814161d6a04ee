import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  PHONE,
  expectNoProblems,
  takeExpectedErrors,
  useConsoleSession,
  type Viewport,
} from './harness/console-session';
import { startVigilServer } from './harness/vigil-server';

const session = useConsoleSession();
const MASK = '••••';

/** Names unique to this run, so the shared server's other data never collides with ours. */
const unique = (label: string) =>
  `e2e ${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

interface StoredAction {
  id: string;
  name: string;
  is_active: boolean;
  timeout_seconds: number;
  max_retries: number;
  tags: string[];
  keywords: string[];
  template_command: { method: string; url: string; headers: Record<string, string>; body: unknown };
  required_parameters: Record<string, unknown>;
  safety_constraints: Record<string, unknown>;
}

async function catalogue(): Promise<StoredAction[]> {
  return (await session.get<{ actions: StoredAction[] }>('/api/executor/actions?limit=1000'))
    .actions;
}

async function createActionByApi(name: string, extra: Record<string, unknown> = {}) {
  const body = {
    name,
    description: 'Created by the actions e2e test',
    template_command: { method: 'POST', url: 'https://ops.example.com/hooks/flush' },
    tags: ['cache', 'e2e'],
    ...extra,
  };
  return (await session.api<{ data: StoredAction }>('POST', '/api/executor/actions', body)).data;
}

const card = (page: Page, name: string) =>
  page.getByTestId('action-card').filter({ has: page.getByRole('heading', { name, exact: true }) });

async function expectNoHorizontalScroll(page: Page, viewport: Viewport): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(viewport.width);
}

describe('Approved Actions (/policies)', () => {
  it('creates, views, dry-runs, edits and deletes an action through the UI', async () => {
    const { page, watch } = await session.open('/policies', DESKTOP);
    await page.getByRole('heading', { level: 1, name: 'Approved Actions' }).waitFor();
    await page.getByTestId('actions-count').waitFor();
    const name = unique('restart orders-db');

    // Create, with the spec's defaults shown and a broken JSON area.
    await page.getByRole('button', { name: 'Add Action' }).click();
    const create = page.getByRole('dialog', { name: 'Create New Approved Action' });
    await create.waitFor();
    await expect(create.getByLabel('Method').inputValue()).resolves.toBe('POST');
    await expect(create.getByLabel('Timeout (seconds)').inputValue()).resolves.toBe('300');
    await expect(create.getByLabel('Max retries').inputValue()).resolves.toBe('3');
    await expect(create.getByLabel('Active').isChecked()).resolves.toBe(true);
    await expect(
      create
        .getByLabel('Method')
        .evaluate((select) =>
          Array.from((select as HTMLSelectElement).options, (option) => option.value),
        ),
    ).resolves.toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
    await create.getByLabel('Name', { exact: true }).fill(name);
    await create.getByLabel('Description').fill('Restarts the connection pool of a service');
    await create.getByLabel('Method').selectOption('PUT');
    await create.getByLabel('URL').fill('https://ops.example.com/restart/{{component}}');
    await create
      .getByLabel('Headers')
      .fill('{"Authorization": "Bearer s3cret-token", "X-Team": "sre"}');
    await create.getByLabel('Body').fill('{"component": "{{component}}", "force": true}');
    await create.getByLabel('Tags').fill(' restart, database ,, e2e, tier-1 ');
    await create.getByLabel('Keywords').fill('pool, connections');
    await create.getByLabel('Required parameters').fill('{"component": "service to restart"}');
    await create.getByLabel('Safety constraints').fill('{"max_concurrent_limit": ');
    await create.getByRole('button', { name: 'Create Action' }).click();
    await create.waitFor({ state: 'detached' });

    const created = card(page, name);
    await created.waitFor();
    await expect(created.getByText('Active', { exact: true }).count()).resolves.toBe(1);
    await expect(created.getByRole('list', { name: 'Tags' }).innerText()).resolves.toMatch(
      /restart\s+database\s+e2e\s+\+1 more/,
    );
    await expect(
      created.locator('[data-action-kind]').getAttribute('data-action-kind'),
    ).resolves.toBe('restart');
    await expect(created.innerText()).resolves.toMatch(/Retries\s+3[\s\S]*Timeout\s+300s/);

    const stored = (await catalogue()).find((action) => action.name === name);
    expect(stored).toMatchObject({
      tags: ['restart', 'database', 'e2e', 'tier-1'],
      keywords: ['pool', 'connections'],
      safety_constraints: {},
      required_parameters: { component: 'service to restart' },
      template_command: {
        method: 'PUT',
        headers: { Authorization: MASK, 'X-Team': 'sre' },
        body: { component: '{{component}}', force: true },
      },
    });

    // Search over name, description and tags; the status select.
    const search = page.getByRole('searchbox', { name: 'Search actions' });
    await expect(search.getAttribute('placeholder')).resolves.toBe('Search actions...');
    await search.fill(name.toUpperCase());
    await page.getByText('1 action found', { exact: true }).waitFor();
    await search.fill('no such action anywhere');
    await page.getByText('No actions match your filters').waitFor();
    await page.getByText('0 actions found', { exact: true }).waitFor();
    await search.fill(name);
    await page.getByRole('combobox', { name: 'Status' }).selectOption('inactive');
    await page.getByText('No actions match your filters').waitFor();
    await page.getByRole('combobox', { name: 'Status' }).selectOption('active');
    await created.waitFor();

    // Dry run: a missing parameter is named by the server; then the exact masked request.
    await created.getByRole('button', { name: 'Dry Run' }).click();
    const dryRun = page.getByRole('dialog', { name: `Dry run: ${name}` });
    await dryRun.getByRole('button', { name: 'Run Dry Run' }).click();
    await dryRun
      .getByRole('alert')
      .getByText(/component/)
      .waitFor();
    await dryRun.getByLabel('component *').fill('orders-db');
    await dryRun.getByRole('button', { name: 'Run Dry Run' }).click();
    await expect(dryRun.getByTestId('dry-run-request-line').innerText()).resolves.toBe(
      'PUT https://ops.example.com/restart/orders-db',
    );
    const headers = await dryRun.getByLabel('Request headers').innerText();
    expect(headers).toContain(MASK);
    expect(headers).not.toContain('s3cret-token');
    await expect(dryRun.getByLabel('Request body').innerText()).resolves.toContain('orders-db');
    await session.screenshot(page, 'policies-dry-run-1440');
    await dryRun.getByRole('button', { name: 'Close' }).first().click();
    await dryRun.waitFor({ state: 'detached' });

    // View: every field, the success rate and the dry run in the history.
    await created.getByRole('button', { name: 'View' }).click();
    const view = page.getByTestId('action-view-dialog');
    await view.getByText('Restarts the connection pool of a service').waitFor();
    for (const heading of [
      'Tags',
      'Keywords',
      'Command template',
      'Required parameters',
      'Optional parameters',
      'Safety constraints',
    ]) {
      await view.getByRole('heading', { name: heading, exact: true }).waitFor();
    }
    await view.getByText('Last updated').waitFor();
    await view.getByText('pool, connections').waitFor();
    await expect(view.getByTestId('action-success-rate').innerText()).resolves.toBe(
      'No finished runs yet',
    );
    const history = view.getByRole('list', { name: 'Execution history' });
    await history.getByText('dry run').waitFor();
    await history.getByText('success').waitFor();
    await session.screenshot(page, 'policies-view-1440');

    // Edit from the View dialog: deactivate, new timeout.
    await view.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Approved Action' });
    await expect(edit.getByLabel('Name', { exact: true }).inputValue()).resolves.toBe(name);
    await edit.getByLabel('Timeout (seconds)').fill('120');
    await edit.getByLabel('Active').uncheck();
    await edit.getByRole('button', { name: 'Update Action' }).click();
    await edit.waitFor({ state: 'detached' });
    await page.getByRole('combobox', { name: 'Status' }).selectOption('inactive');
    await created.getByText('Inactive', { exact: true }).waitFor();
    await expect(created.innerText()).resolves.toMatch(/Timeout\s+120s/);
    const edited = (await catalogue()).find((action) => action.name === name);
    expect(edited).toMatchObject({
      is_active: false,
      timeout_seconds: 120,
      // The masked secret went back unchanged and the server kept the real value.
      template_command: { headers: { Authorization: MASK } },
    });

    // Delete, after the question.
    await created.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete action' });
    await confirm.getByText('Are you sure you want to delete this action?').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await created.waitFor({ state: 'detached' });
    expect((await catalogue()).some((action) => action.name === name)).toBe(false);

    takeExpectedErrors(watch, [/400/]);
    expectNoProblems(watch);
  });

  it('shows the server naming a bad field on save', async () => {
    const { page, watch } = await session.open('/policies', DESKTOP);
    await page.getByRole('button', { name: 'Add Action' }).click();
    const create = page.getByRole('dialog', { name: 'Create New Approved Action' });
    await create.getByLabel('Name', { exact: true }).fill(unique('bad timeout'));
    await create.getByLabel('URL').fill('https://ops.example.com/x');
    await create.getByLabel('Timeout (seconds)').fill('99999');
    await create.getByRole('button', { name: 'Create Action' }).click();
    await create
      .getByRole('alert')
      .getByText(/timeout_seconds/)
      .waitFor();
    await create.getByRole('button', { name: 'Cancel' }).click();
    await create.waitFor({ state: 'detached' });
    takeExpectedErrors(watch, [/400/]);
    expectNoProblems(watch);
  });

  it('pulses the card of ?highlight, opens the editor from the link and from openActionEdit', async () => {
    const action = await createActionByApi(unique('flush cache'));
    const { page, watch } = await session.open(`/policies?highlight=${action.id}`, DESKTOP);
    const target = page.locator(`[data-search-target="${action.id}"]`);
    await target.waitFor();
    await page.waitForFunction(
      (id) =>
        document
          .querySelector(`[data-search-target="${id}"]`)
          ?.classList.contains('search-highlight'),
      action.id,
    );
    // Removed 3 s after it started.
    await page.waitForFunction(
      (id) =>
        !document
          .querySelector(`[data-search-target="${id}"]`)
          ?.classList.contains('search-highlight'),
      action.id,
      { timeout: 5_000 },
    );

    await page.evaluate(
      (actionId) =>
        window.dispatchEvent(new CustomEvent('openActionEdit', { detail: { actionId } })),
      action.id,
    );
    const edit = page.getByRole('dialog', { name: 'Edit Approved Action' });
    await expect(edit.getByLabel('Name', { exact: true }).inputValue()).resolves.toBe(action.name);
    await edit.getByRole('button', { name: 'Cancel' }).click();

    await page.goto(session.url(`/policies?highlight=${action.id}&action=edit`));
    await expect(
      page
        .getByRole('dialog', { name: 'Edit Approved Action' })
        .getByLabel('Name', { exact: true })
        .inputValue(),
    ).resolves.toBe(action.name);
    await session.api('DELETE', `/api/executor/actions/${action.id}`);
    expectNoProblems(watch);
  });

  it('approves and rejects executions waiting for approval', async () => {
    const gated = { safety_constraints: { requires_approval: true } };
    const rejected = await createActionByApi(unique('gated reject'), gated);
    // A literal loopback target: approved, it runs and the executor's guard refuses the socket.
    const approved = await createActionByApi(unique('gated approve'), {
      ...gated,
      max_retries: 0,
      template_command: { method: 'POST', url: 'http://127.0.0.1:9/never' },
    });
    const park = async (actionId: string) =>
      (
        await session.api<{ data: { id: string; status: string } }>(
          'POST',
          '/api/executor/execute',
          {
            action_id: actionId,
          },
        )
      ).data;
    const first = await park(rejected.id);
    const second = await park(approved.id);
    expect([first.status, second.status]).toEqual(['pending_approval', 'pending_approval']);

    const { page, watch } = await session.open('/policies', DESKTOP);
    const queue = page.getByRole('region', { name: /Waiting for approval/ });
    const row = (name: string) => queue.getByTestId('pending-execution').filter({ hasText: name });
    await row(rejected.name).waitFor();
    await expect(row(approved.name).innerText()).resolves.toContain(
      'POST http://127.0.0.1:9/never',
    );
    await session.screenshot(page, 'policies-approval-queue-1440');

    await row(rejected.name).getByRole('button', { name: 'Reject' }).click();
    await row(rejected.name).waitFor({ state: 'detached' });
    await row(approved.name).getByRole('button', { name: 'Approve' }).click();
    await row(approved.name).waitFor({ state: 'detached' });

    const status = async (actionId: string) =>
      (
        await session.get<{ executions: Array<{ status: string }> }>(
          `/api/executor/executions?action_id=${actionId}`,
        )
      ).executions[0]?.status;
    await expect(status(rejected.id)).resolves.toBe('rejected');
    await expect.poll(() => status(approved.id), { timeout: 20_000 }).toBe('failed');

    // The finished run counts in the action's success rate.
    await card(page, approved.name).getByRole('button', { name: 'View' }).click();
    await expect
      .poll(() => page.getByTestId('action-success-rate').innerText(), { timeout: 10_000 })
      .toBe('Success rate 0.0% (0 of 1 run)');
    await session.api('DELETE', `/api/executor/actions/${rejected.id}`);
    await session.api('DELETE', `/api/executor/actions/${approved.id}`);
    expectNoProblems(watch);
  });

  it('shows loading, then the error with Retry when the server cannot be reached', async () => {
    const { page, watch } = await session.newPage(DESKTOP);
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/executor/actions?*', async (route) => {
      await held;
      await route.abort('connectionrefused');
    });
    await page.goto(session.url('/policies'));
    await page.getByText('Loading approved actions...').waitFor();
    release();
    const error = page.getByRole('alert').filter({ hasText: 'Error loading data:' });
    await error.waitFor({ timeout: 15_000 });
    await expect(error.innerText()).resolves.toMatch(
      /Error loading data: Could not reach the server/,
    );
    await session.screenshot(page, 'policies-error-1440');

    await page.unroute('**/api/executor/actions?*');
    await error.getByRole('button', { name: 'Retry' }).click();
    await page.getByTestId('actions-count').waitFor();
    await error.waitFor({ state: 'detached' });
    takeExpectedErrors(watch, [/ERR_CONNECTION_REFUSED/]);
    expectNoProblems(watch);
  });

  it('shows the empty catalogue with Create First Action on a fresh server', async () => {
    const fresh = await startVigilServer();
    try {
      const { page, watch } = await session.newPage(DESKTOP);
      await page.goto(new URL('/policies', fresh.url).toString());
      await page.getByText('No approved actions yet').waitFor();
      await page.getByText('0 actions found', { exact: true }).waitFor();
      await session.screenshot(page, 'policies-empty-1440');
      await page.getByRole('button', { name: 'Create First Action' }).click();
      await page.getByRole('dialog', { name: 'Create New Approved Action' }).waitFor();
      expectNoProblems(watch);
    } finally {
      await fresh.stop();
    }
  });

  it('is usable at 390 px', async () => {
    const action = await createActionByApi(unique('phone'), {
      tags: ['scaling', 'capacity', 'e2e', 'phone', 'extra'],
    });
    const { page, watch } = await session.open('/policies', PHONE);
    await page.getByRole('searchbox', { name: 'Search actions' }).fill(action.name);
    const shown = card(page, action.name);
    await shown.waitFor();
    await expect(shown.getByText('+2 more').count()).resolves.toBe(1);
    await expectNoHorizontalScroll(page, PHONE);
    await session.screenshot(page, 'policies-390');

    await shown.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Approved Action' });
    await edit.getByLabel('Description').fill('Edited on a phone');
    await session.screenshot(page, 'policies-edit-390');
    await edit.getByRole('button', { name: 'Update Action' }).click();
    await edit.waitFor({ state: 'detached' });
    await shown.getByText('Edited on a phone').waitFor();
    await expectNoHorizontalScroll(page, PHONE);
    await session.api('DELETE', `/api/executor/actions/${action.id}`);
    expectNoProblems(watch);
  });
});
