import type { AgentId, Integration } from '@vigil/contract';
import { Card } from '../../../components/ui/card';
import { IntegrationFacts, IntegrationStatusBadge } from './integration-summary';

const show = (value: unknown): string =>
  Array.isArray(value) ? value.join(', ') || '—' : value === '' ? '—' : String(value);

/** An integration without a form of its own: status, the agents using it and its config entries. */
export function GenericIntegrationCard({
  integration,
  agentNames,
}: {
  integration: Integration;
  agentNames: ReadonlyMap<AgentId, string>;
}) {
  const entries = Object.entries(integration.config);
  return (
    <Card className="flex min-w-0 flex-col gap-3" data-testid={`integration-${integration.type}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-foreground">{integration.name}</h2>
        <IntegrationStatusBadge integration={integration} />
      </div>
      <IntegrationFacts integration={integration} agentNames={agentNames} />
      {entries.length > 0 ? (
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          {entries.map(([path, value]) => (
            <div key={path} className="contents">
              <dt className="font-mono text-xs break-all text-subtle">{path}</dt>
              <dd className="break-all text-foreground">{show(value)}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="text-sm text-muted">No configuration entries.</p>
      )}
    </Card>
  );
}
