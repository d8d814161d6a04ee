import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createGeminiClient } from './gemini-client';
import { generateContentUrl, type GeminiSettings } from './gemini-settings';
import { startLocalGemini, localGeminiSettings, type LocalGemini } from './local-gemini';

const Verdict = z.object({ ok: z.boolean(), confidence: z.number().min(0).max(1).optional() });

describe('Gemini client (Vertex AI generateContent)', () => {
  let dir: string;
  let gemini: LocalGemini;
  let settings: GeminiSettings;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vigil-gemini-'));
    gemini = await startLocalGemini(() => ({ text: '{"ok": true}' }));
  });
  beforeEach(async () => {
    settings = await localGeminiSettings(gemini, dir, { location: 'europe-west4' });
    gemini.model = () => ({ text: '{"ok": true}' });
  });
  afterAll(async () => {
    gemini.server.close();
    await rm(dir, { recursive: true, force: true });
  });

  const client = () => createGeminiClient({ settings: () => settings });
  const ask = () => client().generateJson({ system: 'judge', user: 'facts' }, Verdict);

  it('builds the regional Vertex AI URL unless an endpoint is set', () => {
    expect(generateContentUrl({ ...settings, apiEndpoint: '' })).toBe(
      'https://europe-west4-aiplatform.googleapis.com/v1/projects/demo-project/locations/europe-west4/publishers/google/models/gemini-2.0-flash:generateContent',
    );
  });

  it('sends a bearer token from the service account and the generationConfig from settings', async () => {
    settings = { ...settings, temperature: 0.4, topP: 0.9, responseMimeType: 'text/plain' };
    const answer = await ask();
    expect(answer).toEqual({ value: { ok: true }, model: 'gemini-2.0-flash' });
    const sent = gemini.generated.at(-1);
    expect(sent?.url).toBe(
      '/v1/projects/demo-project/locations/europe-west4/publishers/google/models/gemini-2.0-flash:generateContent',
    );
    expect(sent?.headers.authorization).toBe('Bearer local-access-token');
    expect(sent?.body.generationConfig).toEqual({
      temperature: 0.4,
      topP: 0.9,
      responseMimeType: 'text/plain',
    });
    expect(sent?.body.systemInstruction?.parts?.[0]?.text).toBe('judge');
    expect(sent?.body.contents?.[0]).toEqual({ role: 'user', parts: [{ text: 'facts' }] });
  });

  it('caches the access token between calls', async () => {
    const c = client();
    const before = gemini.calls.filter((call) => call === 'POST /token').length;
    await c.generateJson({ system: 's', user: 'u' }, Verdict);
    await c.generateJson({ system: 's', user: 'u' }, Verdict);
    expect(gemini.calls.filter((call) => call === 'POST /token').length).toBe(before + 1);
  });

  it('accepts JSON wrapped in a Markdown fence', async () => {
    gemini.model = () => ({ text: '```json\n{"ok": false, "confidence": 0.3}\n```' });
    expect((await ask()).value).toEqual({ ok: false, confidence: 0.3 });
  });

  it.each([
    [{ status: 429, message: 'Quota exceeded' }, 'Gemini API answered HTTP 429: Quota exceeded'],
    [{ text: 'I think it is fine' }, 'Gemini answered with text that is not JSON'],
    [{ text: '{"ok": "yes"}' }, "Gemini's JSON answer does not fit the expected shape (ok)"],
    [{ raw: { promptFeedback: { blockReason: 'SAFETY' } } }, 'Gemini blocked the prompt (SAFETY)'],
    [
      { raw: { candidates: [{ finishReason: 'MAX_TOKENS' }] } },
      'Gemini answered without text (finishReason MAX_TOKENS)',
    ],
  ] as const)('fails clearly: %j', async (answer, message) => {
    gemini.model = () => answer;
    await expect(ask()).rejects.toThrow(message);
  });

  it('times out a slow model within the configured bound', async () => {
    settings = { ...settings, timeoutSeconds: 0.2 };
    gemini.model = () =>
      new Promise((resolve) => setTimeout(() => resolve({ text: '{"ok": true}' }), 1_000));
    await expect(ask()).rejects.toThrow(
      /^Gemini API at http:\/\/127\.0\.0\.1:\d+ timed out after \d+ ms$/,
    );
  });

  it('refuses to call when not configured', async () => {
    settings = { ...settings, project: '' };
    const before = gemini.calls.length;
    expect(client().configured()).toBe(false);
    await expect(ask()).rejects.toThrow('Gemini is not configured');
    expect(gemini.calls.length).toBe(before);
  });
});
