import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RcaData } from '@vigil/contract';
import { createGeminiClient } from '../../integrations/gemini/gemini-client';
import type { GeminiSettings } from '../../integrations/gemini/gemini-settings';
import {
  startLocalGemini,
  localGeminiSettings,
  type LocalGemini,
} from '../../integrations/gemini/local-gemini';
import { createGeminiReviewer, REVIEW_LABEL } from './gemini-review';

const RCA: RcaData = {
  rca_summary: 'Root cause: orders-db. connection refused.',
  root_cause: 'orders-db failing (connection refused) — orders error after it',
  root_component: 'orders-db',
  confidence: 0.83,
  evidence: [
    {
      kind: 'log',
      component: 'orders-db',
      summary: 'could not accept connection: connection refused',
      source: 'log:orders-db@2026-03-01T11:50:00.004Z',
      timestamp: '2026-03-01T11:50:00.004Z',
    },
    {
      kind: 'span',
      component: 'orders',
      summary: 'SELECT orders failed',
      source: 'span:abc/def',
      timestamp: null,
    },
  ],
  analysis_steps: [
    'Collected failures on 2 component(s).',
    'Ranked orders-db first with 5.0 points.',
  ],
};

describe('Gemini review of a root cause analysis', () => {
  let dir: string;
  let gemini: LocalGemini;
  let settings: GeminiSettings;
  const review = () => createGeminiReviewer(createGeminiClient({ settings: () => settings }))(RCA);

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vigil-gemini-rca-'));
    gemini = await startLocalGemini(() => ({ text: '{}' }));
  });
  beforeEach(async () => {
    settings = await localGeminiSettings(gemini, dir);
  });
  afterAll(async () => {
    gemini.server.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('sends the evidence and the steps, and appends the answer as one labelled step', async () => {
    gemini.model = () => ({
      text: JSON.stringify({
        agrees: true,
        confidence: 0.9,
        explanation: 'The database refused connections before its callers failed.',
      }),
    });
    const reviewed = await review();
    const prompt = gemini.generated.at(-1)?.body.contents?.[0]?.parts?.[0]?.text ?? '';
    expect(prompt).toContain('Root component: orders-db');
    expect(prompt).toContain(
      '1. [log log:orders-db@2026-03-01T11:50:00.004Z] orders-db: could not accept connection: connection refused',
    );
    expect(prompt).toContain('2. Ranked orders-db first with 5.0 points.');
    expect(reviewed).toEqual({
      ...RCA,
      analysis_steps: [
        ...RCA.analysis_steps,
        `${REVIEW_LABEL}, gemini-2.0-flash: agrees with orders-db (confidence 0.90). The database refused connections before its callers failed.`,
      ],
    });
  });

  it('a disagreeing model never replaces the evidence-based root cause', async () => {
    gemini.model = () => ({
      text: JSON.stringify({
        agrees: false,
        confidence: 0.55,
        explanation: 'The span suggests orders timed out first.',
        alternative_root_component: 'orders',
      }),
    });
    const reviewed = await review();
    expect(reviewed.root_component).toBe('orders-db');
    expect(reviewed.confidence).toBe(0.83);
    expect(reviewed.evidence).toEqual(RCA.evidence);
    expect(reviewed.analysis_steps.at(-1)).toBe(
      `${REVIEW_LABEL}, gemini-2.0-flash: disagrees with orders-db and points at orders (confidence 0.55). The span suggests orders timed out first.`,
    );
  });

  it('on a failure, the analysis proceeds and records why', async () => {
    gemini.model = () => ({
      status: 403,
      message: 'Permission denied on resource project demo-project.',
    });
    const reviewed = await review();
    expect(reviewed.root_component).toBe('orders-db');
    expect(reviewed.analysis_steps.at(-1)).toBe(
      `${REVIEW_LABEL} unavailable: Gemini API answered HTTP 403: Permission denied on resource project demo-project. The analysis above rests on the evidence alone.`,
    );
    gemini.model = () => ({ text: '{"agrees": "maybe"}' });
    expect((await review()).analysis_steps.at(-1)).toMatch(
      /does not fit the expected shape \(agrees, confidence, explanation\)/,
    );
  });

  it('not configured: returns the analysis untouched without any request', async () => {
    settings = { ...settings, project: '' };
    const before = gemini.calls.length;
    expect(await review()).toBe(RCA);
    expect(gemini.calls.length).toBe(before);
  });

  it('no root component found: nothing to review, no request', async () => {
    const empty: RcaData = { ...RCA, root_component: null, evidence: [] };
    const before = gemini.calls.length;
    const reviewer = createGeminiReviewer(createGeminiClient({ settings: () => settings }));
    expect(await reviewer(empty)).toBe(empty);
    expect(gemini.calls.length).toBe(before);
  });
});
