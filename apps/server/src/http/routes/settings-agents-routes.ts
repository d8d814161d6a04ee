import type { FastifyInstance } from 'fastify';
import {
  AgentId,
  DottedValues,
  RestartAgentRequest,
  type AgentSettings,
  type RestartAgentResult,
} from '@vigil/contract';
import { FIELD_BY_PATH } from '../../config/schema';
import { agentStatusOf } from '../../settings/agent-status';
import { unknownAgent } from '../../settings/agent-restarter';
import type { SettingsDeps } from '../../settings/settings-deps';
import { toIso } from '../../shared/clock';
import { badRequest } from '../../shared/errors';
import { writeAgentRestarted } from '../../audit/config-audit';
import type { Store } from '../../store/create-store';
import { ok } from '../envelope';
import { parseInput } from '../validate';
import { saveResult, settingsBlock } from './settings-config-routes';

/** A known agent id from the path, or a 404 naming it. */
export function agentIdParam(params: unknown): AgentId {
  const raw = (params as { id?: string }).id ?? '';
  const parsed = AgentId.safeParse(raw);
  if (!parsed.success) throw unknownAgent(raw);
  return parsed.data;
}

function agentSettings(settings: SettingsDeps, id: AgentId): AgentSettings {
  const status = agentStatusOf(settings.agents.get(id));
  return { ...settingsBlock(settings, id), agent_id: id, name: status.name, status };
}

/** Spec part 2 section 7.3: per-agent settings and restart. */
export function registerSettingsAgentsRoutes(
  app: FastifyInstance,
  settings: SettingsDeps,
  deps: { store: Store; now: () => number },
): void {
  const { now } = deps;

  app.get('/api/settings/agents', async () =>
    ok({ agents: settings.agents.ids.map((id) => agentSettings(settings, id)) }, 'OK', now()),
  );

  app.get('/api/settings/agents/:id', async (request) =>
    ok(agentSettings(settings, agentIdParam(request.params)), 'OK', now()),
  );

  app.put('/api/settings/agents/:id', async (request) => {
    const id = agentIdParam(request.params);
    const changes = parseInput(DottedValues, request.body, 'body');
    const outcome = await settings.config.save({
      changes,
      scope: id,
      allowed: (path) => FIELD_BY_PATH.get(path)?.spec.owner === id,
    });
    return ok(
      saveResult(outcome),
      outcome.changed.length === 0 ? 'Nothing changed' : 'Saved',
      now(),
    );
  });

  app.post('/api/settings/agents/:id/restart', async (request) => {
    const id = agentIdParam(request.params);
    const body = parseInput(RestartAgentRequest, request.body, 'body');
    if (body.agent_id !== undefined && body.agent_id !== id) {
      throw badRequest(`agent_id ${body.agent_id} does not match the path (${id})`, [
        { path: 'agent_id', message: `Expected ${id}` },
      ]);
    }
    const agent = await settings.restarter.restart(id, body.force);
    const restartedAt = now();
    await writeAgentRestarted(deps.store.audit, id, body.force, 'operator', toIso(restartedAt));
    const result: RestartAgentResult = {
      agent: agentStatusOf(agent),
      restarted_at: toIso(restartedAt),
    };
    return ok(result, `Agent ${id} restarted`, now());
  });
}
