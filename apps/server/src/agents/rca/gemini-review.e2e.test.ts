import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Anomaly, envelope, IncidentStack, listEnvelope } from '@vigil/contract';
import {
  startLocalGemini,
  writeServiceAccountKey,
  type LocalGemini,
} from '../../integrations/gemini/local-gemini';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { REVIEW_LABEL } from './gemini-review';
import { healthyLines, hex, otlpLogs, otlpSpans, request } from './test-shop';

const StackPage = listEnvelope(z.object({ anomalies: z.array(IncidentStack) }));
const AnomalyBody = envelope(Anomaly);
const isReview = (text: string | undefined): boolean =>
  text?.includes('review a root cause analysis') ?? false;

describe('RCA with Gemini as an optional reviewer, configured through the settings API', () => {
  let app: TestApp;
  let gemini: LocalGemini;
  let dir: string;
  let keyPath: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vigil-gemini-rca-e2e-'));
    gemini = await startLocalGemini((sent) => ({
      text: JSON.stringify(
        isReview(sent.body.systemInstruction?.parts?.[0]?.text)
          ? { agrees: true, confidence: 0.88, explanation: 'orders-db refused connections first.' }
          : { confidence: 0.9, analysis: 'A real fault.' },
      ),
    }));
    keyPath = await writeServiceAccountKey(dir, gemini.url);
  });
  afterEach(() => app.dispose());
  afterAll(async () => {
    gemini.server.close();
    await rm(dir, { recursive: true, force: true });
  });

  const post = async (url: string, payload: string): Promise<void> => {
    const response = await app.http.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(200);
  };

  /** gateway -> orders -> orders-db; the database fails and orders errors after it. */
  async function outage(): Promise<Anomaly> {
    const t0 = app.clock.now() - 20 * 60_000;
    await post(
      '/v1/traces',
      otlpSpans(Array.from({ length: 30 }, (_, i) => request(i, t0 + i * 1_000, false)).flat()),
    );
    for (const service of ['gateway', 'orders', 'orders-db'])
      await post('/v1/logs', otlpLogs(service, healthyLines(service, t0, 300)));
    await app.bus.drain();
    const failing = [0, 1, 2].map((k) => ({ n: 100 + k, at: t0 + 10 * 60_000 + k * 2_000 }));
    await post('/v1/traces', otlpSpans(failing.flatMap(({ n, at }) => request(n, at, true))));
    for (const [service, body, delay] of [
      ['orders-db', 'could not accept connection: connection refused', 4],
      ['orders', 'ERROR query failed: connection refused by orders-db', 6],
    ] as const)
      await post(
        '/v1/logs',
        otlpLogs(
          service,
          failing.map(({ n, at }) => ({
            service,
            at: at + delay,
            severity: 17,
            traceId: hex(0xabc000 + n, 32),
            body,
          })),
        ),
      );
    await app.bus.drain();
    await app.bus.drain();
    const stacks = StackPage.parse(
      (
        await app.http.inject({ method: 'GET', url: '/api/anomalies?group_by_incident=true' })
      ).json(),
    );
    const incident = stacks.data.anomalies[0] as IncidentStack;
    return AnomalyBody.parse(
      (
        await app.http.inject({ method: 'GET', url: `/api/anomalies/${incident.top_event_id}` })
      ).json(),
    ).data;
  }

  const configure = async (changes: Record<string, unknown>) => {
    const saved = await app.http.inject({
      method: 'PUT',
      url: '/api/settings/global',
      payload: {
        'rca.gemini.project': 'demo-project',
        'rca.gemini.credentials_path': keyPath,
        'rca.gemini.model': 'gemini-review-test',
        'rca.gemini.api_endpoint': gemini.url,
        ...changes,
      },
    });
    expect(saved.statusCode).toBe(200);
  };

  it('adds the model review as a labelled step after the evidence-based analysis', async () => {
    app = await createTestApp();
    await configure({ 'rca.gemini.temperature': 0.2 });
    const before = gemini.generated.length;
    const top = await outage();
    const reviews = gemini.generated
      .slice(before)
      .filter((sent) => isReview(sent.body.systemInstruction?.parts?.[0]?.text));
    expect(reviews.length).toBeGreaterThan(0);
    expect(reviews.at(-1)?.body.generationConfig).toEqual({
      temperature: 0.2,
      topP: 0.1,
      responseMimeType: 'application/json',
    });
    expect(reviews.at(-1)?.body.contents?.[0]?.parts?.[0]?.text).toContain(
      'Root component: orders-db',
    );
    const rca = top.rca_data;
    expect(rca?.root_component).toBe('orders-db');
    expect(rca?.analysis_steps.at(-1)).toBe(
      `${REVIEW_LABEL}, gemini-review-test: agrees with orders-db (confidence 0.88). orders-db refused connections first.`,
    );
    // Exactly one review step: the deterministic steps come first, unchanged in kind.
    expect(rca?.analysis_steps.filter((s) => s.startsWith(REVIEW_LABEL))).toHaveLength(1);
  });

  it('an unreachable Gemini: the analysis proceeds and records why', async () => {
    app = await createTestApp();
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    // The token exchange still works (the key's token_uri); the Vertex endpoint does not answer.
    await configure({ 'rca.gemini.api_endpoint': `http://127.0.0.1:${port}` });
    const top = await outage();
    expect(top.rca_data?.root_component).toBe('orders-db');
    expect(top.rca_data?.analysis_steps.at(-1)).toMatch(
      new RegExp(
        `^${REVIEW_LABEL.replace(/[()]/g, '\\$&')} unavailable: Gemini API unreachable at http://127\\.0\\.0\\.1:${port} \\(ECONNREFUSED`,
      ),
    );
  });

  it('not configured (the default): no request at all', async () => {
    app = await createTestApp();
    const before = gemini.calls.length;
    const top = await outage();
    expect(top.rca_data?.root_component).toBe('orders-db');
    expect(top.rca_data?.analysis_steps.some((s) => s.startsWith(REVIEW_LABEL))).toBe(false);
    expect(gemini.calls.length).toBe(before);
  });
});
