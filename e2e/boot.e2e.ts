import { describe, expect, it } from 'vitest';
import { expectNoProblems, useConsoleSession } from './harness/console-session';

const session = useConsoleSession();

/** Spec part 2 section 2: a 'Loading...' spinner first, the app mounts after 100 ms. */
describe('boot', () => {
  it('shows the Loading... spinner until the 100 ms mount delay has passed', async () => {
    const { page, watch } = await session.newPage();
    // The fake clock holds every page timer until the test moves time on. It belongs to the whole
    // browser context, which is why this test has a file (and so a browser) of its own.
    await page.clock.install();
    await page.clock.pauseAt(new Date('2030-01-01T00:00:00Z'));
    await page.goto(session.url('/dashboard'));

    const spinner = page.locator('#root .boot-spinner');
    await expect(spinner.isVisible()).resolves.toBe(true);
    await expect(
      page.locator('#root').getByText('Loading...', { exact: true }).isVisible(),
    ).resolves.toBe(true);
    await expect(page.locator('header').count()).resolves.toBe(0);

    await page.clock.runFor(99);
    await expect(page.locator('header').count()).resolves.toBe(0);
    await session.screenshot(page, 'boot-loading-1440');

    await page.clock.runFor(1);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await expect(spinner.count()).resolves.toBe(0);
    expectNoProblems(watch);
  });
});
