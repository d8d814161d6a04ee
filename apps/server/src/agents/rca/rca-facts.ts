import type { Evidence } from '@vigil/contract';

/** One observed failure on a component, from whichever source saw it. */
export interface FailureSignal {
  component: string;
  kind: 'log' | 'span' | 'anomaly';
  time: number;
  message: string;
  /** Where the fact comes from: `anomaly:<id>`, `span:<trace>/<span>`, `log:<component>@<time>`. */
  source: string;
  traceId: string | null;
  /** A failing span no other failing span descends from. */
  deepestInTrace?: boolean;
  /** The anomaly matched a template never seen before. */
  newTemplate?: boolean;
}

/** What the ranking found about one component, with the evidence behind each point. */
export interface CandidateScore {
  component: string;
  score: number;
  firstFailure: number;
  /** The component's first error message, to say the root cause in words. */
  firstMessage: string;
  evidence: Evidence[];
  /** One line per rule that scored, in rule order. */
  reasons: string[];
}

export const iso = (ms: number): string => new Date(ms).toISOString();
