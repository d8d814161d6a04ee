import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TABLET, expectNoProblems, useConsoleSession } from './harness/console-session';
import { NAV_ITEMS, navItemNames } from './harness/routes';

const session = useConsoleSession();

const bodyOverflow = (page: Page): Promise<string> =>
  page.evaluate(() => getComputedStyle(document.body).overflow);
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Navigation' });
/** By label, not role: while the modal drawer is open, Radix hides the rest of the page from the accessibility tree. */
const menuButton = (page: Page) => page.getByLabel('Open navigation menu');

/** Opens the drawer at 800 px and checks the open state every close path starts from. */
async function openDrawer(path = '/dashboard'): Promise<Awaited<ReturnType<typeof session.open>>> {
  const opened = await session.open(path, TABLET);
  const { page } = opened;
  await expect(bodyOverflow(page)).resolves.not.toBe('hidden');
  await menuButton(page).click();
  await drawer(page).waitFor();
  await expect(bodyOverflow(page)).resolves.toBe('hidden');
  return opened;
}

async function expectClosed(page: Page): Promise<void> {
  await drawer(page).waitFor({ state: 'detached' });
  await expect(bodyOverflow(page)).resolves.not.toBe('hidden');
}

/** At 800 px wide, under the server's real CSP (Radix injects its scroll-lock styles). */
describe('the navigation drawer', () => {
  it('opens as a modal dialog holding the same entries, focus inside, page scroll locked', async () => {
    const { page, watch } = await openDrawer();
    await expect(menuButton(page).getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(drawer(page).getAttribute('aria-modal')).resolves.toBe('true');
    await expect(navItemNames(drawer(page))).resolves.toEqual(NAV_ITEMS);
    await expect(
      page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null),
    ).resolves.toBe(true);
    await expect(
      page.evaluate(() => document.body.hasAttribute('data-scroll-locked')),
    ).resolves.toBe(true);
    expectNoProblems(watch);
  });

  it('closes on route change, and the new page shows', async () => {
    const { page, watch } = await openDrawer('/dashboard');
    await drawer(page).getByRole('link', { name: 'Applications' }).click();
    await page.waitForURL('**/applications');
    await expectClosed(page);
    await page.getByRole('heading', { level: 1, name: 'Applications' }).waitFor();
    expectNoProblems(watch);
  });

  it('closes on browser back as well', async () => {
    const { page, watch } = await session.open('/dashboard', TABLET);
    await page.getByRole('link', { name: 'Vigil home' }).click();
    await page.goto(session.url('/audit'));
    await menuButton(page).click();
    await drawer(page).waitFor();
    await page.goBack();
    await page.waitForURL('**/dashboard');
    await expectClosed(page);
    expectNoProblems(watch);
  });

  it('closes on an overlay click', async () => {
    const { page, watch } = await openDrawer();
    // Right of the drawer, on the overlay.
    await page.mouse.click(TABLET.width - 40, TABLET.height / 2);
    await expectClosed(page);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expectNoProblems(watch);
  });

  it('closes on its close button and gives focus back to the menu button', async () => {
    const { page, watch } = await openDrawer();
    await drawer(page).getByRole('button', { name: 'Close navigation menu' }).click();
    await expectClosed(page);
    await expect(
      page.evaluate(() => document.activeElement?.getAttribute('aria-label')),
    ).resolves.toBe('Open navigation menu');
    expectNoProblems(watch);
  });

  it('closes on Escape', async () => {
    const { page, watch } = await openDrawer();
    await page.keyboard.press('Escape');
    await expectClosed(page);
    expectNoProblems(watch);
  });

  it('keeps Recommender disabled inside the drawer', async () => {
    const { page, watch } = await openDrawer();
    const recommender = drawer(page).locator('[data-nav-item="Recommender"]');
    await expect(recommender.getAttribute('aria-disabled')).resolves.toBe('true');
    await expect(recommender.textContent()).resolves.toContain('Coming soon');
    await recommender.click();
    await page.waitForTimeout(200);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await expect(drawer(page).isVisible()).resolves.toBe(true);
    expectNoProblems(watch);
  });

  it('closes when the window grows to the side panel width', async () => {
    const { page, watch } = await openDrawer();
    await page.setViewportSize({ width: 1280, height: 900 });
    await expectClosed(page);
    await expect(page.getByTestId('side-panel').isVisible()).resolves.toBe(true);
    expectNoProblems(watch);
  });
});
