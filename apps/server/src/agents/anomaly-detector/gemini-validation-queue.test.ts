import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Validation } from '@vigil/contract';
import { createGeminiClient } from '../../integrations/gemini/gemini-client';
import type { GeminiSettings } from '../../integrations/gemini/gemini-settings';
import {
  startLocalGemini,
  localGeminiSettings,
  type LocalGemini,
} from '../../integrations/gemini/local-gemini';
import { makeAnomaly } from '../../store/test-factories';
import { DEFAULT_GEMINI_VALIDATION_CONFIG } from './gemini-validation';
import { createGeminiValidationQueue } from './gemini-validation-queue';

describe('Gemini validation queue', () => {
  let dir: string;
  let gemini: LocalGemini;
  let settings: GeminiSettings;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vigil-gemini-queue-'));
    gemini = await startLocalGemini(() => ({ text: '{"confidence": 0.9}' }));
    settings = await localGeminiSettings(gemini, dir);
  });
  afterAll(async () => {
    gemini.server.close();
    await rm(dir, { recursive: true, force: true });
  });

  const queue = (maxQueued: number, concurrency: number) => {
    const saved = new Map<string, Validation>();
    let dropped = 0;
    const q = createGeminiValidationQueue({
      client: createGeminiClient({ settings: () => settings }),
      config: () => DEFAULT_GEMINI_VALIDATION_CONFIG,
      decisionThreshold: () => 0.6,
      save: async (id, validation) => {
        saved.set(id, validation);
      },
      maxQueued,
      concurrency,
      onDropped: () => (dropped += 1),
    });
    return { q, saved, dropped: () => dropped };
  };
  const near = (id: string) => ({ ...makeAnomaly({ id }), score: 0.65 });

  it('offers without waiting, caps the queue and counts what it drops', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    gemini.model = async () => {
      await gate;
      return { text: '{"confidence": 0.9}' };
    };
    const { q, saved, dropped } = queue(2, 1);
    const before = gemini.generated.length;
    const offered = ['a', 'b', 'c', 'd', 'e'].map((id) => q.offer(near(id)));
    expect(offered).toEqual([true, true, false, false, false]);
    expect(q.stats()).toMatchObject({ queued: 2, dropped: 3 });
    expect(dropped()).toBe(3);
    release();
    await q.idle();
    expect([...saved.keys()].sort()).toEqual(['a', 'b']);
    expect(gemini.generated.length - before).toBe(2);
    expect(q.stats()).toMatchObject({ queued: 0, inFlight: 0, validated: 2, dropped: 3 });
  });

  it('sends only anomalies near the boundary, and nothing while Gemini is not configured', async () => {
    gemini.model = () => ({ text: '{"confidence": 0.9}' });
    const { q } = queue(10, 2);
    expect(q.offer({ ...makeAnomaly(), score: 0.95 })).toBe(false);
    const configured = settings;
    settings = { ...settings, credentialsPath: '' };
    const before = gemini.calls.length;
    expect(q.offer(near('x'))).toBe(false);
    await q.idle();
    expect(gemini.calls.length).toBe(before);
    settings = configured;
  });

  it('keeps the deterministic verdict with the reason when Gemini fails', async () => {
    gemini.model = () => ({ status: 503, message: 'The model is overloaded' });
    const { q, saved } = queue(10, 2);
    const anomaly = near('f');
    q.offer(anomaly);
    await q.idle();
    expect(saved.get('f')).toEqual({
      ...anomaly.gemini_validation,
      context_analysis:
        'Gemini validation unavailable: Gemini API answered HTTP 503: The model is overloaded. The deterministic check stands.',
    });
    expect(q.stats().failed).toBe(1);
  });
});
