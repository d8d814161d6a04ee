import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnalysisReadyMessage } from '../../bus/messages';
import { detect } from '../../testing/detect-anomalies';
import { startLocalGemini, writeServiceAccountKey } from '../../integrations/gemini/local-gemini';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { REVIEW_LABEL } from './gemini-review';
import { withinTimeout } from './analysis-timeout';

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('withinTimeout', () => {
  it('answers the work when it is in time, null when it is not', async () => {
    expect(
      await withinTimeout(
        pause(10).then(() => 'done'),
        200,
      ),
    ).toBe('done');
    expect(
      await withinTimeout(
        pause(200).then(() => 'late'),
        20,
      ),
    ).toBeNull();
  });
});

describe('agents.rca.analysis_timeout_seconds', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function openIncident(app: TestApp, component: string): Promise<string> {
    const [anomaly] = await detect(
      app,
      [
        {
          component,
          templateId: `t-${component}`,
          template: `${component} failed <*>`,
          offsetMs: -60_000,
        },
      ],
      { drain: false },
    );
    for (let i = 0; i < 5; i += 1) await app.bus.drain();
    if (!anomaly) throw new Error('no anomaly detected');
    return anomaly.id;
  }

  it('abandons a review that outlives it, keeps the evidence-based result and hands the incident on', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vigil-rca-timeout-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    // The reviewer (real Gemini client) talks to a local Vertex AI that takes 1.5 s to answer.
    const gemini = await startLocalGemini(async () => {
      await pause(1_500);
      return {
        text: JSON.stringify({ agrees: true, confidence: 0.9, explanation: 'Evidence agrees.' }),
      };
    });
    cleanups.push(async () => {
      gemini.server.close();
    });
    const app = await createTestApp();
    cleanups.push(() => app.dispose());
    const rcaStages: AnalysisReadyMessage[] = [];
    app.bus.subscribe<AnalysisReadyMessage>('analysis.ready', 'test', (message) => {
      if (message.stage === 'rca') rcaStages.push(message);
    });
    const save = async (changes: Record<string, unknown>) => {
      const response = await app.http.inject({
        method: 'PUT',
        url: '/api/settings/agents/rca',
        payload: changes,
      });
      expect(response.statusCode).toBe(200);
    };
    await save({
      'rca.gemini.project': 'demo-project',
      'rca.gemini.credentials_path': await writeServiceAccountKey(dir, gemini.url),
      'rca.gemini.api_endpoint': gemini.url,
      'agents.rca.analysis_timeout_seconds': 1,
    });

    const begun = Date.now();
    const late = await openIncident(app, 'payments');
    expect(Date.now() - begun).toBeLessThan(1_450);
    const abandoned = (await app.store.anomalies.get(late))?.rca_data;
    // The evidence-based result stands; only the review is abandoned, and says so.
    expect(abandoned?.root_component).toBe('payments');
    expect(abandoned?.analysis_steps.at(-1)).toContain('Review abandoned');
    expect(abandoned?.analysis_steps.at(-1)).toContain('1 s (agents.rca.analysis_timeout_seconds)');
    expect(abandoned?.analysis_steps.join('\n')).not.toContain(REVIEW_LABEL);
    expect(rcaStages.at(-1)?.rca).toEqual(abandoned);
    // The answer that arrives later is dropped: the record stays the abandoned one.
    await pause(800);
    expect((await app.store.anomalies.get(late))?.rca_data).toEqual(abandoned);

    await save({ 'agents.rca.analysis_timeout_seconds': 5 });
    const reviewed = await openIncident(app, 'ledger');
    const rca = (await app.store.anomalies.get(reviewed))?.rca_data;
    expect(rca?.root_component).toBe('ledger');
    expect(rca?.analysis_steps.at(-1)).toContain(REVIEW_LABEL);
  });
});
