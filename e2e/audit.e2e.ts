import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import type { AuditEntry } from '@vigil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_CSV_COLUMNS } from '../apps/web/src/features/audit/lib/audit-csv';
import {
  DESKTOP,
  PHONE,
  expectNoProblems,
  takeExpectedErrors,
  useConsoleSession,
} from './harness/console-session';

const session = useConsoleSession();

interface TrailBody {
  data: { audit_entries: AuditEntry[]; total_items: number; total_pages: number };
}

const trail = (query: Record<string, string | number>) =>
  session.get<TrailBody>(
    `/api/audit/trail?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
  );

/** A token only this run's entries contain, inside a name that needs CSV quoting. */
const TOKEN = `e2e-audit-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const ACTION_NAME = `Restart "orders-db", ${TOKEN}`;
const REJECTED = 19;
/** 19 rejections, 1 approval and the failed run it starts. */
const OUR_ENTRIES = REJECTED + 2;

/**
 * Fills the trail through the public API: an action that waits for approval, executed 20 times;
 * 19 executions rejected, one approved, whose run the executor's guard refuses (a loopback target).
 */
let actionId: string | null = null;

async function seedOurEntries(): Promise<void> {
  const action = (
    await session.api<{ data: { id: string } }>('POST', '/api/executor/actions', {
      name: ACTION_NAME,
      description: 'Audit e2e action',
      template_command: { method: 'POST', url: 'http://127.0.0.1:9/audit' },
      max_retries: 0,
      safety_constraints: { requires_approval: true },
    })
  ).data;
  actionId = action.id;
  const parked: string[] = [];
  for (let i = 0; i <= REJECTED; i++) {
    const execution = await session.api<{ data: { id: string } }>('POST', '/api/executor/execute', {
      action_id: action.id,
    });
    parked.push(execution.data.id);
  }
  for (const id of parked.slice(0, REJECTED))
    await session.api('POST', `/api/executor/executions/${id}/reject`, {});
  await session.api('POST', `/api/executor/executions/${parked[REJECTED]}/approve`, {});
  // The audit writer is a bus subscriber: its entries land a moment after the calls answer.
  const deadline = Date.now() + 30_000;
  while ((await trail({ search: TOKEN, page_size: 100 })).data.total_items < OUR_ENTRIES) {
    if (Date.now() > deadline) throw new Error(`the ${OUR_ENTRIES} audit entries never appeared`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** RFC 4180: quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += char;
  }
  return rows;
}

type CsvColumn = (typeof AUDIT_CSV_COLUMNS)[number];

/**
 * What each column must hold for an entry, as the API answered it, by column name: the column
 * list and its order come from the console (pinned to the spec by audit-csv.test.ts), the values
 * are worked out here.
 */
function expectedRow(entry: AuditEntry): Record<CsvColumn, string> {
  const text = (value: string | number | null) => (value === null ? '' : String(value));
  const guarded = (value: string | null) =>
    value !== null && /^[=+\-@\t\r]/.test(value) ? `'${value}` : text(value);
  return {
    Timestamp: entry.timestamp,
    Type: entry.type,
    Description: guarded(entry.description),
    Severity: entry.severity,
    'Incident ID': text(entry.incident_id),
    'Anomaly Event ID': guarded(entry.anomaly_event_id),
    'Action Name': guarded(entry.action_name),
    'Execution Status': text(entry.execution_status),
    'Retry Count': text(entry.retry_count),
    'Duration (s)': text(entry.execution_duration),
    'Affected Services': guarded(entry.affected_services.join('; ')),
    'Root Component': guarded(entry.root_component),
    'Trace ID': guarded(entry.trace_id),
    'Triggered By': guarded(entry.triggered_by),
    'Agents Involved': guarded(entry.agents_involved.join('; ')),
    'Error Message': guarded(entry.error_message),
  };
}

const entriesOf = (page: Page) => page.getByTestId('audit-entry');
const showing = (page: Page) => page.getByTestId('audit-showing');

describe('Audit Trail (/audit)', () => {
  beforeAll(seedOurEntries, 60_000);
  afterAll(async () => {
    if (actionId) await session.api('DELETE', `/api/executor/actions/${actionId}`);
  });

  it('shows the stat cards, the filters with their defaults and the entries', async () => {
    const { page, watch } = await session.open('/audit', DESKTOP);
    await page.getByRole('heading', { level: 1, name: 'Audit Trail' }).waitFor();
    await entriesOf(page).first().waitFor();
    for (const label of ['Total Events', 'Incidents', 'Executions', 'Success Rate']) {
      await page.getByLabel(label, { exact: true }).waitFor();
    }
    // The cards show what the server counts; Refresh catches up if the pipeline wrote meanwhile.
    const statsNow = async () =>
      (
        await session.get<{ data: { stats: { total_events: number; success_rate: number } } }>(
          `/api/audit/stats?start_date=${new Date(Date.now() - 7 * 86_400_000).toISOString()}`,
        )
      ).data.stats;
    await expect
      .poll(async () => {
        const [shown, rate] = await Promise.all([
          page.getByLabel('Total Events', { exact: true }).innerText(),
          page.getByLabel('Success Rate', { exact: true }).innerText(),
        ]);
        const stats = await statsNow();
        const expected = [
          String(stats.total_events),
          `${(Math.round(stats.success_rate * 1000) / 10).toFixed(1)}%`,
        ];
        const same = [shown, rate].join(' ') === expected.join(' ');
        if (!same) await page.getByRole('button', { name: 'Refresh' }).click();
        return same;
      })
      .toBe(true);
    await expect(page.getByLabel('Success Rate', { exact: true }).innerText()).resolves.toMatch(
      /^\d{1,3}\.\d%$/,
    );

    const timeRange = page.getByRole('combobox', { name: 'Time range' });
    await expect(timeRange.inputValue()).resolves.toBe('7d');
    await expect(
      timeRange.evaluate((select) =>
        Array.from((select as HTMLSelectElement).options, (option) => option.text),
      ),
    ).resolves.toEqual(['Last 1 hour', 'Last 24 hours', 'Last 7 days', 'Last 30 days']);
    await expect(
      page.getByRole('searchbox', { name: 'Search audit entries' }).getAttribute('placeholder'),
    ).resolves.toBe('Search descriptions, actions, errors...');
    await session.screenshot(page, 'audit-1440');

    // Refresh asks the server again.
    await Promise.all([
      page.waitForResponse((response) => response.url().includes('/api/audit/trail')),
      page.getByRole('button', { name: 'Refresh' }).click(),
    ]);
    expectNoProblems(watch);
  });

  it('searches, filters and pages through 21 entries', async () => {
    const { page, watch } = await session.open(
      `/audit?search=${encodeURIComponent(TOKEN)}`,
      DESKTOP,
    );
    await expect(
      page.getByRole('searchbox', { name: 'Search audit entries' }).inputValue(),
    ).resolves.toBe(TOKEN);
    await expect
      .poll(() => showing(page).innerText())
      .toBe(`Showing 1 to 20 of ${OUR_ENTRIES} entries`);
    await expect(entriesOf(page).count()).resolves.toBe(20);
    await expect(page.getByTestId('audit-page-of').innerText()).resolves.toBe('Page 1 of 2');
    await expect(page.getByRole('button', { name: 'Previous' }).isDisabled()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect
      .poll(() => showing(page).innerText())
      .toBe(`Showing 21 to 21 of ${OUR_ENTRIES} entries`);
    await expect(page.getByTestId('audit-page-of').innerText()).resolves.toBe('Page 2 of 2');
    await expect(page.getByRole('button', { name: 'Next' }).isDisabled()).resolves.toBe(true);

    // A filter goes back to page 1.
    await page.getByRole('combobox', { name: 'Execution status' }).selectOption('failed');
    await expect.poll(() => showing(page).innerText()).toBe('Showing 1 to 1 of 1 entries');
    const failed = entriesOf(page).first();
    await failed.getByText('Action Executed').waitFor();
    await expect(failed.innerText()).resolves.toMatch(/Duration: \d+\.\d(s|m|h)/);
    await failed.getByRole('button', { name: 'Details' }).click();
    for (const label of [
      'Affected services',
      'Agents involved',
      'Triggered by',
      'Root component',
      'Trace ID',
      'Error details',
      'Additional metadata',
    ]) {
      await failed.getByText(label, { exact: true }).waitFor();
    }
    await expect(failed.getByRole('definition').allInnerTexts()).resolves.toContain('executor');
    await failed.getByText('"execution_id"').waitFor();
    await session.screenshot(page, 'audit-details-1440');

    await page.getByRole('combobox', { name: 'Execution status' }).selectOption('all');
    await page.getByRole('combobox', { name: 'Event type' }).selectOption('action_approved');
    await expect
      .poll(() => showing(page).innerText())
      .toBe(`Showing 1 to 20 of ${OUR_ENTRIES - 1} entries`);
    await page.getByRole('combobox', { name: 'Severity' }).selectOption('critical');
    await page.getByText('No audit entries found').waitFor();
    await expect(showing(page).innerText()).resolves.toBe('Showing 0 to 0 of 0 entries');
    await page.getByRole('combobox', { name: 'Severity' }).selectOption('all');
    await page.getByRole('combobox', { name: 'Time range' }).selectOption('1h');
    await expect
      .poll(() => showing(page).innerText())
      .toBe(`Showing 1 to 20 of ${OUR_ENTRIES - 1} entries`);
    expectNoProblems(watch);
  });

  it('exports the filtered trail as CSV, checked column by column', async () => {
    const { page, watch } = await session.open(
      `/audit?search=${encodeURIComponent(TOKEN)}`,
      DESKTOP,
    );
    await expect.poll(() => showing(page).innerText()).toContain(`of ${OUR_ENTRIES} entries`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(
      `audit-trail-${new Date().toISOString().slice(0, 10)}.csv`,
    );
    const rows = parseCsv(await readFile(await download.path(), 'utf8'));
    expect(rows[0]).toEqual(AUDIT_CSV_COLUMNS);
    const expected = (await trail({ search: TOKEN, page_size: 10_000 })).data.audit_entries;
    expect(rows).toHaveLength(expected.length + 1);
    expected.forEach((entry, index) => {
      const row = rows[index + 1]!;
      const expectedValues = expectedRow(entry);
      AUDIT_CSV_COLUMNS.forEach((column, index) => {
        expect({ column, value: row[index] }).toEqual({ column, value: expectedValues[column] });
      });
    });
    // The quoting survived: the name with a quote and a comma is one field.
    const cell = (row: string[], column: CsvColumn) => row[AUDIT_CSV_COLUMNS.indexOf(column)];
    expect(rows.filter((row) => cell(row, 'Action Name') === ACTION_NAME)).toHaveLength(
      OUR_ENTRIES,
    );
    expect(rows.some((row) => cell(row, 'Error Message')?.length)).toBe(true);
    expectNoProblems(watch);
  });

  it('takes highlight, event_type, incident_id and search from the link and the search events', async () => {
    const failed = (await trail({ search: TOKEN, execution_status: 'failed' })).data
      .audit_entries[0]!;
    const { page, watch } = await session.open(
      `/audit?highlight=${failed.id}&search=${encodeURIComponent(TOKEN)}`,
      DESKTOP,
    );
    await page.waitForFunction(
      (id) =>
        document
          .querySelector(`[data-search-target="${id}"]`)
          ?.classList.contains('search-highlight'),
      failed.id,
    );

    const opened = (await trail({ event_type: 'incident_opened', page_size: 1 })).data
      .audit_entries[0];
    expect(opened?.incident_id).toBeTypeOf('number');
    await page.goto(
      session.url(`/audit?event_type=incident_opened&incident_id=${opened!.incident_id}`),
    );
    await expect(page.getByRole('combobox', { name: 'Event type' }).inputValue()).resolves.toBe(
      'incident_opened',
    );
    await page.getByText(`Incident #${opened!.incident_id}`, { exact: true }).waitFor();
    await entriesOf(page).first().waitFor();
    const texts = await entriesOf(page).allInnerTexts();
    expect(texts.every((text) => text.includes('Incident Opened'))).toBe(true);
    await page.getByRole('button', { name: 'Clear incident filter' }).click();
    await page.getByText(`Incident #${opened!.incident_id}`, { exact: true }).waitFor({
      state: 'detached',
    });

    await page.evaluate(
      (search) =>
        window.dispatchEvent(
          new CustomEvent('applySearchFilters', { detail: { filters: { search } } }),
        ),
      TOKEN,
    );
    await expect(
      page.getByRole('searchbox', { name: 'Search audit entries' }).inputValue(),
    ).resolves.toBe(TOKEN);
    expectNoProblems(watch);
  });

  it('shows the error with Retry when the server refuses the query', async () => {
    const { page, watch } = await session.open(`/audit?search=${'x'.repeat(501)}`, DESKTOP);
    const error = page.getByRole('alert').filter({ hasText: 'Error loading audit data:' });
    await error.waitFor({ timeout: 15_000 });
    await expect(error.innerText()).resolves.toContain(
      'Error loading audit data: HTTP error! status: 400',
    );
    await error.getByRole('button', { name: 'Retry' }).waitFor();
    await session.screenshot(page, 'audit-error-1440');
    await page.getByRole('searchbox', { name: 'Search audit entries' }).fill(TOKEN);
    await expect.poll(() => showing(page).innerText()).toContain(`of ${OUR_ENTRIES} entries`);
    await error.waitFor({ state: 'detached' });
    takeExpectedErrors(watch, [/400/]);
    expectNoProblems(watch);
  });

  it('is readable at 390 px', async () => {
    const { page, watch } = await session.open(`/audit?search=${encodeURIComponent(TOKEN)}`, PHONE);
    await expect.poll(() => showing(page).innerText()).toContain(`of ${OUR_ENTRIES} entries`);
    await entriesOf(page).first().getByRole('button', { name: 'Details' }).click();
    await expect(
      page.evaluate(() => document.documentElement.scrollWidth),
    ).resolves.toBeLessThanOrEqual(PHONE.width);
    await session.screenshot(page, 'audit-390');
    expectNoProblems(watch);
  });
});
