import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { PHONE, expectNoProblems, useConsoleSession } from './harness/console-session';

/**
 * The global search against the seeded server: the index reads the real API (anomalies and the
 * incident from the failing dependency, audit entries, nodes, agents) plus an approved action
 * this file creates through the REST API.
 */
const session = useConsoleSession();
const seed = inject('seed');

const searchBox = (page: Page) =>
  page.locator('header').getByRole('searchbox', { name: 'Global search' });
const dropdown = (page: Page) => page.getByTestId('search-dropdown');
const rows = (page: Page, type?: string) =>
  page.locator(type ? `[data-search-result="${type}"]` : '[data-search-result]');
/** The type of every result row shown, in order. */
const resultTypes = (page: Page) =>
  rows(page).evaluateAll((all) => all.map((row) => row.getAttribute('data-search-result')));

async function search(page: Page, query: string): Promise<void> {
  await searchBox(page).fill(query);
  await page.getByTestId('search-result-count').waitFor();
}

async function createAction(name: string): Promise<string> {
  const created = await session.api<{ data: { id: string } }>('POST', '/api/executor/actions', {
    name,
    description: `Restarts ${seed.failingService} when its connection slots run out`,
    template_command: { method: 'POST', url: 'http://127.0.0.1:9/restart' },
    tags: ['database', 'restart', 'e2e'],
    keywords: ['restart'],
  });
  return created.data.id;
}

/** Records the search window events the page receives, in order. */
async function recordSearchEvents(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __searchEvents: string[] }).__searchEvents = seen;
    for (const name of [
      'openAnomalyDetail',
      'openActionEdit',
      'applySearchFilters',
      'openSettingsTab',
    ])
      window.addEventListener(name, (event) =>
        seen.push(`${name} ${JSON.stringify((event as CustomEvent).detail)}`),
      );
  });
  return () =>
    page.evaluate(() => [...(window as unknown as { __searchEvents: string[] }).__searchEvents]);
}

const pathAndQuery = (page: Page) => {
  const url = new URL(page.url());
  return { path: url.pathname, params: Object.fromEntries(url.searchParams) };
};

describe('the global search: typing, keyboard and results', () => {
  it('finds the failing dependency fuzzily and shows each result as the spec lists', async () => {
    const { page, watch } = await session.open('/dashboard');
    await searchBox(page).fill('conection slots');
    await page.getByText('Searching...').waitFor();
    await page.getByTestId('search-result-count').waitFor();
    await expect(page.getByTestId('search-result-count').textContent()).resolves.toMatch(
      /^\d+ results? \(\d+(\.\d)? ms\)$/,
    );
    const anomaly = rows(page, 'anomaly').first();
    await anomaly.waitFor();
    await expect(anomaly.locator('[data-field="title"]').textContent()).resolves.toContain(
      'connection slots',
    );
    await expect(anomaly.locator('mark').count()).resolves.toBeGreaterThan(0);
    await expect(anomaly.locator('[data-field="score"]').textContent()).resolves.toMatch(
      /^\d{1,3}%$/,
    );
    await expect(anomaly.locator('[data-field="matched"]').textContent()).resolves.toMatch(
      /^Matched in: (title|description|content|tags|keywords)/,
    );
    await expect(anomaly.locator('[data-field="incident"]').textContent()).resolves.toMatch(
      /^#\d+$/,
    );
    await expect(anomaly.locator('[data-type-icon="anomaly"]').count()).resolves.toBe(1);

    await searchBox(page).fill('qqzzxxvvkkjj');
    await page.getByText('No results found').waitFor();
    await page.getByText('Try adjusting your search terms or filters').waitFor();
    expectNoProblems(watch);
  });

  it('suggests the spec queries and applies one on click', async () => {
    const { page, watch } = await session.open('/dashboard');
    await search(page, 'database');
    const suggestions = page.getByTestId('search-suggestions');
    await expect(suggestions.getByRole('button').allTextContents()).resolves.toEqual([
      'component:database',
      'tag:database type:anomaly',
    ]);
    await suggestions.getByRole('button', { name: 'tag:database type:anomaly' }).click();
    await expect(searchBox(page).inputValue()).resolves.toBe('tag:database type:anomaly');
    expectNoProblems(watch);
  });

  it('focuses with Ctrl+K, moves with the arrows, opens with Enter and closes with Escape', async () => {
    const { page, watch } = await session.open('/audit');
    await page.locator('body').click();
    await page.keyboard.press('Control+k');
    await expect(
      searchBox(page).evaluate((input) => input === document.activeElement),
    ).resolves.toBe(true);
    await page.getByTestId('search-history-panel').waitFor();
    await page.keyboard.type(`type:application ${seed.failingService}`);
    await rows(page, 'application').first().waitFor();
    await page.keyboard.press('Escape');
    await dropdown(page).waitFor({ state: 'detached' });
    await expect(
      searchBox(page).evaluate((input) => input === document.activeElement),
    ).resolves.toBe(false);

    await page.keyboard.press('Control+k');
    await dropdown(page).waitFor();
    await page.keyboard.press('ArrowDown');
    await expect(rows(page).first().getAttribute('data-active')).resolves.toBe('true');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/applications?highlight=*');
    expectNoProblems(watch);
  });
});

describe('the global search: filters', () => {
  it('restricts by type from the filter panel, shows the chip and removes it', async () => {
    const { page, watch } = await session.open('/dashboard');
    await search(page, seed.failingService);
    await expect(rows(page).count()).resolves.toBeGreaterThan(0);
    const typesBefore = new Set(await resultTypes(page));
    expect(typesBefore.size).toBeGreaterThan(1);

    await page.getByRole('button', { name: 'Search filters' }).click();
    const panel = page.getByTestId('search-filter-panel');
    await panel.getByLabel('Applications').check();
    await panel.getByLabel('Start date').fill('2020-01-01');
    await page.getByTestId('search-filter-chips').getByText('type: application').waitFor();
    await panel.getByRole('button', { name: 'Show results' }).click();
    await page.getByTestId('search-result-count').waitFor();
    await expect(resultTypes(page)).resolves.toEqual(expect.arrayContaining(['application']));
    const typesAfter = new Set(await resultTypes(page));
    expect([...typesAfter]).toEqual(['application']);

    await page.getByRole('button', { name: 'Remove filter type: application' }).click();
    await page.getByTestId('search-filter-chips').waitFor({ state: 'detached' });
    await expect.poll(async () => new Set(await resultTypes(page)).size).toBeGreaterThan(1);
    expectNoProblems(watch);
  });

  it('applies a date range once both ends are filled, the end day included', async () => {
    const { page, watch } = await session.open('/dashboard');
    await search(page, 'type:anomaly connection slots');
    await rows(page, 'anomaly').first().waitFor();
    await page.getByRole('button', { name: 'Search filters' }).click();
    const panel = page.getByTestId('search-filter-panel');
    await panel.getByLabel('Start date').fill('2020-01-01');
    await panel.getByLabel('End date').fill('2020-01-02');
    await page
      .getByTestId('search-filter-chips')
      .getByText('date: 2020-01-01 – 2020-01-02')
      .waitFor();
    await panel.getByRole('button', { name: 'Show results' }).click();
    await page.getByText('No results found').waitFor();

    const today = await page.evaluate(() => {
      const now = new Date();
      const pad = (value: number) => String(value).padStart(2, '0');
      return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
    });
    await page.getByRole('button', { name: 'Search filters' }).click();
    await panel.getByLabel('End date').fill(today);
    await panel.getByRole('button', { name: 'Show results' }).click();
    await rows(page, 'anomaly').first().waitFor();
    expectNoProblems(watch);
  });

  it('restricts the shown results with the per-category buttons', async () => {
    const { page, watch } = await session.open('/dashboard');
    await search(page, seed.failingService);
    const categories = page.getByRole('group', { name: 'Result types' });
    await categories.getByRole('button', { name: /^Anomalies \(\d+\)$/ }).click();
    const shown = await resultTypes(page);
    expect(shown.length).toBeGreaterThan(0);
    expect(new Set(shown)).toEqual(new Set(['anomaly']));
    await categories.getByRole('button', { name: /^All \(\d+\)$/ }).click();
    await expect.poll(async () => new Set(await resultTypes(page)).size).toBeGreaterThan(1);
    expectNoProblems(watch);
  });

  it('filters with operators typed in the query', async () => {
    const { page, watch } = await session.open('/dashboard');
    await search(page, `type:incident ${seed.failingService}`);
    await rows(page, 'incident').first().waitFor();
    expect(new Set(await resultTypes(page))).toEqual(new Set(['incident']));
    await search(page, `${seed.failingService} before:2000-01-01 type:anomaly`);
    await page.getByText('No results found').waitFor();
    expectNoProblems(watch);
  });
});

describe('the global search: history and saved searches', () => {
  it('keeps a committed query in the recent searches, shown on focus with an empty query', async () => {
    const { page, watch } = await session.open('/dashboard');
    const query = `payments ${randomBytes(3).toString('hex')}`;
    await search(page, query);
    await searchBox(page).press('Enter');
    await searchBox(page).fill('');
    const history = page.getByTestId('search-history-panel');
    await history.waitFor();
    const recent = history.getByRole('region', { name: 'Recent searches' });
    const entry = recent.getByRole('button', { name: new RegExp(query) });
    await expect(entry.textContent()).resolves.toContain('Just now');

    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'detached' });
    await searchBox(page).focus();
    await history.waitFor();
    await entry.click();
    await expect(searchBox(page).inputValue()).resolves.toBe(query);
    await page.getByTestId('search-result-count').waitFor();
    expectNoProblems(watch);
  });

  it('saves the current query under a name (Enter saves, Escape cancels), across reloads', async () => {
    const { page, watch } = await session.open('/dashboard');
    const name = `Slots ${randomBytes(3).toString('hex')}`;
    await search(page, 'connection slots');
    await page.getByRole('button', { name: 'Search history' }).click();
    const saved = page
      .getByTestId('search-history-panel')
      .getByRole('region', { name: 'Saved searches' });

    await saved.getByRole('button', { name: 'Save current search' }).click();
    await saved.getByLabel('Saved search name').fill('never saved');
    await saved.getByLabel('Saved search name').press('Escape');
    await saved.getByRole('button', { name: 'Save current search' }).waitFor();
    await expect(saved.getByText('never saved').count()).resolves.toBe(0);

    await saved.getByRole('button', { name: 'Save current search' }).click();
    await saved.getByLabel('Saved search name').fill(name);
    await saved.getByLabel('Saved search name').press('Enter');
    await saved.getByText(name).waitFor();

    await page.reload();
    await searchBox(page).focus();
    const again = page
      .getByTestId('search-history-panel')
      .getByRole('region', { name: 'Saved searches' });
    await again.getByText(name).click();
    await expect(searchBox(page).inputValue()).resolves.toBe('connection slots');
    expectNoProblems(watch);
  });
});

describe('the global search: navigating from a result', () => {
  it('anomaly → /anomalies with highlight, action=detail and incident, then openAnomalyDetail', async () => {
    const { page, watch } = await session.open('/dashboard');
    const events = await recordSearchEvents(page);
    await search(page, 'type:anomaly connection slots');
    await rows(page, 'anomaly').first().click();
    await page.waitForURL('**/anomalies?**');
    const { path, params } = pathAndQuery(page);
    expect(path).toBe('/anomalies');
    expect(params).toMatchObject({ action: 'detail', incident: expect.stringMatching(/^\d+$/) });
    await expect
      .poll(events)
      .toEqual([
        expect.stringMatching(
          new RegExp(`^openAnomalyDetail \\{"anomalyId":"${params.highlight}"`),
        ),
      ]);
    expectNoProblems(watch);
  });

  it('incident → /anomalies with an incident_id filter', async () => {
    const { page, watch } = await session.open('/dashboard');
    const events = await recordSearchEvents(page);
    await search(page, `type:incident ${seed.failingService}`);
    await rows(page, 'incident').first().click();
    await page.waitForURL('**/anomalies?**');
    const { path, params } = pathAndQuery(page);
    expect(path).toBe('/anomalies');
    expect(params.incident_id).toMatch(/^\d+$/);
    await expect
      .poll(events)
      .toEqual([`applySearchFilters {"filters":{"incident_id":${params.incident_id}}}`]);
    expectNoProblems(watch);
  });

  it('action → /policies with highlight and action=edit; back/forward re-applies it', async () => {
    const name = `Restart orders pool ${randomBytes(3).toString('hex')}`;
    const id = await createAction(name);
    const { page, watch } = await session.open('/dashboard');
    const events = await recordSearchEvents(page);
    await search(page, `type:action ${name}`);
    await rows(page, 'action').first().click();
    await page.waitForURL('**/policies?**');
    expect(pathAndQuery(page).params).toEqual({ highlight: id, action: 'edit' });
    const edit = `openActionEdit {"actionId":"${id}"}`;
    await expect.poll(events).toEqual([edit]);

    await page.goBack();
    await page.waitForURL('**/dashboard');
    await page.goForward();
    await page.waitForURL('**/policies?**');
    await expect.poll(events).toEqual([edit, edit]);
    expectNoProblems(watch);
  });

  it('application → /applications with highlight', async () => {
    const { page, watch } = await session.open('/dashboard');
    await search(page, `type:application ${seed.failingService}`);
    await rows(page, 'application').first().click();
    await page.waitForURL('**/applications?**');
    expect(pathAndQuery(page)).toEqual({
      path: '/applications',
      params: { highlight: expect.stringContaining(seed.failingService) },
    });
    expectNoProblems(watch);
  });

  it('audit → /audit with event_type, incident_id and search; malformed filters are ignored', async () => {
    const { page, watch } = await session.open('/dashboard');
    const events = await recordSearchEvents(page);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await search(page, 'type:audit status:incident_opened incident opened');
    const row = rows(page, 'audit').first();
    const title = (await row.locator('[data-field="title"]').textContent()) ?? '';
    await row.click();
    await page.waitForURL('**/audit?**');
    const { path, params } = pathAndQuery(page);
    expect(path).toBe('/audit');
    expect(params).toMatchObject({
      event_type: 'incident_opened',
      incident_id: expect.stringMatching(/^\d+$/),
      search: title,
    });
    expect(JSON.parse(params.filters ?? '')).toEqual({
      event_type: 'incident_opened',
      incident_id: Number(params.incident_id),
      search: title,
    });
    await expect.poll(events).toHaveLength(1);

    await page.evaluate(() => {
      history.pushState(null, '', '/audit?filters=%7Bnot-json');
      history.pushState(null, '', '/audit');
    });
    await page.goBack();
    await expect
      .poll(() => warnings.some((text) => text.includes('Ignoring malformed search filters')))
      .toBe(true);
    await expect(events()).resolves.toHaveLength(1);
    expectNoProblems(watch);
  });

  it('agent → /settings with the tab set to the agent id', async () => {
    const { page, watch } = await session.open('/dashboard');
    const events = await recordSearchEvents(page);
    await search(page, 'type:agent executor');
    await rows(page, 'agent').first().click();
    await page.waitForURL('**/settings?**');
    expect(pathAndQuery(page)).toEqual({
      path: '/settings',
      params: { tab: 'executor', highlight: 'executor' },
    });
    await expect.poll(events).toEqual(['openSettingsTab {"tab":"executor"}']);
    expectNoProblems(watch);
  });
});

describe('the global search on a phone (390 px)', () => {
  it('opens as a full-screen overlay without the history panel, and closes', async () => {
    const { page, watch } = await session.open('/dashboard', PHONE);
    await searchBox(page).click();
    const overlay = page.getByTestId('search-overlay');
    await overlay.waitFor();
    await expect(overlay.boundingBox()).resolves.toEqual({
      x: 0,
      y: 0,
      width: PHONE.width,
      height: PHONE.height,
    });
    const input = overlay.getByRole('searchbox', { name: 'Global search' });
    await expect(input.evaluate((element) => element === document.activeElement)).resolves.toBe(
      true,
    );
    await expect(page.getByTestId('search-history-panel').count()).resolves.toBe(0);

    await input.fill('connection slots');
    await overlay.getByTestId('search-result-count').waitFor();
    const box = await rows(page).first().boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    await overlay.getByRole('button', { name: 'Close search' }).click();
    await overlay.waitFor({ state: 'detached' });

    await searchBox(page).click();
    await overlay.waitFor();
    await page.keyboard.press('Escape');
    await overlay.waitFor({ state: 'detached' });
    expectNoProblems(watch);
  });
});
