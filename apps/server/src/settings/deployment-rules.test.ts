import { describe, expect, it } from 'vitest';
import { deploymentRules } from './deployment-rules';

const KEY = 'security.require_api_token';

describe('deploymentRules', () => {
  it('refuses turning the API token requirement on when the server has no token', () => {
    const issues = deploymentRules({ apiTokenConfigured: false })([KEY], { [KEY]: true });
    expect(issues).toEqual([{ path: KEY, message: expect.stringContaining('VIGIL_API_TOKEN') }]);
  });

  it('lets it on with a token, off without one, and other saves through', () => {
    expect(deploymentRules({ apiTokenConfigured: true })([KEY], { [KEY]: true })).toEqual([]);
    expect(deploymentRules({ apiTokenConfigured: false })([KEY], { [KEY]: false })).toEqual([]);
    // Already on (saved by a process that had a token): unrelated saves are not blocked by it.
    expect(
      deploymentRules({ apiTokenConfigured: false })(['security.jwt_expiry'], { [KEY]: true }),
    ).toEqual([]);
  });
});
