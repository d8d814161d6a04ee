import type { ConfigIssue, ConfigValues } from '../config/types';

/** What the running deployment has that the settings alone cannot tell. */
export interface DeploymentFacts {
  apiTokenConfigured: boolean;
}

/**
 * Rules a save must pass on this deployment beyond each field's own validation: a save that
 * would lock every writer out (requiring a token the server does not have) is refused.
 */
export function deploymentRules(
  facts: DeploymentFacts,
): (changed: readonly string[], next: ConfigValues) => ConfigIssue[] {
  return (changed, next) => {
    const issues: ConfigIssue[] = [];
    if (
      changed.includes('security.require_api_token') &&
      next['security.require_api_token'] === true &&
      !facts.apiTokenConfigured
    ) {
      issues.push({
        path: 'security.require_api_token',
        message:
          'No API token is configured: set VIGIL_API_TOKEN and restart Vigil before requiring it, or every write would be refused',
      });
    }
    return issues;
  };
}
