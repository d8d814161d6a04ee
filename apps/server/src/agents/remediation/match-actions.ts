import type { ApprovedAction, MatchedAction } from '@vigil/contract';
import type { FailureKind } from './failure-kinds';
import type { MatchingWeights } from './remediation-config';

export interface MatchContext {
  rootComponent: string | null;
  /** Words describing the incident: component, its type and layer, failure kind id and words. */
  tags: readonly string[];
  /** All evidence text (messages, root cause), searched for action keywords. */
  text: string;
  failureKind: FailureKind | null;
}

const norm = (value: string): string => value.trim().toLowerCase();
const words = (value: string): string[] =>
  norm(value)
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 2);
const round = (value: number): number => Math.round(value * 1_000) / 1_000;

/** What the action says of itself in words: its name and description. */
const describedAs = (action: ApprovedAction): string =>
  norm(`${action.name} ${action.description}`);

/** 1 when the action names the component; partly when it names a distinctive part of it. */
function componentScore(described: string, component: string | null): number {
  if (!component) return 0;
  if (described.includes(norm(component))) return 1;
  const parts = words(component).filter((w) => w.length >= 3);
  const own = words(described);
  const hits = parts.filter((part) => own.includes(part)).length;
  return parts.length > 0 ? (0.5 * hits) / parts.length : 0;
}

/** 1 when the action speaks of the failure kind: its id or one of its action words. */
function kindScore(described: string, kind: FailureKind | null): number {
  if (!kind) return 0;
  const own = new Set(words(described));
  return [kind.id.replace(/_/g, ' '), ...kind.actionWords].some(
    (w) => own.has(w) || described.includes(w),
  )
    ? 1
    : 0;
}

interface Signal {
  score: number;
  reason: string | null;
}

function tagSignal(action: ApprovedAction, context: MatchContext): Signal {
  const incidentTags = new Set(context.tags.map(norm));
  const evidenceWords = new Set(words(context.text));
  const hits = action.tags.filter(
    (tag) => incidentTags.has(norm(tag)) || evidenceWords.has(norm(tag)),
  );
  return {
    score: action.tags.length > 0 ? hits.length / action.tags.length : 0,
    reason: hits.length > 0 ? `tags ${hits.join(', ')} match the incident` : null,
  };
}

function keywordSignal(action: ApprovedAction, context: MatchContext): Signal {
  const text = norm(context.text);
  const hits = action.keywords.filter((keyword) => text.includes(norm(keyword)));
  return {
    score: action.keywords.length > 0 ? hits.length / action.keywords.length : 0,
    reason:
      hits.length > 0
        ? `keywords ${hits.map((k) => `"${k}"`).join(', ')} found in the evidence`
        : null,
  };
}

function descriptionSignal(action: ApprovedAction, context: MatchContext): Signal {
  const described = describedAs(action);
  const component = componentScore(described, context.rootComponent);
  const kind = kindScore(described, context.failureKind);
  const reasons = [
    ...(component > 0 && context.rootComponent
      ? [`names the root component ${context.rootComponent}`]
      : []),
    ...(kind > 0 && context.failureKind ? [`fits ${context.failureKind.name.toLowerCase()}`] : []),
  ];
  return { score: (component + kind) / 2, reason: reasons.length > 0 ? reasons.join('; ') : null };
}

/**
 * Scores one action 0–1 as the weighted mean of its keyword, tag and description signals (the
 * executor's matching weights), with a reason for each signal that hit.
 */
export function scoreAction(
  action: ApprovedAction,
  context: MatchContext,
  weights: MatchingWeights,
): MatchedAction {
  const parts: [number, Signal][] = [
    [weights.tag_weight, tagSignal(action, context)],
    [weights.keyword_weight, keywordSignal(action, context)],
    [weights.description_weight, descriptionSignal(action, context)],
  ];
  const total = parts.reduce((sum, [weight]) => sum + weight, 0);
  const score =
    total > 0 ? parts.reduce((sum, [weight, signal]) => sum + weight * signal.score, 0) / total : 0;
  const reasons = parts.flatMap(([, signal]) => (signal.reason ? [signal.reason] : []));
  return { action_id: action.id, name: action.name, score: round(score), reasons };
}

/** Active actions scoring at least `minScore`, best first (ties by name), at most `limit`. */
export function matchActions(
  actions: readonly ApprovedAction[],
  context: MatchContext,
  weights: MatchingWeights,
  minScore: number,
  limit: number,
): MatchedAction[] {
  return actions
    .filter((action) => action.is_active)
    .map((action) => scoreAction(action, context, weights))
    .filter((match) => match.score >= minScore && match.score > 0)
    .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name))
    .slice(0, limit);
}
