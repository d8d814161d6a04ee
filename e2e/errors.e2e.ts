import { describe, expect, it } from 'vitest';
import { PHONE, expectNoProblems, useConsoleSession } from './harness/console-session';

const session = useConsoleSession();

/** The crash switch: `?__crash` only works once this browser has opted in (see apps/web/README.md). */
const CRASH_OPT_IN = 'vigil.e2e.crash';

describe('the crash screen', () => {
  it('shows when a page crashes, with Refresh Page and collapsed Error Details', async () => {
    const { page, watch } = await session.open('/dashboard');
    await page.evaluate((key) => localStorage.setItem(key, '1'), CRASH_OPT_IN);
    try {
      await page.goto(session.url('/dashboard?__crash'));
      await page.getByRole('heading', { level: 1, name: 'Something went wrong' }).waitFor();
      await page
        .getByText('The application encountered an error. Please refresh the page.')
        .waitFor();
      await page.getByRole('button', { name: 'Refresh Page' }).waitFor();

      const details = page.locator('details', { hasText: 'Error Details' });
      await expect(
        details.evaluate((element) => (element as HTMLDetailsElement).open),
      ).resolves.toBe(false);
      await page.getByText('Error Details').click();
      await expect(
        details.evaluate((element) => (element as HTMLDetailsElement).open),
      ).resolves.toBe(true);
      await expect(details.locator('pre').textContent()).resolves.toContain(
        'Crash requested by the e2e switch',
      );

      // The shell survives a page crash, and moving on clears it.
      await expect(page.getByTestId('header-title').textContent()).resolves.toBe('Dashboard');
      await session.screenshot(page, 'crash-screen-1440');
      await page.getByTestId('side-panel').getByRole('link', { name: 'Audit' }).click();
      await page.getByRole('heading', { level: 1, name: 'Audit Trail' }).waitFor();

      // Refresh Page reloads: with the switch gone, the page renders normally.
      await page.goto(session.url('/settings?__crash'));
      await page.getByRole('heading', { level: 1, name: 'Something went wrong' }).waitFor();
      await page.evaluate((key) => localStorage.removeItem(key), CRASH_OPT_IN);
      await Promise.all([
        page.waitForEvent('load'),
        page.getByRole('button', { name: 'Refresh Page' }).click(),
      ]);
    } finally {
      await page.evaluate((key) => localStorage.removeItem(key), CRASH_OPT_IN);
    }
    await page.getByText('Something went wrong').waitFor({ state: 'detached' });
    // ?__crash is still in the URL but no longer honoured: the page shows.
    await page.getByRole('heading', { level: 1, name: 'Vigil Configuration' }).waitFor();
    // React reports the crash it caught on the console; nothing else may appear.
    expect(watch.consoleErrors.length).toBeGreaterThan(0);
    expect(
      watch.consoleErrors.filter(
        (text) => !/Crash requested by the e2e switch|Vigil crashed/.test(text),
      ),
    ).toEqual([]);
    expect(watch.cspViolations).toEqual([]);
  });

  it('is never shown from the link alone, without the browser opt-in', async () => {
    const { page, watch } = await session.open('/anomalies?__crash');
    await page.getByRole('heading', { level: 1, name: 'Anomalies' }).waitFor();
    await expect(page.getByText('Something went wrong').count()).resolves.toBe(0);
    expectNoProblems(watch);
  });
});

describe('the routing fallback', () => {
  it('answers an unknown path with "Unexpected Application Error!" and a way back', async () => {
    const { page, watch } = await session.newPage();
    await page.goto(session.url('/no-such-page'));
    await page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' }).waitFor();
    await page.getByText('404 Not Found', { exact: true }).waitFor();
    await session.screenshot(page, 'route-error-1440');
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expectNoProblems(watch);
  });

  it('shows when a page module cannot be loaded (a broken route)', async () => {
    const { page, watch } = await session.open('/dashboard', PHONE);
    await page.route('**/assets/audit-route-*.js', (route) => route.abort('failed'));
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await page
      .getByRole('dialog', { name: 'Navigation' })
      .getByRole('link', { name: 'Audit' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' }).waitFor();
    await page.getByText('Error Details').click();
    await expect(page.locator('details pre').textContent()).resolves.toMatch(/audit-route/);
    // The only console error is the blocked request itself.
    expect(
      watch.consoleErrors.filter((text) => !/net::ERR_FAILED|Failed to load resource/.test(text)),
    ).toEqual([]);
    expect(watch.cspViolations).toEqual([]);
    expect(watch.pageErrors).toEqual([]);
  });
});
