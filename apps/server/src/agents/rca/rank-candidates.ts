import type { Evidence } from '@vigil/contract';
import { indexGraph, type GraphIndex, type GraphView } from '../shared/service-graph';
import { iso, type CandidateScore, type FailureSignal } from './rca-facts';

/** Points per rule; documented in README.md so a ranking can be checked by hand. */
export const RANK_WEIGHTS = {
  deepestSpan: 3,
  rootLog: 2,
  healthyDependencies: 2,
  failingDependencies: -2,
  firstFailure: 1.5,
  newTemplate: 1,
  errorRateJump: 1,
} as const;

/** A node's error rate (percent) at or above this counts as a jump in its metrics. */
export const ERROR_RATE_JUMP_PERCENT = 5;

export interface RankInput {
  signals: readonly FailureSignal[];
  graph: GraphView;
  /** The component of the traceability agent's root system log, if any. */
  rootLogComponent: string | null;
}

const nodeFailing = (index: GraphIndex, id: string): boolean => {
  const node = index.node(id);
  return (
    node !== undefined && (node.status === 'unhealthy' || node.errorRate >= ERROR_RATE_JUMP_PERCENT)
  );
};

/**
 * Ranks every component that failed by the rules, best first (ties: earliest failure, then
 * name, so the answer is deterministic).
 */
export function rankCandidates(input: RankInput): CandidateScore[] {
  const index = indexGraph(input.graph);
  const byComponent = groupSignals(input.signals);
  const failing = new Set(byComponent.keys());
  const earliest = Math.min(...input.signals.map((s) => s.time));
  const ctx: RankContext = { index, failing, earliest, input };
  const ranked = [...byComponent.entries()].map(([component, signals]) =>
    scoreComponent(component, signals, ctx),
  );
  return ranked.sort(
    (a, b) =>
      b.score - a.score || a.firstFailure - b.firstFailure || (a.component < b.component ? -1 : 1),
  );
}

function groupSignals(signals: readonly FailureSignal[]): Map<string, FailureSignal[]> {
  const out = new Map<string, FailureSignal[]>();
  for (const signal of [...signals].sort((a, b) => a.time - b.time)) {
    const list = out.get(signal.component);
    if (list) list.push(signal);
    else out.set(signal.component, [signal]);
  }
  return out;
}

interface RankContext {
  index: GraphIndex;
  failing: ReadonlySet<string>;
  earliest: number;
  input: RankInput;
}

/** One component being scored: its signals and a way to add a scored fact. */
interface Scope {
  component: string;
  signals: FailureSignal[];
  first: FailureSignal;
  /** The first failure that is not a span (a log or anomaly says the error in words). */
  firstError: FailureSignal;
  ctx: RankContext;
  add(points: number, reason: string, evidence: Evidence): void;
  fact(kind: Evidence['kind'], summary: string, signal: FailureSignal): Evidence;
}

function scoreComponent(
  component: string,
  signals: FailureSignal[],
  ctx: RankContext,
): CandidateScore {
  const first = signals[0] as FailureSignal;
  const firstError = signals.find((s) => s.kind !== 'span') ?? first;
  const result: CandidateScore = {
    component,
    score: 0,
    firstFailure: first.time,
    firstMessage: firstError.message,
    evidence: [],
    reasons: [],
  };
  const scope: Scope = {
    component,
    signals,
    first,
    firstError,
    ctx,
    add(points, reason, evidence) {
      result.score += points;
      result.reasons.push(reason);
      result.evidence.push(evidence);
    },
    fact: (kind, summary, signal) => ({
      kind,
      component,
      summary,
      source: signal.source,
      timestamp: iso(signal.time),
    }),
  };
  traceRules(scope);
  graphRule(scope);
  timingAndChangeRules(scope);
  return result;
}

/** The trace: the deepest failing span, the component's own error, the root system log. */
function traceRules({ component, signals, firstError, ctx, add, fact }: Scope): void {
  const deepest = signals.find((s) => s.deepestInTrace);
  if (deepest)
    add(
      RANK_WEIGHTS.deepestSpan,
      'deepest failing span in the trace',
      fact('span', `Deepest failing span: ${deepest.message}`, deepest),
    );
  const kind = firstError.kind === 'span' ? 'span' : 'log';
  add(0, 'failing', fact(kind, `${component} errors: ${firstError.message}`, firstError));
  if (ctx.input.rootLogComponent === component)
    add(
      RANK_WEIGHTS.rootLog,
      'holds the root system log',
      fact('log', `Root system log is on ${component}`, firstError),
    );
}

/** The graph: a failure with failing dependencies is a victim; with healthy ones, a suspect. */
function graphRule({ component, ctx, add }: Scope): void {
  const { index, failing } = ctx;
  const failingCallees = index
    .callees(component)
    .filter((c) => failing.has(c) || nodeFailing(index, c));
  const failingCallers = index.callers(component).filter((c) => failing.has(c));
  if (failingCallees.length > 0) {
    const callees = failingCallees.join(', ');
    add(
      RANK_WEIGHTS.failingDependencies,
      `its dependencies ${callees} fail too`,
      topology(
        component,
        `${component} calls failing ${callees}`,
        `graph:${component}->${failingCallees.join(',')}`,
      ),
    );
    return;
  }
  // A lone leaf with no known callers says nothing about the graph either way.
  if (index.callees(component).length === 0 && failingCallers.length === 0) return;
  const summary =
    failingCallers.length > 0
      ? `Failing callers ${failingCallers.join(', ')} depend on ${component}; its own dependencies are healthy`
      : `${component}'s own dependencies are healthy`;
  add(
    RANK_WEIGHTS.healthyDependencies,
    'a failing component whose own dependencies are healthy',
    topology(component, summary, `graph:${failingCallers.join(',') || component}->${component}`),
  );
}

/** Timing (the first to fail) and change signals (a new template, an error-rate jump). */
function timingAndChangeRules({ component, signals, first, ctx, add, fact }: Scope): void {
  if (first.time === ctx.earliest)
    add(
      RANK_WEIGHTS.firstFailure,
      'failed first',
      fact('timing', `${component} failed first, at ${iso(first.time)}`, first),
    );
  const fresh = signals.find((s) => s.newTemplate);
  if (fresh)
    add(
      RANK_WEIGHTS.newTemplate,
      'logs a message never seen before',
      fact('change', `New log template on ${component}: ${fresh.message}`, fresh),
    );
  const node = ctx.index.node(component);
  if (node && node.errorRate >= ERROR_RATE_JUMP_PERCENT)
    add(RANK_WEIGHTS.errorRateJump, `error rate ${node.errorRate.toFixed(1)}%`, {
      kind: 'metric',
      component,
      summary: `${component} error rate is ${node.errorRate.toFixed(1)}% (status ${node.status})`,
      source: `metric:${component}.error_rate`,
      timestamp: null,
    });
}

const topology = (component: string, summary: string, source: string): Evidence => ({
  kind: 'topology',
  component,
  summary,
  source,
  timestamp: null,
});
