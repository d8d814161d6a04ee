import type { AuditEntryInput, AuditRepository } from '../store/audit-repository';
import { isSecretPath, SECRET_MARKER } from '../config/secrets';
import type { ConfigValue } from '../config/types';
import { blankEntry } from './audit-entries';

export interface ConfigDiffItem {
  path: string;
  before: ConfigValue | undefined;
  after: ConfigValue;
}

/** A settings save as the audit trail records it. */
export interface ConfigChangeRecord {
  /** Which block was saved: `global`, an agent id, or `bigquery`. */
  scope: string;
  diff: ConfigDiffItem[];
  restartRequired: string[];
  triggeredBy: string;
}

/** Secrets never reach the trail: a set secret reads as the marker, an empty one as ''. */
const masked = (path: string, value: ConfigValue | undefined): ConfigValue | null => {
  if (value === undefined) return null;
  return isSecretPath(path) && value !== '' ? SECRET_MARKER : value;
};

export function configChangedEntry(change: ConfigChangeRecord, timestamp: string): AuditEntryInput {
  const keys = change.diff.map((item) => item.path);
  const shown =
    keys.slice(0, 5).join(', ') + (keys.length > 5 ? ` and ${keys.length - 5} more` : '');
  return {
    ...blankEntry(timestamp),
    type: 'config_changed',
    description: `Settings saved (${change.scope}): ${shown}`.slice(0, 500),
    severity: change.restartRequired.length > 0 ? 'medium' : 'low',
    triggered_by: change.triggeredBy,
    agents_involved: change.scope === 'global' || change.scope === 'bigquery' ? [] : [change.scope],
    metadata: {
      scope: change.scope,
      changes: change.diff.map((item) => ({
        path: item.path,
        before: masked(item.path, item.before),
        after: masked(item.path, item.after),
      })),
      restart_required: change.restartRequired,
    },
  };
}

export function agentRestartedEntry(
  agentId: string,
  force: boolean,
  triggeredBy: string,
  timestamp: string,
): AuditEntryInput {
  return {
    ...blankEntry(timestamp),
    // The audit types have no restart kind; a restart is an operator change to the agent's runtime.
    type: 'config_changed',
    description: `Agent ${agentId} restarted${force ? ' (forced)' : ''}`,
    severity: 'medium',
    triggered_by: triggeredBy,
    agents_involved: [agentId],
    metadata: { operation: 'agent_restart', agent_id: agentId, force },
  };
}

/**
 * The audit module stays the only writer of entries: the settings service calls these inside the
 * transaction that stores the values, so a save and its entry commit together or not at all.
 */
export const writeConfigChanged = (
  audit: AuditRepository,
  change: ConfigChangeRecord,
  timestamp: string,
): Promise<unknown> => audit.append(configChangedEntry(change, timestamp));

export const writeAgentRestarted = (
  audit: AuditRepository,
  agentId: string,
  force: boolean,
  triggeredBy: string,
  timestamp: string,
): Promise<unknown> => audit.append(agentRestartedEntry(agentId, force, triggeredBy, timestamp));
