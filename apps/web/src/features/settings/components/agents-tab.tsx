import type { AgentId, AgentSettings, AgentStatus } from '@vigil/contract';
import { useEffect, useRef } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { SEARCH_TARGET_ATTRIBUTE } from '../../../lib/search-events';
import { agentStatusDot } from '../lib/agent-status-style';
import { AgentPanel } from './agent-panel';

export interface AgentsTabProps {
  agents: readonly AgentSettings[];
  statuses: readonly AgentStatus[] | undefined;
  /** Null only when the server reported no agents. */
  selected: AgentId | null;
  onSelect(agent: AgentId): void;
}

/**
 * One sub-tab per agent. Every panel stays mounted (hidden when not shown), so switching agents
 * keeps unsaved edits.
 */
export function AgentsTab({ agents, statuses, selected, onSelect }: AgentsTabProps) {
  const list = useRef<HTMLDivElement>(null);
  // On a phone the sub-tabs scroll sideways: keep the chosen one in sight (a deep link may pick
  // the last agent).
  useEffect(() => {
    const trigger = list.current?.querySelector<HTMLElement>(`[data-state="active"]`);
    if (!list.current || !trigger) return;
    const left = trigger.offsetLeft - (list.current.clientWidth - trigger.clientWidth) / 2;
    list.current.scrollTo?.({ left: Math.max(0, left) });
  }, [selected]);
  const statusOf = (agent: AgentSettings): AgentStatus =>
    statuses?.find((status) => status.agent_id === agent.agent_id) ?? agent.status;
  return (
    <Tabs value={selected ?? ''} onValueChange={(value) => onSelect(value as AgentId)}>
      <TabsList ref={list} aria-label="Agents" className="relative w-full md:w-fit">
        {agents.map((agent) => (
          <TabsTrigger
            key={agent.agent_id}
            value={agent.agent_id}
            {...{ [SEARCH_TARGET_ATTRIBUTE]: agent.agent_id }}
          >
            <span
              aria-hidden="true"
              className={`size-2 rounded-full ${agentStatusDot(statusOf(agent).status)}`}
            />
            {agent.name}
          </TabsTrigger>
        ))}
      </TabsList>
      {agents.map((agent) => (
        <TabsContent
          key={agent.agent_id}
          value={agent.agent_id}
          forceMount
          className="data-[state=inactive]:hidden"
        >
          <AgentPanel agent={agent} status={statusOf(agent)} />
        </TabsContent>
      ))}
    </Tabs>
  );
}
