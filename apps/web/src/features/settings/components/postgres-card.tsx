import type { AgentId, Integration, SaveResult } from '@vigil/contract';
import { PlugZap } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { FormState } from '../lib/config-form';
import type { FieldMeta, FlatConfig } from '../lib/config-types';
import { ConfigFormCard } from './config-form-card';
import { IntegrationFacts, IntegrationStatusBadge } from './integration-summary';

export interface PostgresCardProps {
  integration: Integration | undefined;
  fields: readonly FieldMeta[];
  serverValues: FlatConfig;
  agentNames: ReadonlyMap<AgentId, string>;
}

/**
 * The PostgreSQL form. By the spec its Save and Test Connection are local only: nothing is sent to
 * the server, which keeps using DATABASE_URL or its stored settings. The card says so.
 */
export function PostgresCard({ integration, fields, serverValues, agentNames }: PostgresCardProps) {
  const [local, setLocal] = useState<FlatConfig>(serverValues);
  const [check, setCheck] = useState<string | null>(null);

  async function saveLocally(changes: FlatConfig): Promise<SaveResult> {
    setLocal((current) => ({ ...current, ...changes }));
    return {
      changed: Object.keys(changes),
      restart_required: [],
      warnings: [],
      saved_at: new Date().toISOString(),
    };
  }

  const testLocally = (state: FormState) =>
    setCheck(
      state.errors.length > 0
        ? `Fix ${state.errors.length} ${state.errors.length === 1 ? 'field' : 'fields'} first.`
        : 'The form is complete. The console does not open PostgreSQL connections: this check is local only.',
    );

  return (
    <ConfigFormCard
      testId="integration-postgres"
      title="PostgreSQL"
      headerExtra={integration ? <IntegrationStatusBadge integration={integration} /> : null}
      description={
        <div className="flex flex-col gap-1">
          <p>Local only: Save and Test Connection make no server call.</p>
          {integration ? (
            <IntegrationFacts
              integration={integration}
              agentNames={agentNames}
              showUnused={false}
            />
          ) : null}
          {check ? (
            <p role="status" data-testid="postgres-check" className="text-xs text-foreground">
              {check}
            </p>
          ) : null}
        </div>
      }
      fields={fields}
      notUsed={integration?.used_by_deployment === false}
      saved={local}
      saveLabel="Save"
      onSave={saveLocally}
      local
      footerExtra={(state) => (
        <Button onClick={() => testLocally(state)}>
          <PlugZap aria-hidden="true" />
          Test Connection
        </Button>
      )}
    />
  );
}
