import type { MinedEvent } from '../mined-event';

/** Log severity folded into the classes the models reason about. */
export type SeverityClass = 'unknown' | 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';

/**
 * Facts about one event that several models need. The ensemble derives them once per event so no
 * model re-parses severity or re-reads attributes on the hot path.
 */
export interface EventContext {
  component: string;
  /** component + NUL + templateId: the per-(component, template) key, built once per event. */
  key: string;
  /** `host.name` (or similar) from the resource; '' when the source has none. */
  host: string;
  severity: SeverityClass;
  /** Severity is error or fatal. */
  isError: boolean;
  /** Event time (the log's own timestamp), epoch ms. */
  time: number;
  /** Times this component logged this template before this event. */
  seen: number;
  /** Events from this component before this one. */
  componentEvents: number;
  /** Event time of the component's first event. */
  componentSince: number;
}

export interface ModelOutput {
  /** In [0, 1]; 0 means "nothing unusual from this model's point of view". */
  score: number;
  vote: boolean;
  /** Why the model scored what it did, in words; null when it has nothing to say. */
  reason: string | null;
}

export type FeedbackVerdict = 'false_positive' | 'confirmed';

/** What an operator's verdict applies to: a template, optionally narrowed to one component. */
export interface FeedbackTarget {
  templateId: string;
  component?: string;
}

/**
 * One detection model. `score` must not change state (the ensemble scores an event with every
 * model before any of them learns from it); `learn` folds the event into the model's state.
 */
export interface DetectionModel {
  readonly name: string;
  score(event: MinedEvent, ctx: EventContext): ModelOutput;
  learn?(event: MinedEvent, ctx: EventContext): void;
  feedback?(target: FeedbackTarget, verdict: FeedbackVerdict): void;
  /** Plain JSON-able state; `restore(snapshot())` gives an equivalent model. */
  snapshot(): unknown;
  /** Throws on a malformed snapshot and leaves the model as it was. */
  restore(state: unknown): void;
}

/**
 * Below this score a model does not spell out a reason: building strings for every line would cost
 * more than the scoring itself, and the combiner only cites models that mattered.
 */
export const REASON_MIN = 0.2;

export const QUIET: ModelOutput = Object.freeze({ score: 0, vote: false, reason: null });

export const clamp01 = (value: number): number => (value <= 0 ? 0 : value >= 1 ? 1 : value);

/** Rounds for human-readable reasons; never used for decisions. */
export const fmt = (value: number, digits = 2): string => value.toFixed(digits);
