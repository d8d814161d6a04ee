import type { Anomaly, Detection, Validation } from '@vigil/contract';
import { Badge } from '../../../components/ui/badge';
import { displayDescription, formatDateTime } from '../../../lib/format';
import { DetailField, DetailList, DetailSection } from './detail-list';
import { AnomalyStatusBadge, SeverityBadge } from './status-badges';

/** Seconds, to three significant digits: detection often takes a few milliseconds. */
export const formatSeconds = (seconds: number): string =>
  `${seconds >= 1 ? seconds.toFixed(2) : Number(seconds.toPrecision(3))} s`;

const percent = (value: number | null | undefined): string | null =>
  typeof value === 'number' ? `${Math.round(value * 100)}%` : null;

export function OverviewTab({ anomaly }: { anomaly: Anomaly }) {
  const validation = anomaly.gemini_validation ?? anomaly.orchestrator_data?.gemini_validation;
  return (
    <div className="grid grid-cols-1 gap-4">
      <DetailSection title="Summary">
        <DetailList>
          <DetailField label="Description" wide>
            {displayDescription(anomaly.description)}
          </DetailField>
          <DetailField label="Severity">
            <SeverityBadge severity={anomaly.severity} />
          </DetailField>
          <DetailField label="Status">
            <AnomalyStatusBadge status={anomaly.status} />
          </DetailField>
          <DetailField label="Time">{formatDateTime(anomaly.timestamp)}</DetailField>
          <DetailField label="Type">{anomaly.type}</DetailField>
          <DetailField label="Score">{anomaly.score.toFixed(2)}</DetailField>
          <DetailField label="Source system">{anomaly.source_system}</DetailField>
          <DetailField label="Assigned to">{anomaly.assigned_to}</DetailField>
          <DetailField label="Tags">
            {anomaly.tags.length > 0 ? <TagList tags={anomaly.tags} /> : null}
          </DetailField>
        </DetailList>
      </DetailSection>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <DetectionSection detection={anomaly.detection} />
        <DetailSection title="Context">
          <DetailList>
            <DetailField label="Component">{anomaly.context.component}</DetailField>
            <DetailField label="Log level">{anomaly.context.log_level}</DetailField>
            <DetailField label="Trace ID" mono>
              {anomaly.context.trace_id}
            </DetailField>
            <DetailField label="Span ID" mono>
              {anomaly.context.span_id}
            </DetailField>
            <DetailField label="Source agent">
              {`${anomaly.context.source_agent.name} ${anomaly.context.source_agent.version}`}
            </DetailField>
            <DetailField label="Log message" wide mono>
              {anomaly.context.log_message}
            </DetailField>
          </DetailList>
        </DetailSection>
      </div>
      <ValidationSection validation={validation ?? null} />
    </div>
  );
}

function TagList({ tags }: { tags: readonly string[] }) {
  return (
    <span className="flex flex-wrap gap-1">
      {tags.map((tag) => (
        <Badge key={tag} variant="outline">
          {tag}
        </Badge>
      ))}
    </span>
  );
}

function DetectionSection({ detection }: { detection: Detection }) {
  const models = [
    ...new Set([
      ...Object.keys(detection.ensemble_votes),
      ...Object.keys(detection.individual_scores),
    ]),
  ];
  return (
    <DetailSection title="Detection">
      <DetailList>
        <DetailField label="Confidence score">{percent(detection.confidence_score)}</DetailField>
        <DetailField label="Confidence level">{detection.confidence_level}</DetailField>
        <DetailField label="Model version">{detection.model_version}</DetailField>
        <DetailField label="Processing time">
          {formatSeconds(detection.processing_time)}
        </DetailField>
        <DetailField label="Reason" wide>
          {detection.reason}
        </DetailField>
      </DetailList>
      {models.length > 0 ? (
        <table className="mt-4 w-full text-sm" data-testid="ensemble-table">
          <caption className="sr-only">Ensemble votes and individual scores per model</caption>
          <thead>
            <tr className="text-left text-xs text-subtle uppercase">
              <th className="pb-1 font-medium">Model</th>
              <th className="pb-1 font-medium">Vote</th>
              <th className="pb-1 font-medium">Score</th>
            </tr>
          </thead>
          <tbody>
            {models.map((model) => (
              <ModelRow
                key={model}
                model={model}
                vote={detection.ensemble_votes[model]}
                score={detection.individual_scores[model]}
              />
            ))}
          </tbody>
        </table>
      ) : null}
    </DetailSection>
  );
}

function ModelRow({ model, vote, score }: { model: string; vote?: boolean; score?: number }) {
  return (
    <tr className="border-t border-border">
      <td className="py-1.5 pr-3 font-mono text-xs [overflow-wrap:anywhere]">{model}</td>
      <td className="py-1.5 pr-3">
        {vote === undefined ? (
          'N/A'
        ) : vote ? (
          <Badge variant="destructive">anomalous</Badge>
        ) : (
          <span className="text-muted">normal</span>
        )}
      </td>
      <td className="py-1.5">
        {score === undefined ? (
          'N/A'
        ) : (
          <span className="flex items-center gap-2">
            <span
              className="hidden h-1.5 w-16 overflow-hidden rounded-full bg-surface-raised sm:block"
              aria-hidden="true"
            >
              <span
                className="block h-full bg-primary"
                style={{ width: `${Math.round(score * 100)}%` }}
              />
            </span>
            <span className="tabular-nums">{score.toFixed(2)}</span>
          </span>
        )}
      </td>
    </tr>
  );
}

function ValidationSection({ validation }: { validation: Validation | null }) {
  if (!validation) {
    return (
      <DetailSection title="AI validation">
        <p className="text-sm text-muted">N/A</p>
      </DetailSection>
    );
  }
  return (
    <DetailSection title="AI validation">
      <DetailList>
        <DetailField label="Validated">{validation.validated ? 'Yes' : 'No'}</DetailField>
        <DetailField label="Confidence">
          {percent(validation.gemini_confidence ?? validation.confidence)}
        </DetailField>
        <DetailField label="New keywords" wide>
          {validation.new_keywords.length > 0 ? <TagList tags={validation.new_keywords} /> : 'None'}
        </DetailField>
        <DetailField label="Analysis" wide>
          {validation.analysis || validation.context_analysis}
        </DetailField>
      </DetailList>
    </DetailSection>
  );
}
