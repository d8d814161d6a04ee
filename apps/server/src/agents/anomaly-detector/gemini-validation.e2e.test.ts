import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Anomaly, envelope, IntegrationList, listEnvelope } from '@vigil/contract';
import {
  startLocalGemini,
  writeServiceAccountKey,
  type LocalGemini,
  type RecordedGenerate,
} from '../../integrations/gemini/local-gemini';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { createAnomalyDetectorAgent } from './anomaly-detector-agent';

const AnomalyPage = listEnvelope(z.object({ anomalies: z.array(Anomaly) }));
const Integrations = envelope(IntegrationList);
const isValidation = (request: RecordedGenerate): boolean =>
  request.body.systemInstruction?.parts?.[0]?.text?.includes('validate log anomalies') ?? false;

function otlpLogs(component: string, lines: { body: string; severity: number }[], at: number) {
  return JSON.stringify({
    resourceLogs: [
      {
        resource: { attributes: [{ key: 'service.name', value: { stringValue: component } }] },
        scopeLogs: [
          {
            logRecords: lines.map((line, i) => ({
              timeUnixNano: String(BigInt(at + i * 100) * 1_000_000n),
              severityNumber: line.severity,
              body: { stringValue: line.body },
            })),
          },
        ],
      },
    ],
  });
}

const normalTraffic = (count: number) =>
  Array.from({ length: count }, (_, i) => {
    const kind = i % 4;
    const body =
      kind === 0
        ? `GET /api/orders/${1000 + i} 200 in ${10 + (i % 7)} ms`
        : kind === 1
          ? `user ${i % 50} added item ${i % 13} to cart`
          : kind === 2
            ? `cache hit ratio ${(0.9 + (i % 5) / 100).toFixed(2)}`
            : `processed batch ${i} with ${i % 20} records`;
    return { body, severity: 9 };
  });

/** A WARN line the ensemble scores just above its 0.6 threshold; the ERROR line scores ~0.9. */
const NEAR = 'request rejected: quota exhausted for tenant 42';
const FAR = 'ERROR query failed: connection refused by the database';

describe('anomaly detector: Gemini validation of anomalies near the decision threshold', () => {
  let app: TestApp;
  let gemini: LocalGemini;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vigil-gemini-detector-'));
    // The RCA agent also asks for reviews of the incidents these anomalies open; answer those too.
    gemini = await startLocalGemini((request) => ({
      text: JSON.stringify(
        isValidation(request)
          ? {
              confidence: 0.72,
              analysis: 'Tenants are being refused service: a quota is exhausted.',
              new_keywords: [
                { keyword: 'quota', confidence: 0.9 },
                { keyword: 'tenant', confidence: 0.3 },
              ],
            }
          : { agrees: true, confidence: 0.6, explanation: 'The evidence points there.' },
      ),
    }));
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.dispose();
    gemini.server.close();
    await rm(dir, { recursive: true, force: true });
  });

  const detector = () =>
    app.agents.find((agent) => agent.id === 'anomaly_detector') as ReturnType<
      typeof createAnomalyDetectorAgent
    >;

  async function incident(component: string, at: number): Promise<Map<string, Anomaly>> {
    for (const [lines, when] of [
      [normalTraffic(400), at],
      [[{ body: NEAR, severity: 13 }], at + 100_000],
      [[{ body: FAR, severity: 17 }], at + 110_000],
    ] as const) {
      const response = await app.http.inject({
        method: 'POST',
        url: '/v1/logs',
        headers: { 'content-type': 'application/json' },
        payload: otlpLogs(component, [...lines], when),
      });
      expect(response.statusCode).toBe(200);
      await app.bus.drain();
    }
    await detector().geminiValidation()?.idle();
    const page = AnomalyPage.parse(
      (await app.http.inject({ method: 'GET', url: '/api/anomalies?limit=100' })).json(),
    );
    return new Map(
      page.data.anomalies
        .filter((a) => a.context.component === component)
        .map((a) => [a.description, a]),
    );
  }

  it('not configured: no request; configured through the settings API: the near one is validated by Gemini', async () => {
    const before = await incident('orders', app.clock.now() - 3_600_000);
    expect(gemini.calls).toEqual([]);
    expect(before.get(NEAR)?.score).toBeGreaterThanOrEqual(0.6);
    expect(before.get(NEAR)?.score).toBeLessThan(0.75);
    expect(before.get(NEAR)?.gemini_validation?.gemini_confidence).toBeUndefined();

    const saved = await app.http.inject({
      method: 'PUT',
      url: '/api/settings/global',
      payload: {
        'rca.gemini.project': 'demo-project',
        'rca.gemini.location': 'europe-west1',
        'rca.gemini.model': 'gemini-test',
        'rca.gemini.credentials_path': await writeServiceAccountKey(dir, gemini.url),
        'rca.gemini.api_endpoint': gemini.url,
        'rca.gemini.temperature': 0.25,
        'rca.gemini.top_p': 0.5,
        'agents.anomaly_detector.gemini.validation_threshold': 0.75,
        'agents.anomaly_detector.gemini.keyword_confidence': 0.5,
      },
    });
    expect(saved.statusCode).toBe(200);
    const cards = Integrations.parse(
      (await app.http.inject({ method: 'GET', url: '/api/settings/integrations' })).json(),
    ).data.integrations;
    expect(cards.find((c) => c.type === 'gemini')).toMatchObject({
      status: 'configured',
      used_by_deployment: true,
    });

    const after = await incident('billing', app.clock.now() - 3_000_000);
    // One validation: the near-boundary anomaly; the ERROR line scored far above the threshold.
    const validations = gemini.generated.filter(isValidation);
    expect(validations).toHaveLength(1);
    const sent = validations[0];
    expect(sent?.url).toBe(
      '/v1/projects/demo-project/locations/europe-west1/publishers/google/models/gemini-test:generateContent',
    );
    expect(sent?.headers.authorization).toBe('Bearer local-access-token');
    expect(sent?.body.generationConfig).toEqual({
      temperature: 0.25,
      topP: 0.5,
      responseMimeType: 'application/json',
    });
    expect(sent?.body.contents?.[0]?.parts?.[0]?.text).toContain(`Log line: ${NEAR}`);

    const near = after.get(NEAR)?.gemini_validation;
    expect(near).toMatchObject({ validated: false, gemini_confidence: 0.72 });
    expect(near?.new_keywords).toContain('quota');
    expect(near?.new_keywords).not.toContain('tenant');
    expect(near?.context_analysis).toBe(
      'Gemini (gemini-test) did not validate this anomaly: confidence 0.72 < 0.75. Tenants are being refused service: a quota is exhausted.',
    );
    expect(after.get(FAR)?.gemini_validation?.gemini_confidence).toBeUndefined();

    // A lower threshold applies to the next anomaly without a restart.
    await app.http.inject({
      method: 'PUT',
      url: '/api/settings/global',
      payload: { 'agents.anomaly_detector.gemini.validation_threshold': 0.7 },
    });
    const again = await incident('payments', app.clock.now() - 2_400_000);
    expect(again.get(NEAR)?.gemini_validation).toMatchObject({
      validated: true,
      gemini_confidence: 0.72,
    });
  });
});
