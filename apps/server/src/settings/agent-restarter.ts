import type { AgentId } from '@vigil/contract';
import type { Agent, AgentContext } from '../agents/shared/agent';
import type { AgentRegistry, AgentView } from '../agents/shared/agent-registry';
import { AppError, notFound } from '../shared/errors';

export interface AgentRestarter {
  /**
   * Stops the agent's loop (its bus subscriptions, timers and in-memory state) and starts it
   * again from the store. `force` starts it even when stopping failed.
   */
  restart(id: AgentId, force: boolean): Promise<AgentView>;
}

const describe = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

export function createAgentRestarter(
  agents: readonly Agent[],
  context: AgentContext,
  registry: AgentRegistry,
): AgentRestarter {
  const byId = new Map<AgentId, Agent>(agents.map((agent) => [agent.id, agent]));
  const restarting = new Set<AgentId>();
  return {
    async restart(id, force) {
      const agent = byId.get(id);
      if (!agent || !registry.get(id).inProcess) {
        throw new AppError(
          409,
          'AGENT_NOT_RESTARTABLE',
          `Agent ${id} does not run in this process, so it cannot be restarted here`,
        );
      }
      if (restarting.has(id)) {
        throw new AppError(409, 'AGENT_RESTARTING', `Agent ${id} is already restarting`);
      }
      restarting.add(id);
      try {
        try {
          await agent.stop();
        } catch (error) {
          if (!force) {
            throw new AppError(
              409,
              'AGENT_STOP_FAILED',
              `Agent ${id} did not stop cleanly (${describe(error)}); restart with force to start it anyway`,
            );
          }
          context.log.error('agent stop failed; forced restart continues', {
            agent: id,
            error: describe(error),
          });
        }
        await agent.start(context);
        return registry.get(id);
      } finally {
        restarting.delete(id);
      }
    },
  };
}

export const unknownAgent = (id: string): AppError =>
  notFound('AGENT_NOT_FOUND', `Unknown agent: ${id}`);
