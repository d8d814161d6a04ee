import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { AgentsMap, ProductStatus } from '@vigil/contract';
import { layoutAgentNetwork } from '../apps/web/src/features/dashboard/lib/agent-network-layout';
import {
  DESKTOP,
  PHONE,
  expectNoProblems,
  useConsoleSession,
  type Viewport,
} from './harness/console-session';

const session = useConsoleSession();

/** The agent ids in the order the dashboard draws them (the server's order). */
async function agentIds(): Promise<string[]> {
  return Object.keys((await session.get<{ data: AgentsMap }>('/api/agents')).data);
}

/** Clicks an agent on the network canvas, where the pure layout module says it is drawn. */
async function clickAgentOnCanvas(page: Page, agentId: string): Promise<void> {
  const canvas = page.getByTestId('agent-network-canvas');
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the agent network canvas has no box');
  const layout = layoutAgentNetwork(await agentIds(), box.width, box.height);
  const node = [layout.hub, ...layout.spokes].find((candidate) => candidate?.id === agentId);
  if (!node) throw new Error(`${agentId} is not drawn`);
  await canvas.click({ position: { x: node.x, y: node.y } });
}

const card = (page: Page, agentId: string) => page.locator(`[data-agent-card="${agentId}"]`);

async function openDashboard(viewport: Viewport = DESKTOP) {
  const opened = await session.open('/dashboard', viewport);
  await opened.page.locator('[data-agent-card]').first().waitFor();
  return opened;
}

describe('the dashboard', () => {
  it('shows the four tiles from the live agents, graph and status', async () => {
    const { page, watch } = await openDashboard();
    await page.getByText('System overview and monitoring status', { exact: true }).waitFor();
    const agents = (await session.get<{ data: AgentsMap }>('/api/agents')).data;
    const entries = Object.entries(agents);
    const healthy = entries.filter(
      ([id, agent]) => id === 'orchestrator' || agent.status === 'healthy',
    ).length;
    const nodes = (
      await session.get<{ data: { nodes: unknown[] } }>('/api/architecture/visualization')
    ).data.nodes.length;
    const status = await session.get<ProductStatus>('/api/vigil/status');
    const online =
      status.vigil_agents_running || status.orbit_agents_running || status.status === 'online';

    const tile = (name: string) => page.getByTestId(`tile-${name}`);
    await expect(tile('active-agents').innerText()).resolves.toContain(
      `${healthy}/${entries.length}`,
    );
    const percent = Math.round((healthy / Math.max(healthy, entries.length)) * 100);
    await expect(tile('system-health').innerText()).resolves.toContain(`${percent}%`);
    expect(nodes).toBeGreaterThanOrEqual(inject('seed').services.length);
    await expect(tile('applications').innerText()).resolves.toContain(String(nodes));
    await expect(tile('orchestrator-status').innerText()).resolves.toContain(
      online ? 'Online' : 'Offline',
    );
    await page.getByRole('heading', { name: 'Orchestrator & Agent Network' }).waitFor();
    await page.getByTestId('agent-network-canvas').waitFor();
    await session.screenshot(page, 'dashboard-1440');
    expectNoProblems(watch);
  });

  it('shows one card per agent with its name and a Healthy or Unhealthy badge', async () => {
    const { page, watch } = await openDashboard();
    const agents = (await session.get<{ data: AgentsMap }>('/api/agents')).data;
    await page.getByRole('heading', { name: 'Agent Status' }).waitFor();
    await expect(
      page
        .locator('[data-agent-card]')
        .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-agent-card'))),
    ).resolves.toEqual(Object.keys(agents));
    for (const [id, agent] of Object.entries(agents)) {
      const text = await card(page, id).innerText();
      expect(text).toContain(agent.name);
      const healthy = id === 'orchestrator' || agent.status === 'healthy';
      expect(text).toContain(healthy ? 'Healthy' : 'Unhealthy');
    }
    await expect(card(page, 'orchestrator').innerText()).resolves.toContain('Healthy');
    expectNoProblems(watch);
  });

  it('expands a card to its description, URL and port, and collapses it again', async () => {
    const { page, watch } = await openDashboard();
    const agents = (await session.get<{ data: AgentsMap }>('/api/agents')).data;
    const rca = agents.rca!;
    const toggle = card(page, 'rca').getByRole('button');
    await toggle.click();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    const text = await card(page, 'rca').innerText();
    expect(text).toContain(rca.description);
    expect(text).toContain(rca.url);
    expect(text).toContain(`Port\n${/:(\d+)\/?$/.exec(rca.url)?.[1] ?? 'unknown'}`);

    await card(page, 'orchestrator').getByRole('button').click();
    await expect(card(page, 'orchestrator').innerText()).resolves.toContain('Port\n8080');

    await toggle.click();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(card(page, 'rca').innerText()).resolves.not.toContain(rca.description);
    expectNoProblems(watch);
  });

  it('a click on an agent in the canvas scrolls to its card, highlights it briefly and toggles it', async () => {
    const { page, watch } = await openDashboard();
    await clickAgentOnCanvas(page, 'executor');
    const executor = card(page, 'executor');
    await page.locator('[data-agent-card="executor"][data-highlighted]').waitFor();
    await expect(executor.getByRole('button').getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(executor.isVisible()).resolves.toBe(true);
    // The highlight goes away by itself (1.2 s); the card stays open.
    await page.locator('[data-agent-card="executor"]:not([data-highlighted])').waitFor();
    await expect(executor.getByRole('button').getAttribute('aria-expanded')).resolves.toBe('true');

    await page.evaluate(() => window.scrollTo(0, 0));
    await clickAgentOnCanvas(page, 'executor');
    await expect
      .poll(() => executor.getByRole('button').getAttribute('aria-expanded'))
      .toBe('false');
    await clickAgentOnCanvas(page, 'orchestrator');
    await page.locator('[data-agent-card="orchestrator"][data-highlighted]').waitFor();
    expectNoProblems(watch);
  });

  it('reads at 390 px: tiles in two columns, canvas and cards usable by touch', async () => {
    const { page, watch } = await openDashboard(PHONE);
    const tiles = page.locator('section[aria-label="Summary"] > div');
    const boxes = await Promise.all([0, 1, 2].map(async (i) => tiles.nth(i).boundingBox()));
    expect(boxes[0]!.y).toBe(boxes[1]!.y);
    expect(boxes[2]!.y).toBeGreaterThan(boxes[0]!.y);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(PHONE.width);
    await clickAgentOnCanvas(page, 'anomaly_detector');
    await page.locator('[data-agent-card="anomaly_detector"][data-highlighted]').waitFor();
    await session.screenshot(page, 'dashboard-390');
    expectNoProblems(watch);
  });
});

describe('dashboard states', () => {
  it("shows 'Loading agents...' until the agents answer", async () => {
    const { page, watch } = await session.newPage();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/agents', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(session.url('/dashboard'));
    await page.getByRole('status').getByText('Loading agents...', { exact: true }).waitFor();
    release();
    await page.locator('[data-agent-card]').first().waitFor();
    await expect(page.getByText('Loading agents...').count()).resolves.toBe(0);
    expectNoProblems(watch);
  });

  it('shows the red banner of each failing call', async () => {
    const { page, watch } = await session.newPage();
    const fail = { status: 503, contentType: 'application/json', body: '{"success":false}' };
    await page.route('**/api/agents', (route) => route.fulfill(fail));
    await page.route('**/api/dashboard/overview', (route) => route.fulfill(fail));
    await page.goto(session.url('/dashboard'));
    const alerts = page.getByRole('alert');
    await alerts.getByText('Could not fetch agent status. Backend API may be down.').waitFor();
    await alerts.getByText('Could not fetch dashboard data. Backend API may be down.').waitFor();
    await page.getByText('Loading agents...', { exact: true }).waitFor();
    await session.screenshot(page, 'dashboard-errors-1440');
    // The client logs every failed call, and Chromium each 503: exactly those, nothing else.
    for (const problem of watch.problems()) {
      expect(problem).toMatch(/api\/(agents|dashboard\/overview)|status of 503/);
    }
  });

  it('shows one banner when the backend cannot be reached', async () => {
    const { page, watch } = await session.newPage();
    await page.route('**/api/**', (route) => route.abort('connectionrefused'));
    await page.goto(session.url('/dashboard'));
    await page
      .getByRole('alert')
      .getByText('Could not connect to backend API. Agents are unreachable.')
      .waitFor();
    await expect(page.getByRole('alert').count()).resolves.toBe(1);
    for (const problem of watch.problems()) {
      expect(problem).toMatch(/Could not reach the server|ERR_CONNECTION_REFUSED/);
    }
  });
});

/** Last: the fake clock belongs to the whole browser context, so later pages would inherit it. */
describe('dashboard timing', () => {
  it('refreshes every 5 s and collapses an expanded card after 30 s', async () => {
    const { page, watch } = await session.newPage();
    await page.clock.install();
    const agentCalls: number[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/agents') agentCalls.push(Date.now());
    });
    await page.goto(session.url('/dashboard'));
    await page.locator('[data-agent-card]').first().waitFor();
    const before = agentCalls.length;
    await page.clock.fastForward(5_000);
    await expect.poll(() => agentCalls.length).toBeGreaterThan(before);

    const toggle = card(page, 'traceability').getByRole('button');
    await toggle.click();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    await page.clock.fastForward(29_000);
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    await page.clock.fastForward(1_500);
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    expectNoProblems(watch);
  });
});
