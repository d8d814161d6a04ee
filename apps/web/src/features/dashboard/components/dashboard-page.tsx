import { useCallback, useMemo } from 'react';
import { Card } from '../../../components/ui/card';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { useAgents } from '../api/get-agents';
import { useApplicationCount } from '../api/get-application-count';
import { useDashboardOverview } from '../api/get-dashboard-overview';
import { useProductStatus } from '../api/get-product-status';
import { dashboardBanners } from '../lib/dashboard-errors';
import { toDashboardAgents } from '../lib/dashboard-agents';
import { countHealthy, isOrchestratorOnline, systemHealthPercent } from '../lib/dashboard-summary';
import { AgentNetworkCanvas } from './agent-network-canvas';
import { AgentStatusCard, agentCardId } from './agent-status-card';
import { SummaryTiles } from './summary-tiles';
import { useAgentCardState } from './use-agent-card-state';

/** The Dashboard: summary tiles, the agent network and the agent cards, refreshed every 5 s. */
export function DashboardPage() {
  const agentsQuery = useAgents();
  const overviewQuery = useDashboardOverview();
  const statusQuery = useProductStatus();
  const applicationsQuery = useApplicationCount();
  const cards = useAgentCardState();
  const { highlight, toggle } = cards;

  const agents = useMemo(
    () => (agentsQuery.data ? toDashboardAgents(agentsQuery.data) : null),
    [agentsQuery.data],
  );
  const healthy = agents ? countHealthy(agents.map((agent) => agent.status)) : null;
  const total = agents ? agents.length : null;
  const banners = dashboardBanners({ agents: agentsQuery.error, overview: overviewQuery.error });

  const selectAgent = useCallback(
    (agentId: string) => {
      document
        .getElementById(agentCardId(agentId))
        ?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      highlight(agentId);
      toggle(agentId);
    },
    [highlight, toggle],
  );

  return (
    <>
      <PageHeader title="Dashboard" subtitle="System overview and monitoring status" />
      <div className="grid gap-4 md:gap-6">
        {banners.map((banner) => (
          <ErrorBanner key={banner}>{banner}</ErrorBanner>
        ))}
        <SummaryTiles
          healthy={healthy}
          total={total}
          healthPercent={
            healthy === null || total === null ? null : systemHealthPercent(healthy, total)
          }
          applications={applicationsQuery.data ?? null}
          orchestratorOnline={statusQuery.isPending ? null : isOrchestratorOnline(statusQuery.data)}
        />
        <Card className="p-4 md:p-6">
          <h2 className="text-base font-semibold text-foreground">
            Orchestrator &amp; Agent Network
          </h2>
          {agents ? (
            <AgentNetworkCanvas agents={agents} onSelectAgent={selectAgent} />
          ) : (
            <div aria-hidden="true" className="h-64 md:h-72" />
          )}
        </Card>
        <section aria-labelledby="agent-status-heading" className="grid gap-3">
          <h2 id="agent-status-heading" className="text-base font-semibold text-foreground">
            Agent Status
          </h2>
          {agents ? (
            <div className="grid items-start gap-3 sm:grid-cols-2 xl:grid-cols-3">
              {agents.map((agent) => (
                <AgentStatusCard
                  key={agent.id}
                  agent={agent}
                  expanded={cards.expanded.has(agent.id)}
                  highlighted={cards.highlighted === agent.id}
                  onToggle={() => toggle(agent.id)}
                />
              ))}
            </div>
          ) : (
            <Spinner label="Loading agents..." />
          )}
        </section>
      </div>
    </>
  );
}
