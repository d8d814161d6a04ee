import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, expectNoProblems, useConsoleSession } from './harness/console-session';
import { ROUTES } from './harness/routes';

const session = useConsoleSession();

/** Screenshots of every route at desktop and phone widths, saved to e2e/artifacts/ for review. */
describe('screenshots', () => {
  for (const [label, viewport] of [
    ['1440', DESKTOP],
    ['390', PHONE],
  ] as const) {
    it.each(ROUTES)(`$path at ${label} px`, async (route) => {
      const { page, watch } = await session.open(route.path, viewport);
      await page.getByRole('heading', { level: 1, name: route.heading, exact: true }).waitFor();
      const path = await session.screenshot(page, `${route.name}-${label}`);
      expect(path).toMatch(/\.png$/);
      expectNoProblems(watch);
    });
  }

  it('the drawer open at 390 px', async () => {
    const { page, watch } = await session.open('/anomalies', PHONE);
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await page.getByRole('dialog', { name: 'Navigation' }).waitFor();
    // Let the slide-in finish so the picture shows the resting state.
    await page.waitForTimeout(300);
    await session.screenshot(page, 'drawer-open-390');
    expectNoProblems(watch);
  });
});
