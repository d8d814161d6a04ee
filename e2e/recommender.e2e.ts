import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, expectNoProblems, useConsoleSession } from './harness/console-session';

const session = useConsoleSession();

describe('System Recommender (/recommender)', () => {
  it('shows the labelled sample: scans with Run Now and recommendations by category', async () => {
    const { page, watch } = await session.open('/recommender', DESKTOP);
    await page.getByRole('heading', { level: 1, name: 'System Recommender' }).waitFor();
    await expect(page.getByRole('note').innerText()).resolves.toContain('Sample content.');
    // The navigation entry stays disabled.
    await page.getByTestId('side-panel').getByText('Coming soon').waitFor();
    await expect(
      page
        .getByTestId('side-panel')
        .getByRole('link', { name: /Recommender/ })
        .count(),
    ).resolves.toBe(0);

    const scans = page.getByTestId('scan-card');
    await expect(scans.count()).resolves.toBe(4);
    const statuses = await scans.evaluateAll((cards) =>
      cards.map((card) => card.getAttribute('data-scan-status')),
    );
    expect(statuses).toEqual(['completed', 'running', 'scheduled', 'scheduled']);
    await expect(page.getByRole('button', { name: 'Run Now' }).count()).resolves.toBe(2);
    const security = page.getByRole('article', { name: 'Security Scan' });
    await security.getByRole('button', { name: 'Run Now' }).click();
    await security.getByText('running').waitFor();
    await expect(page.getByRole('button', { name: 'Run Now' }).count()).resolves.toBe(1);

    const cards = page.getByTestId('recommendation-card');
    await expect(cards.count()).resolves.toBe(6);
    const category = page.getByRole('combobox', { name: 'Category' });
    await expect(
      category.evaluate((select) =>
        Array.from((select as HTMLSelectElement).options, (option) => option.value),
      ),
    ).resolves.toEqual(['all', 'Performance', 'Security', 'Reliability', 'Cost']);
    for (const [value, count] of [
      ['Performance', 2],
      ['Security', 2],
      ['Reliability', 1],
      ['Cost', 1],
      ['all', 6],
    ] as const) {
      await category.selectOption(value);
      await expect(cards.count()).resolves.toBe(count);
    }
    const first = cards.first();
    await expect(first.innerText()).resolves.toMatch(
      /Impact: high[\s\S]*Effort: low[\s\S]*3 affected services/,
    );
    await first.getByRole('button', { name: 'View Details' }).click();
    await first.getByText(/Affected services: /).waitFor();
    await first.getByRole('button', { name: 'Implement' }).click();
    await first.getByText('in-progress').waitFor();
    await session.screenshot(page, 'recommender-1440');
    expectNoProblems(watch);
  });

  it('schedules a scan in a dialog that only closes, sending nothing', async () => {
    const { page, watch } = await session.open('/recommender', DESKTOP);
    // Reads by the shell (the search index) are fine; nothing may be sent.
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET') sent.push(`${request.method()} ${request.url()}`);
    });
    await page.getByRole('button', { name: 'Schedule Scan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule Scan' });
    const options = (label: string) =>
      dialog
        .getByLabel(label)
        .evaluate((select) =>
          Array.from((select as HTMLSelectElement).options, (option) => option.text),
        );
    await expect(options('Scan type')).resolves.toEqual([
      'Comprehensive System Scan',
      'Performance Scan',
      'Security Scan',
      'Cost Optimization Scan',
    ]);
    await expect(options('Schedule')).resolves.toEqual(['Daily', 'Weekly', 'Monthly', 'Custom']);
    await dialog.getByLabel('Scan type').selectOption('Security Scan');
    await dialog.getByLabel('Schedule').selectOption('Monthly');
    await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(sent).toEqual([]);
    expectNoProblems(watch);
  });

  it('is readable at 390 px', async () => {
    const { page, watch } = await session.open('/recommender', PHONE);
    await page.getByTestId('recommendation-card').first().waitFor();
    await expect(
      page.evaluate(() => document.documentElement.scrollWidth),
    ).resolves.toBeLessThanOrEqual(PHONE.width);
    await session.screenshot(page, 'recommender-390');
    await page.getByRole('button', { name: 'Schedule Scan' }).click();
    await page.getByRole('dialog', { name: 'Schedule Scan' }).waitFor();
    await session.screenshot(page, 'recommender-schedule-390');
    expectNoProblems(watch);
  });
});
