import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { launchBrowser, type Browser } from './browser';
import { ARTIFACTS_DIR } from './paths';
import { watchPage, type PageWatch } from './page-watch';
import { requestJson } from './rest-api';

export const DESKTOP = { width: 1440, height: 900 };
export const TABLET = { width: 800, height: 900 };
export const PHONE = { width: 390, height: 844 };

export interface Viewport {
  width: number;
  height: number;
}

export interface OpenedPage {
  page: Page;
  watch: PageWatch;
}

export interface ConsoleSession {
  /** The server's base URL. */
  url(path?: string): string;
  /** A fresh tab at the given size, watched for console errors and CSP violations. */
  newPage(viewport?: Viewport): Promise<OpenedPage>;
  /** A fresh tab that has loaded `path` and shows the shell. */
  open(path: string, viewport?: Viewport): Promise<OpenedPage>;
  screenshot(page: Page, name: string): Promise<string>;
  /** A JSON call to the server's API (see rest-api.ts): throws on an answer outside 2xx. */
  api<T>(method: string, path: string, body?: unknown): Promise<T>;
  /** `api('GET', path)`. */
  get<T>(path: string): Promise<T>;
}

/**
 * Wires a test file to the shared server and its own browser: pages are closed after each test,
 * the browser after the file. Call at the top level of a test file.
 */
export function useConsoleSession(): ConsoleSession {
  const baseUrl = inject('vigilUrl');
  let browser: Browser | null = null;
  const pages: Page[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    await mkdir(ARTIFACTS_DIR, { recursive: true });
  });
  afterEach(async () => {
    await Promise.all(pages.splice(0).map((page) => page.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });

  const session: ConsoleSession = {
    url: (path = '/') => new URL(path, baseUrl).toString(),
    async newPage(viewport = DESKTOP) {
      if (!browser) throw new Error('newPage() runs inside a test, after beforeAll');
      const page = await browser.context.newPage();
      pages.push(page);
      await page.setViewportSize(viewport);
      return { page, watch: await watchPage(page) };
    },
    async open(path, viewport = DESKTOP) {
      const opened = await session.newPage(viewport);
      await opened.page.goto(session.url(path));
      await opened.page.locator('header').waitFor();
      return opened;
    },
    async screenshot(page, name) {
      const path = join(ARTIFACTS_DIR, `${name}.png`);
      await page.screenshot({ path, fullPage: true });
      return path;
    },
    api: (method, path, body) => requestJson(baseUrl, method, path, body),
    get: (path) => requestJson(baseUrl, 'GET', path),
  };
  return session;
}

/** The assertion every test ends with. */
export function expectNoProblems(watch: PageWatch): void {
  expect(watch.problems()).toEqual([]);
}

/** Removes the console errors a test provoked on purpose, checking each one really happened. */
export function takeExpectedErrors(watch: PageWatch, patterns: RegExp[]): void {
  for (const pattern of patterns) {
    expect(watch.consoleErrors.some((text) => pattern.test(text))).toBe(true);
  }
  watch.consoleErrors = watch.consoleErrors.filter(
    (text) => !patterns.some((pattern) => pattern.test(text)),
  );
}
