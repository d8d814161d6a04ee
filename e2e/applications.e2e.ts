import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { ArchitectureGraph } from '@vigil/contract';
import {
  layoutAspect,
  layoutGraph,
  type LaidOutNode,
} from '../apps/web/src/features/applications/lib/graph-layout';
import {
  DESKTOP,
  PHONE,
  expectNoProblems,
  useConsoleSession,
  type Viewport,
} from './harness/console-session';
import { ARTIFACTS_DIR } from './harness/paths';
import { requestJson } from './harness/rest-api';
import { startVigilServer } from './harness/vigil-server';
import { FRAME_MEASURE } from '../apps/web/src/features/applications/components/frame-measure';

const session = useConsoleSession();

async function fetchGraph(query = ''): Promise<ArchitectureGraph> {
  return (await session.get<{ data: ArchitectureGraph }>(`/api/architecture/visualization${query}`))
    .data;
}

const canvasOf = (page: Page) => page.getByTestId('system-graph-canvas');

interface View {
  scale: number;
  x: number;
  y: number;
}

async function viewOf(page: Page): Promise<View> {
  const raw = await canvasOf(page).getAttribute('data-viewport');
  const [scale = NaN, x = NaN, y = NaN] = (raw ?? '').split(' ').map(Number);
  return { scale, x, y };
}

/** Waits until the picture stops moving (the zoom-to-fit and centring animations are over). */
async function settled(page: Page): Promise<View> {
  let previous = '';
  for (;;) {
    await page.waitForTimeout(150);
    const current = (await canvasOf(page).getAttribute('data-viewport')) ?? '';
    if (current !== '' && current === previous) return viewOf(page);
    previous = current;
  }
}

/** Where a node is drawn on screen (page coordinates), from the pure layout and the viewport. */
async function nodeOnScreen(page: Page, graph: ArchitectureGraph, id: string) {
  const box = (await canvasOf(page).boundingBox())!;
  const layout = layoutGraph(graph, layoutAspect(box.width, box.height));
  const node: LaidOutNode | undefined = layout.nodes.find((n) => n.id === id);
  if (!node) throw new Error(`${id} is not in the graph`);
  const view = await viewOf(page);
  const toPage = (wx: number, wy: number) => ({
    x: box.x + wx * view.scale + view.x,
    y: box.y + wy * view.scale + view.y,
  });
  return {
    centre: toPage(node.x + node.width / 2, node.y + node.height / 2),
    leftEdge: toPage(node.x, node.y + node.height / 2),
    canvas: box,
  };
}

async function openGraph(viewport: Viewport = DESKTOP, path = '/applications') {
  const opened = await session.open(path, viewport);
  await canvasOf(opened.page).waitFor();
  await settled(opened.page);
  return opened;
}

async function touch(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
  return cdp;
}

const failing = () => inject('seed').failingService;

describe('applications: graph view', () => {
  it('shows the toolbar, Graph by default, and one pill per seeded system', async () => {
    const { page, watch } = await openGraph();
    await page
      .getByText('Manage and monitor your application ecosystem', { exact: true })
      .waitFor();
    await expect(
      page.getByRole('searchbox', { name: 'Search systems' }).getAttribute('placeholder'),
    ).resolves.toBe('Search systems...');
    await page.getByRole('button', { name: 'Filter', exact: true }).waitFor();
    await expect(
      page.getByRole('button', { name: 'Graph' }).getAttribute('aria-pressed'),
    ).resolves.toBe('true');
    await page.getByRole('heading', { name: 'System Interaction Diagram' }).waitFor();
    const graph = await fetchGraph();
    const label = await canvasOf(page).getAttribute('aria-label');
    expect(label).toContain(`${graph.nodes.length} systems`);
    for (const name of inject('seed').services) {
      expect(graph.nodes.map((node) => node.name)).toContain(name);
    }
    // Zoomed to fit: every node's centre is inside the canvas.
    const box = (await canvasOf(page).boundingBox())!;
    for (const node of graph.nodes) {
      const { centre } = await nodeOnScreen(page, graph, node.id);
      expect(centre.x).toBeGreaterThan(box.x);
      expect(centre.x).toBeLessThan(box.x + box.width);
      expect(centre.y).toBeGreaterThan(box.y);
      expect(centre.y).toBeLessThan(box.y + box.height);
    }
    await session.screenshot(page, 'applications-graph-1440');
    expectNoProblems(watch);
  });

  it('hovering a node shows its tooltip; clicking selects; the background clears', async () => {
    const { page, watch } = await openGraph();
    const graph = await fetchGraph();
    const db = graph.nodes.find((node) => node.name === failing())!;
    const { centre } = await nodeOnScreen(page, graph, db.id);
    await page.mouse.move(centre.x, centre.y);
    const tooltip = page.getByTestId('node-tooltip');
    await tooltip.waitFor();
    const text = await tooltip.innerText();
    expect(text).toContain(db.name);
    expect(text).toContain(db.environment || 'prod');
    expect(text).toContain(db.namespace || 'default');
    expect(text).toContain(db.group);
    for (const tile of ['Req/s', 'Error %', 'p50 (ms)', 'CPU %', 'Mem %', 'Avail %']) {
      expect(text).toContain(tile);
    }
    const tagCount = Math.min(6, Object.keys(db.tags).length);
    await expect(tooltip.getByRole('listitem').count()).resolves.toBe(tagCount);
    await session.screenshot(page, 'applications-tooltip-1440');

    await page.mouse.click(centre.x, centre.y);
    await expect(canvasOf(page).getAttribute('data-selected')).resolves.toBe(db.id);
    const box = (await canvasOf(page).boundingBox())!;
    await page.mouse.move(box.x + 4, box.y + 4);
    await expect(tooltip.count()).resolves.toBe(0);
    await page.mouse.click(box.x + 4, box.y + 4);
    await expect(canvasOf(page).getAttribute('data-selected')).resolves.toBeNull();
    expectNoProblems(watch);
  });

  it('zooms with the wheel, pans by dragging, and Fit to Screen brings the whole graph back', async () => {
    const { page, watch } = await openGraph();
    const fitted = await viewOf(page);
    const box = (await canvasOf(page).boundingBox())!;
    const mid = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await page.mouse.move(mid.x, mid.y);
    await page.mouse.wheel(0, -400);
    await expect.poll(async () => (await viewOf(page)).scale).toBeGreaterThan(fitted.scale);
    const zoomed = await viewOf(page);

    await page.mouse.move(mid.x, mid.y);
    await page.mouse.down();
    await page.mouse.move(mid.x + 120, mid.y + 40, { steps: 6 });
    await page.mouse.up();
    const panned = await viewOf(page);
    expect(panned.x - zoomed.x).toBeCloseTo(120, 0);
    expect(panned.y - zoomed.y).toBeCloseTo(40, 0);
    expect(panned.scale).toBe(zoomed.scale);

    await page.getByRole('button', { name: 'Fit to Screen' }).click();
    const back = await settled(page);
    expect(back.scale).toBeCloseTo(fitted.scale, 5);
    expect(back.x).toBeCloseTo(fitted.x, 3);
    expect(back.y).toBeCloseTo(fitted.y, 3);
    expectNoProblems(watch);
  });

  it('the highlight parameter selects, centres and pulses that node', async () => {
    const graph = await fetchGraph();
    const db = graph.nodes.find((node) => node.name === failing())!;
    const { page, watch } = await session.open(
      `/applications?highlight=${encodeURIComponent(db.id)}`,
    );
    await canvasOf(page).waitFor();
    await page.locator(`[data-testid="system-graph-canvas"][data-pulsing="${db.id}"]`).waitFor();
    await expect(canvasOf(page).getAttribute('data-selected')).resolves.toBe(db.id);
    await settled(page);
    const { centre, canvas } = await nodeOnScreen(page, graph, db.id);
    expect(centre.x).toBeCloseTo(canvas.x + canvas.width / 2, 0);
    expect(centre.y).toBeCloseTo(canvas.y + canvas.height / 2, 0);
    // The pulse ends by itself; the node stays selected.
    await page.locator('[data-testid="system-graph-canvas"]:not([data-pulsing])').waitFor();
    await expect(canvasOf(page).getAttribute('data-selected')).resolves.toBe(db.id);
    expectNoProblems(watch);
  });

  it('at 390 px: a 500 px diagram, a tap within 30 px selects, a pinch zooms', async () => {
    const { page, watch } = await openGraph(PHONE);
    const box = (await canvasOf(page).boundingBox())!;
    expect(box.height).toBe(500);
    const graph = await fetchGraph();
    const db = graph.nodes.find((node) => node.name === failing())!;
    const cdp = await touch(page);
    const tap = async (x: number, y: number) => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    const { leftEdge } = await nodeOnScreen(page, graph, db.id);
    // Outside the pill but within 30 px of it (the page is at the top, so page = viewport px).
    await tap(leftEdge.x - 20, leftEdge.y);
    await expect.poll(() => canvasOf(page).getAttribute('data-selected')).toBe(db.id);
    await page.getByTestId('node-tooltip').waitFor();
    await session.screenshot(page, 'applications-graph-390');

    const before = await viewOf(page);
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const pinch = (spread: number) => [
      { x: cx - spread, y: cy, id: 1 },
      { x: cx + spread, y: cy, id: 2 },
    ];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: pinch(20) });
    for (const spread of [40, 60, 80]) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: pinch(spread) });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(async () => (await viewOf(page)).scale).toBeGreaterThan(before.scale * 2);
    // A pinch is not a tap: the selection stays.
    await expect(canvasOf(page).getAttribute('data-selected')).resolves.toBe(db.id);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(PHONE.width);
    expectNoProblems(watch);
  });

  it("shows 'Loading diagram...' until the graph answers", async () => {
    const { page, watch } = await session.newPage();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/architecture/visualization**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(session.url('/applications'));
    await page.getByRole('status').getByText('Loading diagram...', { exact: true }).waitFor();
    release();
    await canvasOf(page).waitFor();
    expectNoProblems(watch);
  });

  it("shows 'No systems to display' when the graph cannot be fetched", async () => {
    const { page, watch } = await session.newPage();
    await page.route('**/api/architecture/visualization**', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"success":false}' }),
    );
    await page.goto(session.url('/applications'));
    await page.getByText('No systems to display', { exact: true }).waitFor();
    await expect(page.getByRole('button', { name: 'Fit to Screen' }).isDisabled()).resolves.toBe(
      true,
    );
    expect(watch.consoleErrors.some((line) => line.includes('Failed to fetch graph data'))).toBe(
      true,
    );
    for (const problem of watch.problems()) {
      expect(problem).toMatch(
        /architecture\/visualization|Failed to fetch graph data|status of 503/,
      );
    }
  });
});

describe('applications: list view', () => {
  async function openList(viewport: Viewport = DESKTOP, path = '/applications') {
    const opened = await session.open(path, viewport);
    await opened.page.getByRole('button', { name: 'List' }).click();
    await opened.page.getByRole('heading', { name: 'System Components (List View)' }).waitFor();
    await opened.page.locator('[data-service-card]').first().waitFor();
    return opened;
  }

  it('groups the services by layer with counts, the strategy badge and service cards', async () => {
    const { page, watch } = await openList();
    const graph = await fetchGraph();
    const sections = page.locator('section[data-group]');
    await expect(sections.count()).resolves.toBe(graph.groups.length);
    let total = 0;
    for (const group of graph.groups) {
      const section = page.locator(`section[data-group="${group.id}"]`);
      await expect(section.innerText()).resolves.toContain(`${group.nodes.length} service(s)`);
      total += group.nodes.length;
    }
    expect(total).toBe(graph.nodes.length);
    await expect(page.getByTestId('grouping-badge').innerText()).resolves.toBe(
      `${graph.grouping_metadata.strategy_used} · ${graph.grouping_metadata.groups_created} groups`,
    );
    await expect(page.getByRole('combobox', { name: 'Grouping' }).inputValue()).resolves.toBe(
      'attribute_based',
    );

    const db = graph.nodes.find((node) => node.name === failing())!;
    const cardText = await page.locator(`[data-service-card="${db.id}"]`).innerText();
    expect(cardText).toContain(db.label);
    expect(cardText).toContain(`ID: ${db.id}`);
    expect(cardText).toContain('Layer');
    expect(cardText).toContain(db.layer);
    expect(cardText).toContain(`${Math.round(db.health_score * 100)}%`);
    expect(cardText).toContain('CPU');
    expect(cardText).toContain('Mem');
    const dot = await page
      .locator(`[data-service-card="${db.id}"] [data-health-dot]`)
      .getAttribute('data-health-dot');
    expect(['healthy', 'warning', 'critical', 'unknown']).toContain(dot);
    await session.screenshot(page, 'applications-list-1440');
    expectNoProblems(watch);
  });

  it('changing the grouping reloads the architecture with that strategy', async () => {
    const { page, watch } = await openList();
    for (const [label, strategy] of [
      ['By Similarity', 'similarity_clustering'],
      ['By Rules', 'rule_based'],
      ['Hybrid', 'hybrid'],
      ['By Layer', 'attribute_based'],
    ] as const) {
      const request = page.waitForRequest(
        (r) => new URL(r.url()).searchParams.get('grouping_strategy') === strategy,
      );
      await page.getByRole('combobox', { name: 'Grouping' }).selectOption({ label });
      await request;
      const expected = await fetchGraph(`?grouping_strategy=${strategy}`);
      await expect
        .poll(() => page.getByTestId('grouping-badge').innerText())
        .toBe(
          `${expected.grouping_metadata.strategy_used} · ${expected.grouping_metadata.groups_created} groups`,
        );
    }
    expectNoProblems(watch);
  });

  it('the highlight parameter pulses the card in the list view', async () => {
    const graph = await fetchGraph();
    const db = graph.nodes.find((node) => node.name === failing())!;
    const { page, watch } = await openList(DESKTOP, `/applications?highlight=${db.id}`);
    const card = page.locator(`[data-service-card="${db.id}"]`);
    await page.locator(`[data-service-card="${db.id}"].search-highlight`).waitFor();
    await expect(card.getAttribute('aria-pressed')).resolves.toBe('true');
    expectNoProblems(watch);
  });

  it('reads at 390 px', async () => {
    const { page, watch } = await openList(PHONE);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(PHONE.width);
    await session.screenshot(page, 'applications-list-390');
    expectNoProblems(watch);
  });
});

/** Services of the frame-time run, named so layer inference spreads them over several groups. */
const BIG_WORDS = ['web', 'gateway', 'auth', 'orders', 'payments', 'catalog', 'worker', 'search'];
const BIG_COUNT = 2_000;

/** 2,000 services calling each other, sent as OTLP traces the way an SDK would. */
async function seedBigGraph(baseUrl: string): Promise<void> {
  const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
  const attr = (key: string, value: string) => ({ key, value: { stringValue: value } });
  const name = (i: number) => `${BIG_WORDS[i % BIG_WORDS.length]}-${i}`;
  const now = Date.now();
  const nanos = (ms: number) => `${ms}000000`;
  for (let start = 0; start < BIG_COUNT; start += 250) {
    const resourceSpans = [];
    for (let i = start; i < Math.min(BIG_COUNT, start + 250); i++) {
      const traceId = hex(i + 1, 32);
      const server = hex(i * 4 + 1, 16);
      const span = (id: string, kind: number, extra: object) => ({
        traceId,
        spanId: id,
        name: `${name(i)} op`,
        kind,
        startTimeUnixNano: nanos(now - 5_000),
        endTimeUnixNano: nanos(now - 4_990),
        status: { code: 1 },
        ...extra,
      });
      resourceSpans.push({
        resource: { attributes: [attr('service.name', name(i))] },
        scopeSpans: [
          {
            scope: { name: 'vigil-e2e-frame-time' },
            spans: [
              span(server, 2, {}),
              ...[(i * 7 + 3) % BIG_COUNT, (i + 1) % BIG_COUNT].map((callee, k) =>
                span(hex(i * 4 + 2 + k, 16), 3, {
                  parentSpanId: server,
                  attributes: [attr('peer.service', name(callee))],
                }),
              ),
            ],
          },
        ],
      });
    }
    await requestJson(baseUrl, 'POST', '/v1/traces', { resourceSpans });
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

/**
 * Not a pass/fail timing: it records how long drawing one frame of a 2,000-node graph takes
 * while panning (the canvas's own User Timing measure), prints it and writes it to artifacts/.
 */
describe('applications: drawing a 2,000-node graph', () => {
  it('records the frame time while panning, zoomed to fit and zoomed in', async () => {
    const server = await startVigilServer();
    try {
      await seedBigGraph(server.url);
      await expect
        .poll(
          async () =>
            (
              await requestJson<{ data: ArchitectureGraph }>(
                server.url,
                'GET',
                '/api/architecture/visualization',
              )
            ).data.nodes.length,
          { timeout: 60_000, interval: 500 },
        )
        .toBeGreaterThanOrEqual(BIG_COUNT);

      const { page, watch } = await session.newPage(DESKTOP);
      await page.goto(new URL('/applications', server.url).toString());
      await canvasOf(page).waitFor();
      await settled(page);
      // Two figures: the draw call of each frame (the canvas's own measure), and the interval
      // between animation frames, which also covers the browser rasterising and presenting it.
      await page.evaluate((measure) => {
        const frames: number[] = [];
        const intervals: number[] = [];
        Object.assign(window, { __frames: frames, __intervals: intervals });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            if (entry.name === measure) frames.push(entry.duration);
          }
        }).observe({ type: 'measure' });
        let last = performance.now();
        const tick = (now: number) => {
          intervals.push(now - last);
          last = now;
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }, FRAME_MEASURE);
      const takeFrames = () =>
        page.evaluate(() => {
          const holder = window as unknown as { __frames: number[]; __intervals: number[] };
          return { draws: holder.__frames.splice(0), intervals: holder.__intervals.splice(0) };
        });
      const box = (await canvasOf(page).boundingBox())!;
      const mid = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      const pan = async () => {
        for (const dx of [160, -320, 160]) {
          await page.mouse.move(mid.x, mid.y);
          await page.mouse.down();
          await page.mouse.move(mid.x + dx, mid.y + dx / 4, { steps: 40 });
          await page.mouse.up();
        }
        await page.waitForTimeout(100);
      };

      const stats = (values: number[]) => {
        const sorted = [...values].sort((a, b) => a - b);
        return {
          count: sorted.length,
          p50_ms: Number(percentile(sorted, 0.5).toFixed(2)),
          p95_ms: Number(percentile(sorted, 0.95).toFixed(2)),
          max_ms: Number((sorted.at(-1) ?? NaN).toFixed(2)),
        };
      };
      const summary = (taken: { draws: number[]; intervals: number[] }, scale: number) => ({
        scale: Number(scale.toFixed(3)),
        draw: stats(taken.draws),
        frame_interval: stats(taken.intervals),
        intervals_over_20ms: taken.intervals.filter((interval) => interval > 20).length,
      });
      await takeFrames();
      await pan();
      const fitted = summary(await takeFrames(), (await viewOf(page)).scale);

      await page.mouse.move(mid.x, mid.y);
      while ((await viewOf(page)).scale < 1) await page.mouse.wheel(0, -300);
      await settled(page);
      await takeFrames();
      await pan();
      const zoomed = summary(await takeFrames(), (await viewOf(page)).scale);

      const report = {
        nodes: BIG_COUNT,
        viewport: `${Math.round(box.width)}x${Math.round(box.height)} CSS px, devicePixelRatio ${await page.evaluate(() => window.devicePixelRatio)}`,
        chromium: page.context().browser()?.version() ?? 'chromium (persistent context)',
        zoomed_to_fit: fitted,
        zoomed_in: zoomed,
      };
      console.log(`graph frame time while panning: ${JSON.stringify(report, null, 2)}`);
      await writeFile(
        join(ARTIFACTS_DIR, 'graph-frame-time.json'),
        JSON.stringify(report, null, 2),
      );
      await session.screenshot(page, 'applications-2000-nodes-1440');
      expect(fitted.draw.count).toBeGreaterThan(0);
      expect(zoomed.draw.count).toBeGreaterThan(0);
      expectNoProblems(watch);
    } finally {
      await server.stop();
    }
  }, 180_000);
});
