import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  PHONE,
  expectNoProblems,
  useConsoleSession,
  type Viewport,
} from './harness/console-session';
import { ARTIFACTS_DIR } from './harness/paths';

const session = useConsoleSession();

/** The id the console gives a setting's input (`network.default_timeout` -> `setting-network__default_timeout`). */
const inputOf = (page: Page, path: string): Locator =>
  page.locator(`#setting-${path.replace(/\./g, '__')}`);
const fieldOf = (page: Page, path: string): Locator => page.locator(`[data-field="${path}"]`);

async function openSettings(path: string, viewport: Viewport = DESKTOP) {
  const opened = await session.open(path, viewport);
  await opened.page.getByRole('heading', { level: 1, name: 'Vigil Configuration' }).waitFor();
  await opened.page.getByRole('tablist', { name: 'Settings sections' }).waitFor();
  return opened;
}

const tab = (page: Page, name: string, list = 'Settings sections'): Locator =>
  page.getByRole('tablist', { name: list }).getByRole('tab', { name, exact: true });

/** Full-page pictures from the top, so the sticky header sits where a person sees it. */
async function screenshot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await session.screenshot(page, name);
}

/** A unique suffix per run, so values written by one run never look like another's. */
const unique = (): string => Date.now().toString(36).slice(-5);

describe('settings: the screen', () => {
  it('shows the title, Refresh, the four tabs and the Global sections with bounds and asterisks', async () => {
    const { page, watch } = await openSettings('/settings');
    await page.getByRole('button', { name: 'Refresh' }).waitFor();
    await expect(
      page.getByRole('tablist', { name: 'Settings sections' }).getByRole('tab').allTextContents(),
    ).resolves.toEqual(['Global', 'Agents', 'Integrations', 'Security']);
    await expect(tab(page, 'Global').getAttribute('aria-selected')).resolves.toBe('true');
    for (const section of [
      'System Information',
      'Network Configuration',
      'Database Configuration',
    ]) {
      await page.getByRole('region', { name: section }).waitFor();
    }
    const port = fieldOf(page, 'server.port');
    await expect(port.textContent()).resolves.toContain('Range 1024 – 65535');
    await expect(port.textContent()).resolves.toContain('Restart required');
    await expect(port.locator('label').textContent()).resolves.toBe('Port*');
    const engine = inputOf(page, 'database.engine');
    await expect(engine.locator('option').allTextContents()).resolves.toEqual(
      expect.arrayContaining([
        'sqlite',
        'postgres',
        'bigquery (not used by this deployment)',
        'hybrid (not used by this deployment)',
      ]),
    );
    await expect(
      page.getByRole('button', { name: 'Save Global Settings' }).isDisabled(),
    ).resolves.toBe(true);
    await screenshot(page, 'settings-global-1440');
    expectNoProblems(watch);
  });

  it('reads well at 390 px: no sideways scrolling, tabs and forms in one column', async () => {
    const { page, watch } = await openSettings('/settings', PHONE);
    await tab(page, 'Security').waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'settings-global-390');
    await tab(page, 'Agents').click();
    await page.getByTestId('agent-panel-orchestrator').waitFor();
    await screenshot(page, 'settings-agents-390');
    expectNoProblems(watch);
  });
});

describe('settings: saving', () => {
  it('blocks a save with the spec message, then saves and keeps the value across a reload', async () => {
    const { page, watch } = await openSettings('/settings');
    const timeout = inputOf(page, 'network.default_timeout');
    const field = fieldOf(page, 'network.default_timeout');
    const save = page.getByRole('button', { name: 'Save Global Settings' });

    await timeout.fill('0');
    await field.getByText('Timeout must be positive', { exact: true }).waitFor();
    await expect(timeout.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(
      page.getByRole('region', { name: 'Validation summary' }).textContent(),
    ).resolves.toContain('Timeout must be positive');
    await expect(save.isDisabled()).resolves.toBe(true);

    await inputOf(page, 'server.port').fill('80');
    await fieldOf(page, 'server.port')
      .getByText('Port must be between 1024 and 65535', { exact: true })
      .waitFor();
    await inputOf(page, 'server.port').fill('');
    await fieldOf(page, 'server.port').getByRole('button', { name: 'Reset Port' }).click();

    const value = String(40 + (Date.now() % 50));
    await timeout.fill(value);
    await field.getByText('Modified', { exact: true }).waitFor();
    await expect(save.isDisabled()).resolves.toBe(false);
    await save.click();
    await page.getByText(/^Saved 1 setting at/).waitFor();
    await expect(field.getByText('Modified', { exact: true }).count()).resolves.toBe(0);

    await page.reload();
    await page.getByRole('tablist', { name: 'Settings sections' }).waitFor();
    await expect(inputOf(page, 'network.default_timeout').inputValue()).resolves.toBe(value);
    expectNoProblems(watch);
  });

  it('names a bad value on its field as the server words it, blocks the save, then saves the fix', async () => {
    const { page, watch } = await openSettings('/settings?tab=integrations');
    const card = page.getByTestId('integration-email');
    const path = 'collaborator.email_service.sender_email';
    const sender = inputOf(page, path);
    const save = card.getByRole('button', { name: 'Save Email Service' });
    await sender.fill('not-an-email');
    // Only the server knows this rule: the live validate call brings its message.
    await fieldOf(page, path).getByText('Expected an email address', { exact: true }).waitFor();
    await expect(save.isDisabled()).resolves.toBe(true);

    const address = `ops-${unique()}@example.com`;
    await sender.fill(address);
    await expect.poll(() => save.isDisabled()).toBe(false);
    await save.click();
    await card.getByText(/^Saved 1 setting at/).waitFor();
    await page.reload();
    await page.getByTestId('integration-email').waitFor();
    await expect(inputOf(page, path).inputValue()).resolves.toBe(address);
    expectNoProblems(watch);
  });

  it('shows the server’s 400 on the field it names, saves nothing, then accepts the fix', async () => {
    const { page, watch } = await openSettings('/settings?tab=remediation');
    const card = page.getByTestId('bigquery-overrides-remediation');
    const initial = 'agents.remediation.bigquery.streaming.backoff_initial_seconds';
    const max = 'agents.remediation.bigquery.streaming.backoff_max_seconds';
    const save = card.getByRole('button', { name: 'Save Overrides' });
    const storedMax = Number(await inputOf(page, max).inputValue());
    const storedInitial = Number(await inputOf(page, initial).inputValue());
    const tooHigh = storedMax + 5;
    // Each value alone is valid (the live check agrees); only the pair breaks a rule on save.
    await inputOf(page, initial).fill(String(tooHigh));
    await save.click();
    const message = `Must be at most ${max} (${storedMax})`;
    await fieldOf(page, initial).getByText(message, { exact: true }).waitFor();
    await card.getByText('The server rejected 1 value; nothing was saved.').waitFor();
    await expect(
      card.getByRole('region', { name: 'Validation summary' }).textContent(),
    ).resolves.toContain(message);
    await expect(storedAgentValues(page, 'remediation')).resolves.toMatchObject({
      [initial]: storedInitial,
      [max]: storedMax,
    });
    // The rejected call is the one failure this test provokes: the browser's and the client's log lines.
    expect(watch.pageErrors).toEqual([]);
    expect(watch.cspViolations).toEqual([]);
    expect(
      watch.consoleErrors.filter(
        (text) =>
          !text.includes('status of 400') &&
          !text.startsWith('PUT /api/settings/database/bigquery/agents/remediation failed'),
      ),
    ).toEqual([]);
    watch.consoleErrors.length = 0;

    await inputOf(page, max).fill(String(tooHigh + 10));
    await inputOf(page, initial).fill(String(tooHigh));
    await save.click();
    await card.getByText(/^Saved 2 settings at/).waitFor();
    await page.reload();
    await page.getByTestId('bigquery-overrides-remediation').waitFor();
    await expect(inputOf(page, initial).inputValue()).resolves.toBe(String(tooHigh));
    await expect(inputOf(page, max).inputValue()).resolves.toBe(String(tooHigh + 10));
    expectNoProblems(watch);
  });

  it('masks a secret: show/hide reveals only what is typed, and the stored one never comes back', async () => {
    const { page, watch } = await openSettings('/settings?tab=integrations');
    const card = page.getByTestId('integration-email');
    const password = inputOf(page, 'collaborator.email_service.smtp_password');
    const secret = `s3cret-${unique()}`;
    await expect(password.getAttribute('type')).resolves.toBe('password');
    await password.fill(secret);
    await card.getByRole('button', { name: 'Show SMTP password' }).click();
    await expect(password.getAttribute('type')).resolves.toBe('text');
    await expect(password.inputValue()).resolves.toBe(secret);
    await card.getByRole('button', { name: 'Hide SMTP password' }).click();
    await expect(password.getAttribute('type')).resolves.toBe('password');
    await card.getByRole('button', { name: 'Save Email Service' }).click();
    await card.getByText(/^Saved 1 setting at/).waitFor();

    await page.reload();
    const stored = inputOf(page, 'collaborator.email_service.smtp_password');
    await stored.waitFor();
    await expect(stored.inputValue()).resolves.toBe('');
    await expect(stored.getAttribute('placeholder')).resolves.toContain('stored; type to replace');
    await page
      .getByTestId('integration-email')
      .getByRole('button', { name: 'Show SMTP password' })
      .click();
    await expect(stored.inputValue()).resolves.toBe('');
    const html = await page.content();
    expect(html).not.toContain(secret);
    const answer = await page.evaluate(async () =>
      (await fetch('/api/settings/agents/collaborator')).text(),
    );
    expect(answer).not.toContain(secret);
    expectNoProblems(watch);
  });

  it('saves a list one item per line, blanks dropped (Security tab, executor safety validation)', async () => {
    const { page, watch } = await openSettings('/settings?tab=security');
    const card = page.getByTestId('security-safety_validation');
    await page.getByTestId('security-security').getByText('Orchestrator Security').waitFor();
    await card.getByText('Executor Safety Validation').waitFor();
    const list = inputOf(page, 'safety_validation.host_allowlist');
    const before = (await list.inputValue()).split('\n').filter((line) => line.trim() !== '');
    const added = `payments-${unique()}.internal:8443`;
    await list.fill([...before, '', `  ${added}  `, ''].join('\n'));
    await card.getByRole('button', { name: 'Save Safety Validation' }).click();
    await card.getByText(/^Saved 1 setting at/).waitFor();
    await page.reload();
    await expect(inputOf(page, 'safety_validation.host_allowlist').inputValue()).resolves.toBe(
      [...before, added].join('\n'),
    );
    expectNoProblems(watch);
  });
});

describe('settings: agents', () => {
  it('shows an agent’s state, marks edits Unsaved and Modified, resets them and restarts it', async () => {
    const { page, watch } = await openSettings('/settings?tab=remediation');
    await expect(tab(page, 'Agents').getAttribute('aria-selected')).resolves.toBe('true');
    await expect(tab(page, 'Remediation', 'Agents').getAttribute('aria-selected')).resolves.toBe(
      'true',
    );
    const panel = page.getByTestId('agent-panel-remediation');
    await panel.getByText(/^(Healthy|Unhealthy|Offline|Unknown)$/).waitFor();
    await panel.getByText(/^Last seen: /).waitFor();
    await panel.getByText(/^Saved: /).waitFor();
    await expect(panel.getByText('Unsaved', { exact: true }).count()).resolves.toBe(0);

    const field = fieldOf(page, 'agents.remediation.max_recommendations');
    await inputOf(page, 'agents.remediation.max_recommendations').fill('7');
    await panel.getByText('Unsaved', { exact: true }).waitFor();
    await field.getByText('Modified', { exact: true }).waitFor();
    await field.getByRole('button', { name: /^Reset / }).click();
    await expect(field.getByText('Modified', { exact: true }).count()).resolves.toBe(0);
    await expect(panel.getByText('Unsaved', { exact: true }).count()).resolves.toBe(0);

    await page.getByTestId('bigquery-overrides-remediation').getByText('Save Overrides').waitFor();
    await expect(
      page.getByTestId('bigquery-overrides-remediation').textContent(),
    ).resolves.toContain('not used by this deployment');

    await panel.getByRole('button', { name: 'Restart', exact: true }).click();
    await panel.getByText(/^Restarted at .*; now (healthy|unhealthy|offline|unknown)\.$/).waitFor();
    await screenshot(page, 'settings-agents-1440');
    expectNoProblems(watch);
  });

  it.each([
    ['1440', DESKTOP],
    ['390', PHONE],
  ] as const)(
    'a deep link at %s px opens the agent, focuses the field and pulses the sub-tab',
    async (_label, viewport) => {
      const path = 'agents.executor.max_retries';
      const { page, watch } = await openSettings(
        `/settings?tab=executor&section=Execution&field=${path}&highlight=executor`,
        viewport,
      );
      const executor = tab(page, 'Executor', 'Agents');
      await expect(executor.getAttribute('aria-selected')).resolves.toBe('true');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.id), { timeout: 5_000 })
        .toBe(`setting-${path.replace(/\./g, '__')}`);
      await expect
        .poll(() => executor.getAttribute('class'), { timeout: 5_000 })
        .toContain('search-highlight');
      const list = await page.getByRole('tablist', { name: 'Agents' }).boundingBox();
      const box = await executor.boundingBox();
      expect(box && list && box.x >= list.x && box.x + box.width <= list.x + list.width).toBe(true);
      expectNoProblems(watch);
    },
  );
  it('follows the search’s openSettingsTab event without a page load', async () => {
    const { page, watch } = await openSettings('/settings');
    await page.evaluate(() =>
      window.dispatchEvent(
        new CustomEvent('openSettingsTab', {
          detail: { tab: 'security', field: 'security.rate_limit_window' },
        }),
      ),
    );
    await expect
      .poll(() => tab(page, 'Security').getAttribute('aria-selected'), { timeout: 5_000 })
      .toBe('true');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id), { timeout: 5_000 })
      .toBe('setting-security__rate_limit_window');
    expect(new URL(page.url()).searchParams.get('tab')).toBe('security');
    expectNoProblems(watch);
  });
});

/** Paths of the settings calls a page makes from now on, as `METHOD /path`. */
function recordSettingsCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/settings')) calls.push(`${request.method()} ${pathname}`);
  });
  return calls;
}

/** One agent's stored values, read straight from the API. */
async function storedAgentValues(page: Page, agent: string): Promise<Record<string, unknown>> {
  return page.evaluate(
    async (id) =>
      (
        (await (await fetch(`/api/settings/agents/${id}`)).json()) as {
          data: { values: Record<string, unknown> };
        }
      ).data.values,
    agent,
  );
}

const HIGH_TIMEOUT = 'Timeout value is very high (>300 seconds)';

describe('settings: live server validation, connection test and single-key update', () => {
  it('checks an edit on the server while typing: its warning shows, and nothing is saved', async () => {
    const { page, watch } = await openSettings('/settings?tab=executor');
    const path = 'agents.executor.default_timeout_seconds';
    const input = inputOf(page, path);
    await input.waitFor();
    const before = await input.inputValue();
    const calls = recordSettingsCalls(page);
    const validated = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/settings/config/validate') &&
        response.request().postDataJSON()?.value === 900,
    );

    await input.fill('900');
    const answer = await validated;
    expect(answer.request().postDataJSON()).toEqual({
      config_path: path,
      value: 900,
      validate_only: true,
    });
    expect(((await answer.json()) as { data: unknown }).data).toEqual({
      valid: true,
      errors: [],
      warnings: [{ path, message: HIGH_TIMEOUT }],
    });
    await fieldOf(page, path).getByText(HIGH_TIMEOUT, { exact: true }).waitFor();
    const summary = page
      .getByTestId('agent-panel-executor')
      .getByRole('region', { name: 'Validation summary' });
    await expect(summary.textContent()).resolves.toContain(HIGH_TIMEOUT);
    await screenshot(page, 'settings-live-validation-1440');
    // A warning does not block the save; the typing itself saved nothing.
    await expect(
      page.getByTestId('agent-panel-executor').getByRole('button', { name: 'Save' }).isDisabled(),
    ).resolves.toBe(false);
    expect(calls.filter((call) => !call.startsWith('GET '))).toEqual([
      'POST /api/settings/config/validate',
    ]);
    await expect(storedAgentValues(page, 'executor')).resolves.toMatchObject({
      [path]: Number(before),
    });
    expectNoProblems(watch);
  });

  it('shows an error only the server knows on the field, blocks the save, and clears it once fixed', async () => {
    const { page, watch } = await openSettings('/settings?tab=security');
    const card = page.getByTestId('security-safety_validation');
    const path = 'safety_validation.business_hours.start';
    const save = card.getByRole('button', { name: 'Save Safety Validation' });
    await inputOf(page, path).fill('9:30');
    await fieldOf(page, path).getByText('Expected a whole hour (HH:00)', { exact: true }).waitFor();
    await expect(
      card.getByRole('region', { name: 'Validation summary' }).textContent(),
    ).resolves.toContain('Expected a whole hour (HH:00)');
    await expect(inputOf(page, path).getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(save.isDisabled()).resolves.toBe(true);

    await inputOf(page, path).fill('08:00');
    await expect
      .poll(() => fieldOf(page, path).getByText('Expected a whole hour (HH:00)').count())
      .toBe(0);
    await expect(save.isDisabled()).resolves.toBe(false);
    await expect(storedAgentValues(page, 'executor')).resolves.not.toMatchObject({
      [path]: '9:30',
    });
    expectNoProblems(watch);
  });

  it('Refresh tests the connection with GET /api/settings/ before reloading', async () => {
    const { page, watch } = await openSettings('/settings');
    const calls = recordSettingsCalls(page);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => calls.includes('GET /api/settings/global')).toBe(true);
    // The status poll runs on its own clock; the rest is Refresh's.
    const refresh = calls.filter((call) => call !== 'GET /api/settings/agents/status');
    expect(refresh[0]).toBe('GET /api/settings/');
    expect(refresh).toEqual(expect.arrayContaining(['GET /api/settings/agents']));
    expectNoProblems(watch);
  });

  it('Retry after a failed load tests the connection first, then shows the settings', async () => {
    const { page, watch } = await session.newPage();
    await page.route('**/api/settings/global', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: 'down', code: 'UNAVAILABLE' }),
      }),
    );
    await page.goto(session.url('/settings'));
    await page.getByText('Configuration Error', { exact: true }).waitFor();
    await page.getByText(/^Failed to GET \/api\/settings\/global: HTTP 503/).waitFor();

    await page.unroute('**/api/settings/global');
    const calls = recordSettingsCalls(page);
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('tablist', { name: 'Settings sections' }).waitFor();
    expect(calls.filter((call) => call !== 'GET /api/settings/agents/status')[0]).toBe(
      'GET /api/settings/',
    );
    expect(calls).toContain('GET /api/settings/global');
    // The 503 this test injects is the one failure allowed: the browser's and the client's lines.
    expect(watch.pageErrors).toEqual([]);
    expect(watch.cspViolations).toEqual([]);
    expect(
      watch.consoleErrors.filter(
        (text) => !text.includes('status of 503') && !text.startsWith('GET /api/settings/global'),
      ),
    ).toEqual([]);
  });

  it('View JSON shows the whole configuration from GET /api/settings/config, secrets masked', async () => {
    const { page, watch } = await openSettings('/settings');
    const calls = recordSettingsCalls(page);
    await page.getByRole('button', { name: 'View JSON' }).click();
    const dialog = page.getByRole('dialog', { name: 'Full configuration' });
    await dialog.locator('pre').waitFor();
    expect(calls).toContain('GET /api/settings/config');
    const shown = JSON.parse(await dialog.locator('pre').innerText()) as Record<string, unknown>;
    const served = await page.evaluate(
      async () => ((await (await fetch('/api/settings/config')).json()) as { data: unknown }).data,
    );
    expect(shown).toEqual(served);
    expect(Object.keys(shown)).toEqual(
      expect.arrayContaining(['global_config', 'executor', 'rca']),
    );
    // The secret the masking test stored earlier in this file is never in the tree.
    expect(JSON.stringify(shown)).not.toContain('s3cret-');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expectNoProblems(watch);
  });

  it('restores one field to its default with POST /api/settings/config/update, kept across a reload', async () => {
    const { page, watch } = await openSettings('/settings?tab=executor');
    const panel = page.getByTestId('agent-panel-executor');
    const path = 'agents.executor.retry_delay_seconds';
    const field = fieldOf(page, path);
    const restore = field.getByRole('button', { name: 'Restore default for Retry delay seconds' });

    await inputOf(page, path).fill('7');
    await panel.getByRole('button', { name: 'Save' }).click();
    await panel.getByText(/^Saved 1 setting at/).waitFor();
    await expect(storedAgentValues(page, 'executor')).resolves.toMatchObject({ [path]: 7 });

    // An unsaved edit elsewhere in the panel survives the single-key save.
    await inputOf(page, 'agents.executor.max_retries').fill('4');
    const calls = recordSettingsCalls(page);
    const updated = page.waitForRequest((request) =>
      request.url().endsWith('/api/settings/config/update'),
    );
    await restore.click();
    await field.getByText('Save the default (5) now?').waitFor();
    await field.screenshot({ path: join(ARTIFACTS_DIR, 'settings-restore-default-1440.png') });
    await field.getByRole('button', { name: 'Save default' }).click();
    expect((await updated).postDataJSON()).toEqual({ config_path: path, value: 5 });
    await panel.getByText(/^Saved 1 setting at/).waitFor();
    await expect.poll(() => inputOf(page, path).inputValue()).toBe('5');
    await expect(restore.count()).resolves.toBe(0);
    await expect(inputOf(page, 'agents.executor.max_retries').inputValue()).resolves.toBe('4');
    expect(calls.filter((call) => !call.startsWith('GET ') && !call.endsWith('/validate'))).toEqual(
      ['POST /api/settings/config/update'],
    );

    await page.reload();
    await page.getByTestId('agent-panel-executor').waitFor();
    await expect(inputOf(page, path).inputValue()).resolves.toBe('5');
    await expect(
      fieldOf(page, path)
        .getByRole('button', { name: /^Restore default/ })
        .count(),
    ).resolves.toBe(0);
    await expect(storedAgentValues(page, 'executor')).resolves.toMatchObject({ [path]: 5 });
    expectNoProblems(watch);
  });
});

describe('settings: integrations', () => {
  it('shows each card, tests BigQuery for real and keeps PostgreSQL local', async () => {
    const { page, watch } = await openSettings('/settings?tab=integrations');
    for (const id of ['otel', 'gemini', 'bigquery', 'postgres', 'email']) {
      await page.getByTestId(`integration-${id}`).waitFor();
    }
    await expect(page.getByTestId('integration-otel').textContent()).resolves.toContain(
      'Used by: Traceability',
    );

    const bigquery = page.getByTestId('integration-bigquery');
    await bigquery.getByRole('button', { name: 'Test Connection' }).click();
    // No BigQuery project or credentials exist here, so the real client must fail.
    await bigquery.getByText('Failed', { exact: true }).waitFor();
    await expect(page.getByTestId('bigquery-test-detail').textContent()).resolves.not.toBe('');

    const postgres = page.getByTestId('integration-postgres');
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET') calls.push(`${request.method()} ${request.url()}`);
    });
    await inputOf(page, 'postgres.database').fill(`vigil_${unique()}`);
    await postgres.getByRole('button', { name: 'Test Connection' }).click();
    await page.getByTestId('postgres-check').waitFor();
    await postgres.getByRole('button', { name: 'Save', exact: true }).click();
    await postgres.getByText(/^Saved 1 setting at/).waitFor();
    expect(calls).toEqual([]);
    await screenshot(page, 'settings-integrations-1440');
    expectNoProblems(watch);
  });
});
