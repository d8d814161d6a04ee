import type { Anomaly } from '@vigil/contract';
import { Badge } from '../../../components/ui/badge';
import { formatDateTime } from '../../../lib/format';
import { DetailField, DetailList, DetailSection, EmptyTab } from './detail-list';
import { IncidentStatusBadge } from './status-badges';

/** Spec part 1 section 4: a non-primary event is 'Secondary (suppressed)'. */
export const incidentRole = (isPrimary: boolean): string =>
  isPrimary ? 'Primary' : 'Secondary (suppressed)';

export function IncidentTab({ anomaly }: { anomaly: Anomaly }) {
  const incident = anomaly.orchestrator_data;
  if (!incident) return <EmptyTab>No incident information available.</EmptyTab>;
  const meta = incident.data.component_meta;
  return (
    <div className="grid grid-cols-1 gap-4">
      <DetailSection title={`Incident #${incident.incident_id}`}>
        <DetailList>
          <DetailField label="Status">
            <IncidentStatusBadge status={incident.incident_status} />
          </DetailField>
          <DetailField label="Role">{incidentRole(incident.event_is_primary)}</DetailField>
          {incident.event_is_primary ? null : (
            <DetailField label="Suppression reason" wide>
              {incident.suppression_reason}
            </DetailField>
          )}
          <DetailField label="Events in incident">{incident.event_count}</DetailField>
          <DetailField label="Coalesce window">{`${incident.coalesce_window_seconds} s`}</DetailField>
          <DetailField label="Root component">{incident.root_component}</DetailField>
          <DetailField label="Trace ID" mono>
            {incident.trace_id}
          </DetailField>
          <DetailField label="Opened">{formatDateTime(incident.opened_at)}</DetailField>
          <DetailField label="Updated">{formatDateTime(incident.updated_at)}</DetailField>
          <DetailField label="Closed">
            {incident.closed_at ? formatDateTime(incident.closed_at) : '—'}
          </DetailField>
          <DetailField label="Detection method">{incident.detection_method}</DetailField>
          <DetailField label="Impact scope" wide>
            {incident.impact_scope.length > 0 ? (
              <span className="flex flex-wrap gap-1">
                {incident.impact_scope.map((component) => (
                  <Badge key={component} variant="outline">
                    {component}
                  </Badge>
                ))}
              </span>
            ) : null}
          </DetailField>
          <DetailField label="Grouping reason" wide>
            {incident.reason}
          </DetailField>
        </DetailList>
      </DetailSection>
      <DetailSection title="Event">
        <DetailList>
          <DetailField label="Component">
            {meta.friendly_name || incident.data.component}
          </DetailField>
          <DetailField label="Environment">{meta.env}</DetailField>
          <DetailField label="Namespace">{meta.namespace}</DetailField>
          <DetailField label="Layer">{meta.layer}</DetailField>
          <DetailField label="Version">{meta.version}</DetailField>
          <DetailField label="Log level">{incident.data.log_level}</DetailField>
          <DetailField label="Anomaly score">{incident.data.anomaly_score.toFixed(2)}</DetailField>
          <DetailField label="Processed">
            {formatDateTime(incident.data.event_processing_timestamp)}
          </DetailField>
          <DetailField label="Detection reason" wide>
            {incident.data.detection_reason}
          </DetailField>
          {incident.data.notes.length > 0 ? (
            <DetailField label="Notes" wide>
              <ul className="list-disc pl-5">
                {incident.data.notes.map((note) => (
                  <li key={note}>{note}</li>
                ))}
              </ul>
            </DetailField>
          ) : null}
        </DetailList>
      </DetailSection>
    </div>
  );
}
