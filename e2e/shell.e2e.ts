import { describe, expect, it } from 'vitest';
import { DESKTOP, TABLET, expectNoProblems, useConsoleSession } from './harness/console-session';
import { NAV_ITEMS, ROUTES, navItemNames } from './harness/routes';

const session = useConsoleSession();

const EXPECTED_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'; form-action 'self'";

describe('the console shell', () => {
  it('is served under the real Content Security Policy', async () => {
    const { page, watch } = await session.newPage();
    const response = await page.goto(session.url('/dashboard'));
    expect(response?.headers()['content-security-policy']).toBe(EXPECTED_CSP);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expectNoProblems(watch);
  });

  it('redirects / to /dashboard', async () => {
    const { page, watch } = await session.open('/');
    await page.waitForURL('**/dashboard');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Dashboard');
    expectNoProblems(watch);
  });

  it.each(ROUTES)('$path shows its title, header title and subtitle', async (route) => {
    const { page, watch } = await session.open(route.path);
    await page.getByRole('heading', { level: 1, name: route.heading, exact: true }).waitFor();
    await expect(page.getByTestId('header-title').textContent()).resolves.toBe(route.headerTitle);
    if (route.subtitle) await page.getByText(route.subtitle, { exact: true }).waitFor();
    await expect(page.title()).resolves.toBe(`${route.headerTitle} · Vigil`);
    expectNoProblems(watch);
  });

  it('shows the search box in the header', async () => {
    const { page, watch } = await session.open('/dashboard');
    const search = page.locator('header').getByRole('searchbox', { name: 'Global search' });
    await expect(search.getAttribute('placeholder')).resolves.toBe(
      'Search applications, anomalies, policies...',
    );
    expectNoProblems(watch);
  });

  it('links the logo to / (and so to the Dashboard)', async () => {
    const { page, watch } = await session.open('/audit');
    await page.getByRole('link', { name: 'Vigil home' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expectNoProblems(watch);
  });
});

describe('the side panel', () => {
  it('lists the seven entries in spec order, the current one marked', async () => {
    const { page, watch } = await session.open('/anomalies', DESKTOP);
    const panel = page.getByTestId('side-panel');
    await expect(navItemNames(panel)).resolves.toEqual(NAV_ITEMS);
    const links = panel.getByRole('link');
    await expect(
      links.evaluateAll((items) => items.map((item) => item.getAttribute('href'))),
    ).resolves.toEqual([
      '/dashboard',
      '/applications',
      '/anomalies',
      '/policies',
      '/audit',
      '/settings',
    ]);
    await expect(
      panel.getByRole('link', { name: 'Anomalies' }).getAttribute('aria-current'),
    ).resolves.toBe('page');
    expectNoProblems(watch);
  });

  it('shows Recommender disabled with "Coming soon" and does not navigate to it', async () => {
    const { page, watch } = await session.open('/dashboard', DESKTOP);
    const recommender = page.getByTestId('side-panel').locator('[data-nav-item="Recommender"]');
    await expect(recommender.getAttribute('aria-disabled')).resolves.toBe('true');
    await expect(recommender.textContent()).resolves.toContain('Coming soon');
    await expect(recommender.evaluate((element) => element.closest('a'))).resolves.toBeNull();
    await recommender.click();
    await page.waitForTimeout(200);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expectNoProblems(watch);
  });

  it('navigates between pages, updating the header title', async () => {
    const { page, watch } = await session.open('/dashboard', DESKTOP);
    await page.getByTestId('side-panel').getByRole('link', { name: 'Governance' }).click();
    await page.waitForURL('**/policies');
    await page.getByRole('heading', { level: 1, name: 'Approved Actions' }).waitFor();
    await expect(page.getByTestId('header-title').textContent()).resolves.toBe('Governance');
    expectNoProblems(watch);
  });

  it('is visible at 1440 px without a menu button, and hidden at 800 px with one', async () => {
    const wide = await session.open('/dashboard', DESKTOP);
    await expect(wide.page.getByTestId('side-panel').isVisible()).resolves.toBe(true);
    await expect(
      wide.page.getByRole('button', { name: 'Open navigation menu' }).isVisible(),
    ).resolves.toBe(false);

    const narrow = await session.open('/dashboard', TABLET);
    await expect(narrow.page.getByTestId('side-panel').isVisible()).resolves.toBe(false);
    await expect(
      narrow.page.getByRole('button', { name: 'Open navigation menu' }).isVisible(),
    ).resolves.toBe(true);
    expectNoProblems(wide.watch);
    expectNoProblems(narrow.watch);
  });
});

describe('the harness', () => {
  it('catches console errors and CSP violations (the watch itself works)', async () => {
    const { page, watch } = await session.open('/dashboard');
    await page.evaluate(() => {
      console.error('deliberate console error');
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true';
      document.head.append(script);
    });
    await expect.poll(() => watch.cspViolations.length).toBeGreaterThan(0);
    await expect(page.evaluate(() => 'inlineRan' in window)).resolves.toBe(false);
    expect(watch.consoleErrors).toContain('deliberate console error');
    expect(watch.cspViolations[0]?.directive).toBe('script-src-elem');
  });
});
