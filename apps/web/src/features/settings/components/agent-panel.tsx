import type { AgentSettings, AgentStatus, SaveResult } from '@vigil/contract';
import { Power, RefreshCw, Save } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { formatDateTime } from '../../../lib/format';
import { relativeTime } from '../../../lib/relative-time';
import { useReloadAgentSettings, useSaveAgentSettings } from '../api/agent-settings';
import { useRestartAgent } from '../api/restart-agent';
import { useUpdateConfigValue } from '../api/update-config';
import { agentStatusBadge, agentStatusLabel } from '../lib/agent-status-style';
import { withContextLabels } from '../lib/field-meta';
import { restoreDefaultOf } from '../lib/restore-default';
import { saveFailureText } from '../lib/save-errors';
import { agentTabFields } from '../lib/settings-model';
import { BigQueryOverridesCard } from './bigquery-overrides-card';
import { FieldSections } from './field-sections';
import { SaveStatus } from './save-status';
import { useConfigForm } from './use-config-form';
import { useSaveForm } from './use-save-form';
import { ValidationSummary } from './validation-summary';

/** One agent's sub-tab: its state, its fields by section, and its BigQuery overrides. */
export function AgentPanel({ agent, status }: { agent: AgentSettings; status: AgentStatus }) {
  const fields = useMemo(() => withContextLabels(agentTabFields(agent)), [agent]);
  const form = useConfigForm(fields, agent.values);
  const save = useSaveAgentSettings();
  const reload = useReloadAgentSettings();
  const restart = useRestartAgent();
  const update = useUpdateConfigValue();
  const [restartKeys, setRestartKeys] = useState<string[]>([]);
  const { submit, restoreDefault, saving, outcome } = useSaveForm(
    form,
    (changes) => save.mutateAsync({ agentId: agent.agent_id, changes }),
    (path, value) => update.mutateAsync({ path, value }),
  );

  const noteRestart = (result: SaveResult | null | undefined) => {
    if (!result || result.restart_required.length === 0) return;
    setRestartKeys((current) => [...new Set([...current, ...result.restart_required])]);
  };

  async function onSave() {
    noteRestart(await submit());
  }

  async function onRestoreDefault(path: string) {
    if (!restoreDefault) return;
    await restoreDefaultOf(fields, path, async (key, value) =>
      noteRestart(await restoreDefault(key, value)),
    );
  }

  async function onRestart() {
    await restart.mutateAsync(agent.agent_id).catch(() => undefined);
    setRestartKeys([]);
  }

  return (
    <div className="flex flex-col gap-4">
      <Card className="flex flex-col gap-4" data-testid={`agent-panel-${agent.agent_id}`}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex min-w-0 flex-col gap-1.5">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="text-lg font-semibold text-foreground">{agent.name}</h2>
              <Badge variant={agentStatusBadge(status.status)}>
                {agentStatusLabel(status.status)}
              </Badge>
              {form.state.dirty ? <Badge variant="warning">Unsaved</Badge> : null}
              {restartKeys.length > 0 ? (
                <Badge variant="destructive" title={restartKeys.join(', ')}>
                  Restart Req
                </Badge>
              ) : null}
            </div>
            <p className="flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-muted">
              <span>
                Last seen: {status.last_seen ? relativeTime(status.last_seen, Date.now()) : 'never'}
              </span>
              <span>Saved: {agent.saved_at ? formatDateTime(agent.saved_at) : 'defaults'}</span>
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="primary"
              size="sm"
              onClick={() => void onSave()}
              disabled={!form.state.canSave || saving}
            >
              <Save aria-hidden="true" />
              {saving ? 'Saving...' : 'Save'}
            </Button>
            <Button size="sm" onClick={form.resetAll} disabled={!form.state.dirty}>
              Reset
            </Button>
            <Button
              size="sm"
              disabled={reload.isPending}
              onClick={() => {
                form.resetAll();
                reload.mutate(agent.agent_id);
              }}
            >
              <RefreshCw
                aria-hidden="true"
                className={reload.isPending ? 'animate-spin' : undefined}
              />
              Reload
            </Button>
            {status.restart_available ? (
              <Button size="sm" disabled={restart.isPending} onClick={() => void onRestart()}>
                <Power aria-hidden="true" />
                {restart.isPending ? 'Restarting...' : 'Restart'}
              </Button>
            ) : null}
          </div>
        </div>
        <SaveStatus outcome={outcome} />
        {restart.isError ? (
          <p role="alert" className="text-xs text-destructive-foreground">
            {saveFailureText(restart.error)}
          </p>
        ) : null}
        {restart.isSuccess ? (
          <p role="status" className="text-xs text-success-foreground">
            Restarted at {formatDateTime(restart.data.restarted_at)}; now{' '}
            {restart.data.agent.status}.
          </p>
        ) : null}
        <ValidationSummary
          errors={form.state.errors}
          warnings={form.state.warnings}
          serverCheckUnavailable={form.serverCheckUnavailable}
        />
        <FieldSections
          fields={fields}
          saved={agent.values}
          state={form.state}
          onInput={form.setInput}
          onReset={form.resetField}
          onRestoreDefault={onRestoreDefault}
          busy={saving}
        />
      </Card>
      <BigQueryOverridesCard agentId={agent.agent_id} />
    </div>
  );
}
