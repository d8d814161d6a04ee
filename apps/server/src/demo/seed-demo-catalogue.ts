import {
  ActionListBody,
  AgentSettings,
  envelope,
  type ApprovedAction,
  type ApprovedActionInput,
} from '@vigil/contract';
import { demoRunbook } from './demo-runbook';

export interface SeedOutcome {
  created: string[];
  updated: string[];
  /** The executor settings answer, or why they could not be changed. */
  settings: 'updated' | 'unchanged' | string;
}

const AgentSettingsBody = envelope(AgentSettings);
const ALLOWLIST_KEY = 'safety_validation.host_allowlist';

interface Api {
  call(method: string, path: string, body?: unknown): Promise<Response>;
}

function createApi(serverUrl: string, token: string | null): Api {
  return {
    call: (method, path, body) =>
      fetch(new URL(path, serverUrl), {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
  };
}

async function expectOk(response: Response, what: string): Promise<unknown> {
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/**
 * Puts the demo's runbook into the approved-action catalogue through the public REST API: creates
 * what is missing (by name), repoints an existing action whose control URL changed, and leaves
 * everything else as the operator left it. Safe to run on every start.
 */
export async function seedDemoCatalogue(
  serverUrl: string,
  token: string | null,
  controlOrigin: string,
  /** A shorter verification window for a fast-forwarded scenario; null leaves it alone. */
  verificationWindowSeconds: number | null = null,
): Promise<SeedOutcome> {
  const api = createApi(serverUrl, token);
  const listed = ActionListBody.parse(
    await expectOk(await api.call('GET', '/api/executor/actions?limit=1000'), 'listing actions'),
  );
  const byName = new Map<string, ApprovedAction>(listed.actions.map((a) => [a.name, a]));
  const outcome: SeedOutcome = { created: [], updated: [], settings: 'unchanged' };
  for (const action of demoRunbook(controlOrigin)) {
    const existing = byName.get(action.name);
    if (!existing) {
      await expectOk(
        await api.call('POST', '/api/executor/actions', action),
        `creating "${action.name}"`,
      );
      outcome.created.push(action.name);
    } else if (existing.template_command.url !== action.template_command.url) {
      await expectOk(
        await api.call('PUT', `/api/executor/actions/${existing.id}`, repointed(existing, action)),
        `updating "${action.name}"`,
      );
      outcome.updated.push(action.name);
    }
  }
  // Auto-execution is switched on only with a fresh catalogue: an operator's later choice stands.
  const firstStart = byName.size === 0;
  outcome.settings = await allowControlPlane(api, new URL(controlOrigin).host, {
    enableAutoExecution: firstStart,
    verificationWindowSeconds,
  });
  return outcome;
}

/** The operator's action as stored, with only the control URL changed. */
function repointed(existing: ApprovedAction, seeded: ApprovedActionInput): ApprovedActionInput {
  const { id: _id, created_at: _created, updated_at: _updated, ...input } = existing;
  return {
    ...input,
    template_command: { ...input.template_command, url: seeded.template_command.url },
  };
}

/**
 * Lets the executor call the control plane (allowlisted host:port) and run matched actions on its
 * own, through the executor's settings; an answer without those settings is reported, not fatal.
 */
async function allowControlPlane(
  api: Api,
  controlHost: string,
  wanted: { enableAutoExecution: boolean; verificationWindowSeconds: number | null },
): Promise<SeedOutcome['settings']> {
  const { enableAutoExecution, verificationWindowSeconds } = wanted;
  const current = await api.call('GET', '/api/settings/agents/executor');
  if (!current.ok)
    return `the executor settings API answered ${current.status}; allowlist ${controlHost} and turn on auto-execution in Settings`;
  const values = AgentSettingsBody.parse(await current.json()).data.values;
  const allowlist = values[ALLOWLIST_KEY];
  const hosts = Array.isArray(allowlist) ? allowlist : [];
  const changes: Record<string, unknown> = {};
  if (!hosts.includes(controlHost)) changes[ALLOWLIST_KEY] = [...hosts, controlHost];
  if (enableAutoExecution && 'agents.executor.auto_execute' in values)
    changes['agents.executor.auto_execute'] = true;
  if (enableAutoExecution && 'agents.executor.approval_required' in values)
    changes['agents.executor.approval_required'] = false;
  const windowKey = 'agents.executor.verification_window_seconds';
  if (
    verificationWindowSeconds !== null &&
    windowKey in values &&
    values[windowKey] !== verificationWindowSeconds
  )
    changes[windowKey] = verificationWindowSeconds;
  if (Object.keys(changes).length === 0) return 'unchanged';
  await expectOk(
    await api.call('PUT', '/api/settings/agents/executor', changes),
    'saving the executor settings',
  );
  return 'updated';
}
