import { ChevronDown } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { badgeLabel } from '../lib/agent-health';
import { AGENT_TONE_DOT } from '../lib/agent-tone-style';
import type { DashboardAgent } from '../lib/dashboard-agents';

export interface AgentStatusCardProps {
  agent: DashboardAgent;
  expanded: boolean;
  highlighted: boolean;
  onToggle: () => void;
}

export const agentCardId = (agentId: string) => `agent-card-${agentId}`;

/** One agent: name and Healthy/Unhealthy badge; expanded, its description, URL and port. */
export function AgentStatusCard({ agent, expanded, highlighted, onToggle }: AgentStatusCardProps) {
  const label = badgeLabel(agent.status);
  const detailsId = `${agentCardId(agent.id)}-details`;
  return (
    <article
      id={agentCardId(agent.id)}
      data-agent-card={agent.id}
      data-highlighted={highlighted || undefined}
      className={cn(
        'scroll-mt-20 rounded-xl border bg-surface transition-[border-color,box-shadow] duration-300',
        highlighted ? 'border-primary shadow-[0_0_0_3px] shadow-primary/30' : 'border-border',
      )}
    >
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={detailsId}
        onClick={onToggle}
        className="flex w-full cursor-pointer items-center gap-3 rounded-xl p-4 text-left hover:bg-surface-hover/50"
      >
        <span
          aria-hidden="true"
          className={cn('size-2.5 shrink-0 rounded-full', AGENT_TONE_DOT[agent.tone])}
        />
        <span className="min-w-0 flex-1 truncate font-medium text-foreground">{agent.name}</span>
        <Badge variant={label === 'Healthy' ? 'success' : 'destructive'}>{label}</Badge>
        <ChevronDown
          aria-hidden="true"
          className={cn(
            'size-4 shrink-0 text-muted transition-transform',
            expanded && 'rotate-180',
          )}
        />
      </button>
      {expanded ? (
        <div id={detailsId} className="grid gap-2 border-t border-border px-4 py-3 text-sm">
          <p className="text-muted">{agent.description || 'No description available'}</p>
          <dl className="grid gap-1">
            <div className="flex gap-2">
              <dt className="w-10 shrink-0 text-subtle">URL</dt>
              <dd className="min-w-0 font-mono text-xs leading-5 break-all text-foreground">
                {agent.url || 'unknown'}
              </dd>
            </div>
            <div className="flex gap-2">
              <dt className="w-10 shrink-0 text-subtle">Port</dt>
              <dd className="font-mono text-xs leading-5 text-foreground">{agent.port}</dd>
            </div>
          </dl>
        </div>
      ) : null}
    </article>
  );
}
