import type { AgentId, Integration } from '@vigil/contract';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { NOT_USED_TEXT } from './config-field';

const STATUS: Record<Integration['status'], { label: string; variant: BadgeVariant }> = {
  configured: { label: 'Configured', variant: 'success' },
  not_configured: { label: 'Not configured', variant: 'secondary' },
  error: { label: 'Error', variant: 'destructive' },
};

/** The status badge of an integration card. */
export function IntegrationStatusBadge({ integration }: { integration: Integration }) {
  const { label, variant } = STATUS[integration.status];
  return (
    <Badge variant={variant} title={integration.status_detail ?? undefined}>
      {label}
    </Badge>
  );
}

/** What every integration card says about itself: why its status, who uses it, whether it is wired. */
export function IntegrationFacts({
  integration,
  agentNames,
  showUnused = true,
}: {
  integration: Integration;
  agentNames: ReadonlyMap<AgentId, string>;
  /** Off where the card's header already says it. */
  showUnused?: boolean;
}) {
  return (
    <div className="flex flex-col gap-1 text-xs text-muted">
      {integration.status_detail ? <p>{integration.status_detail}</p> : null}
      <p>
        Used by:{' '}
        {integration.agents.length > 0
          ? integration.agents.map((agent) => agentNames.get(agent) ?? agent).join(', ')
          : 'no agent'}
      </p>
      {integration.used_by_deployment || !showUnused ? null : (
        <p>
          <Badge variant="outline">{NOT_USED_TEXT}</Badge>
        </p>
      )}
    </div>
  );
}
