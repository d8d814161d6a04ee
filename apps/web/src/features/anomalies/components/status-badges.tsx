import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { severityVariant } from '../../../lib/severity-style';

export function SeverityBadge({ severity }: { severity: string }) {
  return (
    <Badge variant={severityVariant(severity)} data-testid="severity-badge">
      {severity}
    </Badge>
  );
}

/** Spec part 1 section 4: 'open' is a warning, other values default, a missing value 'unknown'. */
export function IncidentStatusBadge({ status }: { status: string | null | undefined }) {
  const variant: BadgeVariant = status === 'open' ? 'warning' : 'default';
  return (
    <Badge variant={status ? variant : 'secondary'} data-testid="incident-status-badge">
      {status || 'unknown'}
    </Badge>
  );
}

/** An anomaly's own status: 'open' is destructive (spec part 1 section 4). */
export function AnomalyStatusBadge({ status }: { status: string }) {
  const variant: BadgeVariant =
    status === 'open' ? 'destructive' : status === 'false_positive' ? 'secondary' : 'success';
  return <Badge variant={variant}>{status.replace('_', ' ')}</Badge>;
}

export function SuppressedBadge() {
  return <Badge variant="outline">suppressed</Badge>;
}
