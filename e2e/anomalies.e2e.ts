import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { Anomaly, IncidentStack } from '@vigil/contract';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  DESKTOP,
  PHONE,
  expectNoProblems,
  useConsoleSession,
  type Viewport,
} from './harness/console-session';
import type { PageWatch } from './harness/page-watch';
import { ARTIFACTS_DIR } from './harness/paths';

/**
 * The Anomalies screen against the shared server: the OTLP seed's `orders-db` incident (a stack
 * with RCA, remediation and traceability) plus, sent here through OTLP as well, a run of errors
 * on one uniquely named service, 11 minutes apart, so each opens its own single-event incident
 * (enough for paging and time filters; the detector stops flagging a template after a few
 * repeats, hence eight different failures). Expected numbers come from the API, never from here.
 */
const session = useConsoleSession();
const seed = inject('seed');

const RUN = randomBytes(3).toString('hex');
const LEDGER = `ledger-${RUN}`;
const LEDGER_EVENTS = 40;
const FAILURES = [
  'disk full on /var/lib/ledger',
  'out of memory: killed journal writer',
  'segfault in replication worker',
  'certificate expired for upstream bank',
  'deadlock detected while posting entries',
  'checksum mismatch in journal segment',
  'connection reset by clearing house',
  'write timeout on ledger volume',
];
const SPACING_MS = 11 * 60_000;

interface ListBody<T> {
  data: { anomalies: T[] };
  total_items: number;
  total_pages: number;
}

const stacks = (pageSize = 250, query = '') =>
  session.get<ListBody<IncidentStack>>(
    `/api/anomalies?group_by_incident=true&page_size=${pageSize}${query}`,
  );

async function until<T>(what: string, probe: () => Promise<T | null>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== null) return value;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${what} did not happen within ${timeoutMs} ms`);
}

async function sendLedgerErrors(): Promise<void> {
  const now = Date.now();
  const logRecords = Array.from({ length: LEDGER_EVENTS }, (_, i) => ({
    timeUnixNano: `${now - 60_000 - i * SPACING_MS}000000`,
    severityNumber: 17,
    severityText: 'ERROR',
    body: { stringValue: `FATAL: ${FAILURES[i % FAILURES.length]} (batch ${i})` },
  }));
  await session.api('POST', '/v1/logs', {
    resourceLogs: [
      {
        resource: { attributes: [{ key: 'service.name', value: { stringValue: LEDGER } }] },
        scopeLogs: [{ scope: { name: 'vigil-e2e-anomalies' }, logRecords }],
      },
    ],
  });
}

let ordersStack: IncidentStack;
let ledgerStacks: IncidentStack[];

beforeAll(async () => {
  await sendLedgerErrors();
  // Detection is asynchronous: wait until the count of ledger incidents stops growing.
  let seen = -1;
  ledgerStacks = await until('the ledger incidents', async () => {
    const body = await stacks();
    const mine = body.data.anomalies.filter((stack) => stack.top_event_component === LEDGER);
    const settled = mine.length >= 30 && mine.length === seen;
    seen = mine.length;
    return settled ? mine : null;
  });
  ordersStack = await until('the orders-db incident with its analysis', async () => {
    const stack = (await stacks()).data.anomalies.find(
      (candidate) => candidate.root_component === seed.failingService && candidate.count_total > 1,
    );
    if (!stack) return null;
    const top = await session.get<{ data: Anomaly }>(`/api/anomalies/${stack.top_event_id}`);
    const ready = top.data.rca_data && top.data.traceability_data && top.data.remediation_data;
    return ready ? stack : null;
  });
}, 90_000);

const cards = (page: Page): Locator =>
  page.getByTestId('anomaly-card').or(page.getByTestId('incident-stack-card'));

const cardFor = (page: Page, key: string): Locator => page.locator(`[data-search-target="${key}"]`);

async function openList(path: string, viewport: Viewport) {
  const opened = await session.open(path, viewport);
  await cards(opened.page).first().waitFor();
  return opened;
}

async function totalShown(page: Page): Promise<string> {
  return (await page.getByTestId('anomalies-total').textContent()) ?? '';
}

async function selectedLabel(select: Locator): Promise<string> {
  return select.evaluate((element) => {
    const native = element as HTMLSelectElement;
    return native.options[native.selectedIndex]?.text ?? '';
  });
}

/** The detail covers the window and scrolls on its own: a full-page picture would show the list. */
async function viewportScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}.png`) });
}

/** The 404 of an unknown anomaly is logged by the client and by the browser: exactly those. */
function expectOnlyNotFound(watch: PageWatch): void {
  expect(watch.pageErrors).toEqual([]);
  expect(watch.cspViolations).toEqual([]);
  for (const error of watch.consoleErrors) expect(error).toMatch(/404/);
}

describe.each([
  ['1440', DESKTOP],
  ['390', PHONE],
] as const)('the anomaly list at %s px', (label, viewport) => {
  it('shows incident stacks and single-event cards with every field and the total', async () => {
    const { page, watch } = await openList('/anomalies', viewport);
    const all = await stacks(100);
    await expect(totalShown(page)).resolves.toBe(`${all.total_items} anomalies total`);

    const stack = cardFor(page, `incident-${ordersStack.incident_id}`);
    await expect(stack.getAttribute('data-testid')).resolves.toBe('incident-stack-card');
    const stackText = await stack.innerText();
    expect(stackText).toContain(
      `${ordersStack.count_total} events • ${ordersStack.count_suppressed} suppressed`,
    );
    expect(stackText).toContain(`Incident #${ordersStack.incident_id}`);
    expect(stackText).toMatch(new RegExp(`System:\\s*${ordersStack.top_event_component}`));
    expect(stackText).toMatch(new RegExp(`Trace:\\s*${ordersStack.trace_id!.slice(0, 8)}`));
    expect(stackText).toContain('Click to investigate');
    await expect(stack.getByTestId('severity-badge').textContent()).resolves.toBe(
      ordersStack.top_event_severity,
    );
    await expect(stack.getByTestId('incident-status-badge').textContent()).resolves.toBe('open');

    const single = ledgerStacks[0]!;
    const card = cardFor(page, `incident-${single.incident_id}`);
    await expect(card.getAttribute('data-testid')).resolves.toBe('anomaly-card');
    await expect(card.getByTestId('card-message').textContent()).resolves.toBe(
      single.top_event_message,
    );
    const cardText = await card.innerText();
    expect(cardText).toMatch(new RegExp(`System:\\s*${LEDGER}`));
    expect(cardText).toMatch(/Detected:\s*(Just now|\d+ (minute|hour)s? ago)/);
    expect(cardText).not.toContain('events •');

    await page.waitForTimeout(200);
    await session.screenshot(page, `anomalies-list-${label}`);
    expectNoProblems(watch);
  });

  it('filters by time on the server, by text and severity on the page', async () => {
    const { page, watch } = await openList('/anomalies', viewport);
    const time = page.getByRole('combobox', { name: 'Time range' });
    await expect(time.inputValue()).resolves.toBe('all');
    await expect(
      time.locator('option').evaluateAll((options) => options.map((option) => option.textContent)),
    ).resolves.toEqual([
      'Last 1 hour',
      'Last 2 hours',
      'Last 6 hours',
      'Last 12 hours',
      'Last 24 hours',
      'Last 7 days',
      'Last 30 days',
      'Last 1 week',
      'Last 1 month',
      'Last 3 months',
      'All time',
    ]);
    const lastHour = await stacks(100, '&time_filter=1h');
    const all = await stacks(100);
    expect(lastHour.total_items).toBeLessThan(all.total_items);
    await time.selectOption('1h');
    await page.getByText(`${lastHour.total_items} anomalies total`, { exact: true }).waitFor();
    await expect(cards(page).count()).resolves.toBe(lastHour.total_items);
    await time.selectOption('all');
    await page.getByText(`${all.total_items} anomalies total`, { exact: true }).waitFor();

    const search = page.getByRole('searchbox', { name: 'Search anomalies' });
    await expect(search.getAttribute('placeholder')).resolves.toBe('Search anomalies...');
    await search.fill('DEADLOCK detected');
    const deadlocks = all.data.anomalies.filter((stack) =>
      stack.top_event_message.includes('deadlock detected'),
    );
    expect(deadlocks.length).toBeGreaterThan(0);
    await expect.poll(() => cards(page).allInnerTexts()).toHaveLength(deadlocks.length);
    for (const text of await cards(page).allInnerTexts()) expect(text).toContain('deadlock');
    await search.fill('');

    const severity = page.getByRole('combobox', { name: 'Severity' });
    await expect(
      severity.locator('option').evaluateAll((options) => options.map((o) => o.textContent)),
    ).resolves.toEqual(['All Severities', 'High & Critical', 'Medium', 'Low']);
    await severity.selectOption({ label: 'High & Critical' });
    const highOrCritical = all.data.anomalies.filter((stack) =>
      ['high', 'critical'].includes(stack.top_event_severity),
    );
    await expect.poll(() => cards(page).count()).toBe(highOrCritical.length);
    const shown = await page.getByTestId('severity-badge').allTextContents();
    expect(shown).toContain('critical');
    for (const value of shown) expect(['high', 'critical']).toContain(value);
    await severity.selectOption({ label: 'Medium' });
    const medium = all.data.anomalies.filter((stack) => stack.top_event_severity === 'medium');
    await expect.poll(() => cards(page).count()).toBe(medium.length);
    if (medium.length === 0) await page.getByText('No anomalies found.').waitFor();
    expectNoProblems(watch);
  });

  it('pages with Prev/Next; a new page size starts again at page 1', async () => {
    const { page, watch } = await openList('/anomalies', viewport);
    const size = page.getByRole('combobox', { name: 'Page size' });
    await expect(size.inputValue()).resolves.toBe('100');
    await expect(
      size.locator('option').evaluateAll((options) => options.map((o) => o.getAttribute('value'))),
    ).resolves.toEqual(['25', '50', '100', '250']);
    const paged = await stacks(25);
    expect(paged.total_pages).toBeGreaterThan(1);
    await size.selectOption('25');
    const pageLabel = page.getByTestId('page-label');
    await expect.poll(() => pageLabel.textContent()).toBe(`1 / ${paged.total_pages}`);
    await expect.poll(() => cards(page).count()).toBe(25);
    const prev = page.getByRole('button', { name: 'Prev' });
    const next = page.getByRole('button', { name: 'Next' });
    await expect(prev.isDisabled()).resolves.toBe(true);
    const firstPageFirst = await cards(page).first().getAttribute('data-search-target');

    await next.click();
    await expect.poll(() => pageLabel.textContent()).toBe(`2 / ${paged.total_pages}`);
    await expect
      .poll(() => cards(page).first().getAttribute('data-search-target'))
      .not.toBe(firstPageFirst);
    await expect(prev.isDisabled()).resolves.toBe(false);

    await size.selectOption('50');
    const fifty = await stacks(50);
    await expect.poll(() => pageLabel.textContent()).toBe(`1 / ${fifty.total_pages}`);
    await expect(selectedLabel(size)).resolves.toBe('50 per page');
    expectNoProblems(watch);
  });

  it('opens the Incident Stack dialog with the incident events from the server', async () => {
    const { page, watch } = await openList('/anomalies', viewport);
    const events = await session.get<ListBody<Anomaly>>(
      `/api/anomalies?incident_id=${ordersStack.incident_id}&page_size=100&group_by_incident=false&include_suppressed=true`,
    );
    await cardFor(page, `incident-${ordersStack.incident_id}`).click();
    const dialog = page.getByRole('dialog', { name: `Incident Stack #${ordersStack.incident_id}` });
    await dialog.waitFor();
    await expect(dialog.getByTestId('stack-summary').innerText()).resolves.toMatch(
      new RegExp(
        `^${ordersStack.count_total} events • ${ordersStack.count_suppressed} suppressed •\\s*open$`,
      ),
    );
    await expect
      .poll(() => dialog.getByTestId('incident-event').count())
      .toBe(events.data.anomalies.length);
    const suppressed = events.data.anomalies.filter((a) => !a.orchestrator_data?.event_is_primary);
    await expect(dialog.getByText('suppressed', { exact: true }).count()).resolves.toBe(
      suppressed.length,
    );
    await viewportScreenshot(page, `anomalies-stack-dialog-${label}`);

    // The dialog lists the events in the server's order.
    const target = events.data.anomalies[1]!;
    await dialog.getByTestId('incident-event').nth(1).click();
    const detail = page.getByRole('dialog', { name: target.description });
    await detail.waitFor();
    await expect(dialog.isVisible()).resolves.toBe(false);
    await detail.getByRole('tab', { name: 'Incident' }).click();
    const role = target.orchestrator_data!.event_is_primary ? 'Primary' : 'Secondary (suppressed)';
    await detail.getByText(role, { exact: true }).waitFor();
    expectNoProblems(watch);
  });
});

describe.each([
  ['1440', DESKTOP],
  ['390', PHONE],
] as const)('the anomaly detail at %s px', (label, viewport) => {
  it('shows the five tabs of the top event, the trace flow and its root cause', async () => {
    const { data: anomaly } = await session.get<{ data: Anomaly }>(
      `/api/anomalies/${ordersStack.top_event_id}`,
    );
    const { page, watch } = await openList('/anomalies', viewport);
    await page.evaluate((anomalyId) => {
      window.dispatchEvent(new CustomEvent('openAnomalyDetail', { detail: { anomalyId } }));
    }, anomaly.id);
    const detail = page.getByTestId('anomaly-detail');
    await detail.getByRole('heading', { name: anomaly.description }).waitFor();
    await expect(
      detail.getByRole('tab').evaluateAll((tabs) => tabs.map((tab) => tab.textContent)),
    ).resolves.toEqual([
      'Overview',
      'Incident',
      'Root Cause Analysis',
      'Remediation',
      'Traceability',
    ]);

    const overview = await detail.getByRole('tabpanel').innerText();
    for (const field of [
      'DESCRIPTION',
      'SEVERITY',
      'STATUS',
      'TIME',
      'TYPE',
      'SCORE',
      'SOURCE SYSTEM',
      'ASSIGNED TO',
      'TAGS',
      'CONFIDENCE SCORE',
      'CONFIDENCE LEVEL',
      'MODEL VERSION',
      'PROCESSING TIME',
      'VALIDATED',
      'NEW KEYWORDS',
      'ANALYSIS',
    ]) {
      expect(overview).toContain(field);
    }
    expect(overview).toContain(anomaly.detection.model_version);
    expect(overview).toContain(anomaly.context.log_message);
    for (const model of Object.keys(anomaly.detection.ensemble_votes))
      expect(overview).toContain(model);
    await viewportScreenshot(page, `anomalies-detail-overview-${label}`);

    await detail.getByRole('tab', { name: 'Incident' }).click();
    const incident = await detail.getByRole('tabpanel').innerText();
    expect(incident).toContain(`Incident #${ordersStack.incident_id}`);
    expect(incident).toContain('Primary');
    expect(incident).toContain(anomaly.orchestrator_data!.reason);

    await detail.getByRole('tab', { name: 'Root Cause Analysis' }).click();
    const rca = detail.getByRole('tabpanel');
    await rca.getByText(anomaly.rca_data!.rca_summary, { exact: true }).waitFor();
    await rca.getByText(anomaly.rca_data!.root_cause, { exact: true }).waitFor();
    await expect(rca.getByTestId('rca-evidence').locator('li').count()).resolves.toBe(
      anomaly.rca_data!.evidence.length,
    );
    await expect(rca.locator('ol > li').count()).resolves.toBe(
      anomaly.rca_data!.analysis_steps.length,
    );

    await detail.getByRole('tab', { name: 'Remediation' }).click();
    const remediation = detail.getByRole('tabpanel');
    for (const step of anomaly.remediation_data!.remediation_steps) {
      await remediation.getByText(step, { exact: true }).waitFor();
    }
    for (const check of anomaly.remediation_data!.verification) {
      await remediation.getByText(check, { exact: true }).waitFor();
    }

    await detail.getByRole('tab', { name: 'Traceability' }).click();
    const flow = detail.getByTestId('trace-flow');
    const boxes = flow.getByTestId('trace-flow-box');
    await boxes.first().waitFor();
    const logs = anomaly.traceability_data!.correlated_logs;
    await expect(boxes.count()).resolves.toBe(logs.length);
    const rect = boxes.first().locator('rect');
    await expect(rect.getAttribute('width')).resolves.toBe('140');
    await expect(rect.getAttribute('height')).resolves.toBe('60');
    const svg = await flow.locator('svg').boundingBox();
    expect(svg!.width).toBeGreaterThanOrEqual(600);

    const root = flow.locator('[data-root-cause="true"]');
    await expect(root.count()).resolves.toBe(1);
    await expect(root.getAttribute('data-component')).resolves.toBe(seed.failingService);
    const labelBox = await root.getByTestId('root-cause-label').boundingBox();
    const rootBox = await root.locator('rect').boundingBox();
    await expect(root.getByTestId('root-cause-label').textContent()).resolves.toBe('ROOT CAUSE');
    expect(labelBox!.y + labelBox!.height).toBeLessThanOrEqual(rootBox!.y);

    // Snaking: the first row runs left to right, the second right to left, joined in one column.
    const positions = await boxes.evaluateAll((groups) =>
      groups.map((group) => {
        const box = group.querySelector('rect')!.getBoundingClientRect();
        return { x: Math.round(box.x), y: Math.round(box.y) };
      }),
    );
    const firstRow = positions.filter((position) => position.y === positions[0]!.y);
    const perRow = firstRow.length;
    expect(perRow).toBeGreaterThan(1);
    expect(logs.length).toBeGreaterThan(perRow + 1);
    expect(positions[1]!.x).toBeGreaterThan(positions[0]!.x);
    expect(positions[perRow]!.x).toBe(positions[perRow - 1]!.x);
    expect(positions[perRow + 1]!.x).toBeLessThan(positions[perRow]!.x);
    await flow.scrollIntoViewIfNeeded();
    await viewportScreenshot(page, `anomalies-detail-traceability-${label}`);

    await detail.getByRole('button', { name: '← Back to Anomalies' }).click();
    await detail.waitFor({ state: 'detached' });
    await cards(page).first().waitFor();
    expectNoProblems(watch);
  });

  it('opens a single-event incident straight into its anomaly detail', async () => {
    const single = ledgerStacks[1]!;
    const { page, watch } = await openList('/anomalies', viewport);
    await cardFor(page, `incident-${single.incident_id}`).click();
    const detail = page.getByRole('dialog', { name: single.top_event_message });
    await detail.waitFor();
    await expect(page.getByRole('dialog', { name: /Incident Stack/ }).count()).resolves.toBe(0);
    await expect(page.url()).toContain(`anomaly=${single.top_event_id}`);
    await page.goBack();
    await detail.waitFor({ state: 'detached' });
    expectNoProblems(watch);
  });
});

describe('the anomaly detail states', () => {
  it('shows Loading... and then "Anomaly not found" for an unknown id', async () => {
    const { page, watch } = await session.newPage(DESKTOP);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/anomalies/no-such-anomaly', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(session.url('/anomalies?anomaly=no-such-anomaly'));
    const detail = page.getByTestId('anomaly-detail');
    await detail.getByText('Loading...').waitFor();
    release();
    await detail.getByText('Anomaly not found', { exact: true }).waitFor();
    // Opened by a link, Back stays on the page and shows the list.
    await detail.getByRole('button', { name: '← Back to Anomalies' }).click();
    await detail.waitFor({ state: 'detached' });
    await cards(page).first().waitFor();
    expect(new URL(page.url()).search).toBe('');
    expectOnlyNotFound(watch);
  });

  it('shows "Could not load anomaly details" when the server cannot be reached', async () => {
    const { page, watch } = await session.newPage(PHONE);
    await page.route('**/api/anomalies/unreachable-anomaly', (route) =>
      route.abort('connectionrefused'),
    );
    await page.goto(session.url('/anomalies?anomaly=unreachable-anomaly'));
    await page.getByText('Could not load anomaly details', { exact: true }).waitFor();
    expect(watch.pageErrors).toEqual([]);
    for (const error of watch.consoleErrors)
      expect(error).toMatch(/unreachable-anomaly|ERR_CONNECTION_REFUSED|Could not reach/);
  });

  it('records an operator verdict and shows it', async () => {
    const target = ledgerStacks[2]!;
    const { page, watch } = await openList(`/anomalies?anomaly=${target.top_event_id}`, DESKTOP);
    const detail = page.getByRole('dialog', { name: target.top_event_message });
    const falsePositive = detail.getByRole('button', { name: 'False positive' });
    await falsePositive.click();
    await detail.getByText('Anomaly marked false positive', { exact: true }).waitFor();
    await expect(falsePositive.getAttribute('aria-pressed')).resolves.toBe('true');
    const stored = await session.get<{ data: Anomaly }>(`/api/anomalies/${target.top_event_id}`);
    expect(stored.data.status).toBe('false_positive');
    await detail.getByRole('tab', { name: 'Overview' }).click();
    await detail.getByRole('tabpanel').getByText('false positive', { exact: true }).waitFor();
    expectNoProblems(watch);
  });
});

describe('the list states', () => {
  it("does nothing when a card's anomaly cannot be loaded; the card works again after", async () => {
    const target = ledgerStacks[3]!;
    const { page, watch } = await openList('/anomalies', DESKTOP);
    let refuse = true;
    await page.route(`**/api/anomalies/${target.top_event_id}`, (route) =>
      refuse ? route.abort('connectionrefused') : route.continue(),
    );
    const card = cardFor(page, `incident-${target.incident_id}`);
    await card.click();
    await expect.poll(() => card.getAttribute('aria-busy')).toBe('true');
    await expect.poll(() => card.getAttribute('aria-busy'), { timeout: 10_000 }).toBe('false');
    await expect(page.getByTestId('anomaly-detail').count()).resolves.toBe(0);
    expect(page.url()).not.toContain('anomaly=');

    refuse = false;
    await card.click();
    await page.getByRole('dialog', { name: target.top_event_message }).waitFor();
    expect(watch.pageErrors).toEqual([]);
    for (const error of watch.consoleErrors) expect(error).toMatch(/ERR_CONNECTION_REFUSED/);
  });

  it('shows Loading... until the list arrives', async () => {
    const { page, watch } = await session.newPage(DESKTOP);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/anomalies?*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(session.url('/anomalies'));
    await page.getByRole('main').getByText('Loading...', { exact: true }).waitFor();
    release();
    await cards(page).first().waitFor();
    expectNoProblems(watch);
  });

  it('shows "Could not load anomalies" when the list cannot be loaded', async () => {
    const { page, watch } = await session.newPage(PHONE);
    await page.route('**/api/anomalies?*', (route) => route.abort('connectionrefused'));
    await page.goto(session.url('/anomalies'));
    await page
      .getByRole('alert')
      .getByText(/^Could not load anomalies/)
      .waitFor();
    await page.getByRole('button', { name: 'Retry' }).waitFor();
    expect(watch.pageErrors).toEqual([]);
    for (const error of watch.consoleErrors)
      expect(error).toMatch(/api\/anomalies|ERR_CONNECTION_REFUSED|Could not reach/);
  });
});

describe.each([
  ['1440', DESKTOP],
  ['390', PHONE],
] as const)('arriving from the global search at %s px', (_label, viewport) => {
  it('highlight=<anomaly id> sets the time filter to all, scrolls to the card and pulses it', async () => {
    const target = ledgerStacks[ledgerStacks.length - 1]!;
    const { page, watch } = await session.open(
      `/anomalies?highlight=${target.top_event_id}`,
      viewport,
    );
    const card = cardFor(page, `incident-${target.incident_id}`);
    await card.waitFor();
    await expect(page.getByRole('combobox', { name: 'Time range' }).inputValue()).resolves.toBe(
      'all',
    );
    await page.waitForFunction(
      (key) =>
        document
          .querySelector(`[data-search-target="${key}"]`)
          ?.classList.contains('search-highlight'),
      `incident-${target.incident_id}`,
    );
    // Scrolled smoothly into view (the card is the last one, far below the fold).
    await expect
      .poll(() =>
        card.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return box.bottom > 0 && box.top < window.innerHeight;
        }),
      )
      .toBe(true);
    // The class goes after about 3 s.
    await page.waitForFunction(
      (key) =>
        !document
          .querySelector(`[data-search-target="${key}"]`)
          ?.classList.contains('search-highlight'),
      `incident-${target.incident_id}`,
      { timeout: 6_000 },
    );
    expectNoProblems(watch);
  });

  it('highlight with the incident parameter finds a suppressed event inside its stack', async () => {
    const events = await session.get<ListBody<Anomaly>>(
      `/api/anomalies?incident_id=${ordersStack.incident_id}&page_size=100&group_by_incident=false`,
    );
    const suppressed = events.data.anomalies.find((a) => !a.orchestrator_data!.event_is_primary)!;
    const { page, watch } = await session.open(
      `/anomalies?highlight=${suppressed.id}&incident=${ordersStack.incident_id}&action=detail`,
      viewport,
    );
    await page.waitForFunction(
      (key) =>
        document
          .querySelector(`[data-search-target="${key}"]`)
          ?.classList.contains('search-highlight'),
      `incident-${ordersStack.incident_id}`,
    );
    // action=detail opens the highlighted anomaly too.
    await page.getByRole('dialog', { name: suppressed.description }).waitFor();
    expectNoProblems(watch);
  });

  it('applySearchFilters applies the search text and really filters by incident', async () => {
    const { page, watch } = await openList('/anomalies', viewport);
    await page.evaluate(() => {
      window.dispatchEvent(
        new CustomEvent('applySearchFilters', {
          detail: { filters: { search: 'certificate expired' } },
        }),
      );
    });
    const search = page.getByRole('searchbox', { name: 'Search anomalies' });
    await expect.poll(() => search.inputValue()).toBe('certificate expired');
    const certificates = (await stacks(100)).data.anomalies.filter((stack) =>
      stack.top_event_message.includes('certificate expired'),
    );
    expect(certificates.length).toBeGreaterThan(0);
    await expect.poll(() => cards(page).count()).toBe(certificates.length);
    for (const text of await cards(page).allInnerTexts())
      expect(text).toContain('certificate expired');

    const events = await session.get<ListBody<Anomaly>>(
      `/api/anomalies?incident_id=${ordersStack.incident_id}&page_size=100&group_by_incident=true`,
    );
    await page.evaluate((incidentId) => {
      window.dispatchEvent(
        new CustomEvent('applySearchFilters', {
          detail: { filters: { incident_id: incidentId, search: '' } },
        }),
      );
    }, ordersStack.incident_id);
    await page.getByText(`Incident #${ordersStack.incident_id}`, { exact: true }).first().waitFor();
    await page.getByText(`${events.total_items} anomalies total`, { exact: true }).waitFor();
    await expect
      .poll(() => page.getByTestId('anomaly-card').count())
      .toBe(events.data.anomalies.length);
    await expect(page.getByTestId('incident-stack-card').count()).resolves.toBe(0);
    for (const text of await page.getByTestId('card-incident').allTextContents()) {
      expect(text).toBe(`Incident #${ordersStack.incident_id}`);
    }
    await page.getByRole('button', { name: 'Clear incident filter' }).click();
    await cardFor(page, `incident-${ordersStack.incident_id}`).waitFor();
    expectNoProblems(watch);
  });

  it('incident_id in the link filters the list to that incident', async () => {
    const { page, watch } = await openList(
      `/anomalies?incident_id=${ordersStack.incident_id}`,
      viewport,
    );
    const clear = page.getByRole('button', { name: 'Clear incident filter' });
    await clear.waitFor();
    await expect.poll(() => page.getByTestId('incident-stack-card').count()).toBe(0);
    await page.getByText(`Incident #${ordersStack.incident_id}`, { exact: true }).first().waitFor();
    await clear.click();
    await cardFor(page, `incident-${ordersStack.incident_id}`).waitFor();
    expect(new URL(page.url()).searchParams.has('incident_id')).toBe(false);
    expectNoProblems(watch);
  });

  it('a malformed filters parameter is ignored with a warning', async () => {
    const { page, watch } = await session.newPage(viewport);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto(session.url('/anomalies?filters=%7Bnot-json'));
    await cards(page).first().waitFor();
    await expect.poll(() => warnings.join('\n')).toContain('Ignoring malformed search filters');
    await expect(page.getByRole('button', { name: 'Clear incident filter' }).count()).resolves.toBe(
      0,
    );
    expectNoProblems(watch);
  });
});
