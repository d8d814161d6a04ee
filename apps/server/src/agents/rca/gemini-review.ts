import { z } from 'zod';
import type { RcaData } from '@vigil/contract';
import type { GeminiClient } from '../../integrations/gemini/gemini-client';

/** What the model is asked to return about the deterministic analysis. */
export const GeminiRcaReview = z.object({
  /** Whether the evidence supports the ranked root component. */
  agrees: z.boolean(),
  confidence: z.number().min(0).max(1),
  explanation: z.string().min(1).max(2_000),
  /** A component the model finds better supported by the same evidence, if any. */
  alternative_root_component: z.string().max(200).nullable().optional(),
});
export type GeminiRcaReview = z.infer<typeof GeminiRcaReview>;

/** Adds the reviewer's opinion to an analysis; never throws, never changes the evidence-based result. */
export type RcaReviewer = (rca: RcaData) => Promise<RcaData>;

export const REVIEW_LABEL = 'Gemini review (advisory, not used for ranking)';

const SYSTEM = [
  'You review a root cause analysis of a software incident for an SRE team.',
  'The analysis ranked failing components by evidence (logs, spans, metrics, dependency graph).',
  'Judge only from the evidence given; do not invent facts.',
  'Answer with one JSON object: {"agrees": boolean, "confidence": number 0..1,',
  '"explanation": string (at most 3 sentences, cite evidence sources),',
  '"alternative_root_component": string or null}.',
].join(' ');

/** The analysis as the model reads it: conclusion, evidence with sources, and the steps. */
export function reviewPrompt(rca: RcaData): { system: string; user: string } {
  const evidence = rca.evidence.map(
    (e, i) => `${i + 1}. [${e.kind} ${e.source}] ${e.component}: ${e.summary}`,
  );
  const steps = rca.analysis_steps.map((step, i) => `${i + 1}. ${step}`);
  return {
    system: SYSTEM,
    user: [
      `Root component: ${rca.root_component ?? 'none'}`,
      `Root cause: ${rca.root_cause}`,
      `Confidence of the ranking: ${rca.confidence}`,
      'Evidence:',
      ...evidence,
      'Reasoning steps:',
      ...steps,
    ].join('\n'),
  };
}

export function reviewStep(review: GeminiRcaReview, model: string, rca: RcaData): string {
  const verdict = review.agrees
    ? `agrees with ${rca.root_component ?? 'the analysis'}`
    : `disagrees with ${rca.root_component ?? 'the analysis'}${
        review.alternative_root_component
          ? ` and points at ${review.alternative_root_component}`
          : ''
      }`;
  return `${REVIEW_LABEL}, ${model}: ${verdict} (confidence ${review.confidence.toFixed(2)}). ${review.explanation.trim()}`;
}

/**
 * Asks Gemini to review each analysis when it is configured. The answer is appended as one
 * labelled step; root cause, component, confidence and evidence stay the deterministic ones. A
 * failed call appends why instead; an unconfigured client is never called.
 */
export function createGeminiReviewer(client: GeminiClient): RcaReviewer {
  return async (rca) => {
    if (!client.configured() || rca.root_component === null) return rca;
    try {
      const { value, model } = await client.generateJson(reviewPrompt(rca), GeminiRcaReview);
      return { ...rca, analysis_steps: [...rca.analysis_steps, reviewStep(value, model, rca)] };
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).replace(/\.+$/, '');
      return {
        ...rca,
        analysis_steps: [
          ...rca.analysis_steps,
          `${REVIEW_LABEL} unavailable: ${reason}. The analysis above rests on the evidence alone.`,
        ],
      };
    }
  };
}
