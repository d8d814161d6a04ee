import type { ApprovedAction, RcaData, RemediationData, TraceabilityData } from '@vigil/contract';
import type { GraphNodeView } from '../shared/service-graph';
import { classifyFailure } from './classify-failure';
import { matchActions } from './match-actions';
import type { RemediationConfig } from './remediation-config';

export interface RemediationInput {
  rca: RcaData | null;
  traceability: TraceabilityData | null;
  /** The incident's own event messages. */
  messages: readonly string[];
  rootNode: GraphNodeView | null;
  actions: readonly ApprovedAction[];
  config: RemediationConfig;
}

const MAX_TEXTS = 200;

/** Evidence text, the root component's own first (it decides the failure kind most). */
function evidenceTexts(input: RemediationInput): string[] {
  const root = input.rca?.root_component ?? null;
  const own: string[] = [];
  const rest: string[] = [];
  for (const e of input.rca?.evidence ?? []) (e.component === root ? own : rest).push(e.summary);
  for (const log of input.traceability?.correlated_logs ?? [])
    (log.component === root ? own : rest).push(log.message);
  return [...own, ...rest, ...input.messages].slice(0, MAX_TEXTS);
}

/**
 * The plan: the recognised failure kind's steps, preventive measures and checks for the root
 * component, and the approved actions that fit, each with its score and why.
 */
export function buildRemediationData(input: RemediationInput): RemediationData {
  const component = input.rca?.root_component ?? input.rootNode?.id ?? 'the failing component';
  const texts = evidenceTexts(input);
  const node = input.rootNode;
  const found = classifyFailure({
    texts,
    metrics: node
      ? { memoryUsage: null, errorRate: node.errorRate, responseTimeP95: node.responseTimeP95 }
      : null,
  });
  const kind = found?.kind ?? null;
  const tags = [
    ...(input.rca?.root_component ? [input.rca.root_component] : []),
    ...(node ? [node.type] : []),
    ...(kind ? [kind.id, ...kind.actionWords] : []),
  ];
  const { matching, match_threshold, max_recommendations } = input.config;
  const matched = matchActions(
    input.actions,
    {
      rootComponent: input.rca?.root_component ?? null,
      tags,
      text: [input.rca?.root_cause ?? '', ...texts].join('\n'),
      failureKind: kind,
    },
    matching,
    match_threshold,
    max_recommendations,
  );
  const steps = kind
    ? kind.steps(component)
    : [`Inspect ${component}'s recent errors and changes (see the RCA evidence).`];
  if (matched[0])
    steps.push(
      `Run the approved action "${matched[0].name}" (match ${matched[0].score.toFixed(2)}: ${matched[0].reasons.join('; ')}).`,
    );
  return {
    failure_kind: kind?.id ?? null,
    remediation_steps: steps,
    preventive_measures: kind
      ? [...kind.preventive]
      : ['Add alerts on the error signals this incident showed.'],
    verification: kind
      ? kind.verification(component)
      : [`${component} and its callers log no new errors for one verification window.`],
    matched_actions: matched,
  };
}
