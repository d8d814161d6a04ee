import type { RcaData } from '@vigil/contract';

/** Resolves with the work's result, or with `null` once `timeoutMs` has passed. */
export async function withinTimeout<T>(work: Promise<T>, timeoutMs: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What an analysis records when its review (the optional Gemini reviewer) is still running at the
 * deadline: the evidence-based result stands, with a step saying the review was abandoned.
 */
export function withReviewTimedOut(rca: RcaData, timeoutSeconds: number): RcaData {
  return {
    ...rca,
    analysis_steps: [
      ...rca.analysis_steps,
      `Review abandoned: the analysis reached its limit of ${timeoutSeconds} s (agents.rca.analysis_timeout_seconds); the result above rests on the evidence alone.`,
    ],
  };
}
