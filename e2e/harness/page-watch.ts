import type { BrowserContext, Page } from 'playwright-core';

export interface CspViolation {
  directive: string;
  blockedUri: string;
  sourceFile: string;
}

export interface PageWatch {
  consoleErrors: string[];
  pageErrors: string[];
  cspViolations: CspViolation[];
  /** Everything above, one line each; a test asserts this is empty. */
  problems(): string[];
}

const REPORT_BINDING = '__vigilReportCspViolation';
const watches = new WeakMap<Page, PageWatch>();
const installed = new WeakSet<BrowserContext>();

/**
 * Reports `securitypolicyviolation` events to the test through a binding. Init scripts and
 * bindings come in over the DevTools protocol, so the page's own CSP does not block them.
 */
async function installCspReporter(context: BrowserContext): Promise<void> {
  if (installed.has(context)) return;
  installed.add(context);
  await context.exposeBinding(REPORT_BINDING, ({ page }, violation: CspViolation) => {
    watches.get(page)?.cspViolations.push(violation);
  });
  await context.addInitScript((binding: string) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as Record<string, (violation: unknown) => void>)[binding];
      report?.({
        directive: event.effectiveDirective,
        blockedUri: event.blockedURI,
        sourceFile: `${event.sourceFile}:${event.lineNumber}`,
      });
    });
  }, REPORT_BINDING);
}

/** Collects the console errors, uncaught exceptions and CSP violations of one page. */
export async function watchPage(page: Page): Promise<PageWatch> {
  await installCspReporter(page.context());
  const watch: PageWatch = {
    consoleErrors: [],
    pageErrors: [],
    cspViolations: [],
    problems: () => [
      ...watch.consoleErrors.map((text) => `console error: ${text}`),
      ...watch.pageErrors.map((text) => `uncaught: ${text}`),
      ...watch.cspViolations.map(
        (v) => `CSP violation: ${v.directive} blocked ${v.blockedUri} (${v.sourceFile})`,
      ),
    ],
  };
  watches.set(page, watch);
  page.on('console', (message) => {
    if (message.type() === 'error') watch.consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => watch.pageErrors.push(error.message));
  return watch;
}
