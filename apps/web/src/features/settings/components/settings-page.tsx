import type { AgentId } from '@vigil/contract';
import { RefreshCw } from 'lucide-react';
import { useMemo } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useAgentSettingsList } from '../api/agent-settings';
import { useAgentStatuses } from '../api/agent-status';
import { useGlobalSettings } from '../api/global-settings';
import { useRefreshSettings } from '../api/settings-connection';
import type { SettingsTab } from '../lib/deep-link';
import { buildSettingsModel } from '../lib/settings-model';
import { AgentsTab } from './agents-tab';
import { FullConfigDialog } from './full-config-dialog';
import { GlobalTab } from './global-tab';
import { IntegrationsTab } from './integrations-tab';
import { SecurityTab } from './security-tab';
import { useSettingsLink } from './use-settings-link';

const TAB_LABELS: Record<SettingsTab, string> = {
  global: 'Global',
  agents: 'Agents',
  integrations: 'Integrations',
  security: 'Security',
};

/** The Vigil Configuration screen (spec part 2 section 2.4). */
export function SettingsPage() {
  const global = useGlobalSettings();
  const agents = useAgentSettingsList();
  const statuses = useAgentStatuses();
  const ready = global.isSuccess && agents.isSuccess;
  const agentIds = useMemo(
    () => (ready ? agents.data.agents.map((entry) => entry.agent_id) : null),
    [ready, agents.data],
  );
  const { tab, agent, show } = useSettingsLink(agentIds);
  const model = useMemo(
    () => (global.data && agents.data ? buildSettingsModel(global.data, agents.data.agents) : null),
    [global.data, agents.data],
  );
  const reload = useRefreshSettings();
  const refreshing = reload.isPending || global.isFetching || agents.isFetching;
  const refresh = () => reload.mutate();
  const loadError = global.error ?? agents.error;

  return (
    <div>
      <PageHeader
        title="Vigil Configuration"
        subtitle="Global, agent, integration and security settings"
        actions={
          <>
            <FullConfigDialog />
            <Button onClick={refresh} disabled={refreshing}>
              <RefreshCw aria-hidden="true" className={refreshing ? 'animate-spin' : undefined} />
              Refresh
            </Button>
          </>
        }
      />
      {loadError ? (
        <ConfigurationError error={reload.error ?? loadError} onRetry={refresh} />
      ) : !ready || !model ? (
        <Card>
          <Spinner label="Loading configuration..." />
        </Card>
      ) : (
        <>
          {reload.error ? <ConnectionFailure error={reload.error} onRetry={refresh} /> : null}
          <Tabs value={tab} onValueChange={(value) => show({ tab: value as SettingsTab })}>
            <TabsList aria-label="Settings sections" className="w-full md:w-fit">
              {(Object.keys(TAB_LABELS) as SettingsTab[]).map((value) => (
                <TabsTrigger key={value} value={value} className="flex-1 md:flex-none">
                  {TAB_LABELS[value]}
                </TabsTrigger>
              ))}
            </TabsList>
            <TabsContent value="global">
              <GlobalTab global={global.data} />
            </TabsContent>
            <TabsContent value="agents">
              <AgentsTab
                agents={agents.data.agents}
                statuses={statuses.data}
                selected={agent}
                onSelect={(next: AgentId) => show({ tab: 'agents', agent: next })}
              />
            </TabsContent>
            <TabsContent value="integrations">
              <IntegrationsTab model={model} />
            </TabsContent>
            <TabsContent value="security">
              <SecurityTab agents={agents.data.agents} />
            </TabsContent>
          </Tabs>
        </>
      )}
    </div>
  );
}

/** A failed connection test while the loaded settings stay on screen (edits are kept). */
function ConnectionFailure({ error, onRetry }: { error: Error; onRetry(): void }) {
  return (
    <ErrorBanner className="mb-4">
      <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="min-w-0 break-words">{error.message}</span>
        <Button size="sm" onClick={onRetry}>
          <RefreshCw aria-hidden="true" />
          Retry
        </Button>
      </span>
    </ErrorBanner>
  );
}

function ConfigurationError({ error, onRetry }: { error: Error | null; onRetry(): void }) {
  return (
    <Card role="alert" className="flex flex-col items-start gap-3">
      <h2 className="text-lg font-semibold text-destructive-foreground">Configuration Error</h2>
      <p className="text-sm break-words text-muted">
        {error?.message || 'Failed to load configuration'}
      </p>
      <Button onClick={onRetry}>
        <RefreshCw aria-hidden="true" />
        Retry
      </Button>
    </Card>
  );
}
