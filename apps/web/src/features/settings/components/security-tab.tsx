import type { AgentSettings } from '@vigil/contract';
import { useMemo } from 'react';
import { useSaveAgentSettings } from '../api/agent-settings';
import { toFieldMeta } from '../lib/field-meta';
import { fieldsUnder } from '../lib/settings-model';
import { ConfigFormCard } from './config-form-card';

interface SecurityCardSpec {
  agent: AgentSettings['agent_id'];
  prefix: string;
  title: string;
  description: string;
  saveLabel: string;
}

const CARDS: readonly SecurityCardSpec[] = [
  {
    agent: 'orchestrator',
    prefix: 'security',
    title: 'Orchestrator Security',
    description: 'Session tokens, the API rate limit and the API token requirement.',
    saveLabel: 'Save Security Settings',
  },
  {
    agent: 'executor',
    prefix: 'safety_validation',
    title: 'Executor Safety Validation',
    description:
      'Checks every execution passes: allowed hosts, business hours, dry run, kill switch.',
    saveLabel: 'Save Safety Validation',
  },
];

/** Two cards saved through their agent's update with `security.*` and `safety_validation.*` keys. */
export function SecurityTab({ agents }: { agents: readonly AgentSettings[] }) {
  return (
    <div className="grid grid-cols-1 items-start gap-4 xl:grid-cols-2">
      {CARDS.map((card) => {
        const agent = agents.find((candidate) => candidate.agent_id === card.agent);
        return agent ? <SecurityCard key={card.agent} spec={card} agent={agent} /> : null;
      })}
    </div>
  );
}

function SecurityCard({ spec, agent }: { spec: SecurityCardSpec; agent: AgentSettings }) {
  const fields = useMemo(
    () => fieldsUnder(agent.fields.map(toFieldMeta), [spec.prefix]),
    [agent, spec.prefix],
  );
  const save = useSaveAgentSettings();
  return (
    <ConfigFormCard
      testId={`security-${spec.prefix}`}
      title={spec.title}
      description={spec.description}
      fields={fields}
      saved={agent.values}
      saveLabel={spec.saveLabel}
      titledSections={false}
      onSave={(changes) => save.mutateAsync({ agentId: agent.agent_id, changes })}
    />
  );
}
