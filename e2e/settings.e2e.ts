import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  PHONE,
  expectNoProblems,
  useConsoleSession,
  type Viewport,
} from './harness/console-session';

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

  it('shows the server’s 400 on the field it names, then accepts the fixed value', async () => {
    const { page, watch } = await openSettings('/settings?tab=integrations');
    const card = page.getByTestId('integration-email');
    const sender = inputOf(page, 'collaborator.email_service.sender_email');
    await sender.fill('not-an-email');
    await card.getByRole('button', { name: 'Save Email Service' }).click();
    await fieldOf(page, 'collaborator.email_service.sender_email')
      .getByText('Expected an email address', { exact: true })
      .waitFor();
    await card.getByText('The server rejected 1 value; nothing was saved.').waitFor();
    // The rejected call is the one failure this test provokes: the browser's and the client's log lines.
    expect(watch.pageErrors).toEqual([]);
    expect(watch.cspViolations).toEqual([]);
    expect(
      watch.consoleErrors.filter(
        (text) =>
          !text.includes('status of 400') && !text.startsWith('PUT /api/settings/global failed'),
      ),
    ).toEqual([]);
    watch.consoleErrors.length = 0;

    const address = `ops-${unique()}@example.com`;
    await sender.fill(address);
    await card.getByRole('button', { name: 'Save Email Service' }).click();
    await card.getByText(/^Saved 1 setting at/).waitFor();
    await page.reload();
    await page.getByTestId('integration-email').waitFor();
    await expect(
      inputOf(page, 'collaborator.email_service.sender_email').inputValue(),
    ).resolves.toBe(address);
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
