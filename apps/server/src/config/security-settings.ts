import type { ConfigValues } from './types';

/**
 * The `security.*` values the HTTP layer reads on every request. The settings tree owns
 * persistence and validation; this is the shape and the defaults it starts from.
 */
export interface SecuritySettings {
  jwtExpirySeconds: number;
  rateLimitWindowSeconds: number;
  rateLimitMaxRequests: number;
  /** Writes and ingest need the API token even when VIGIL_API_TOKEN is not set (then refused). */
  requireApiToken: boolean;
}

// Must equal the schema defaults of security.* (a test checks), so boot before the store loads
// and boot after it agree.
export const DEFAULT_SECURITY_SETTINGS: SecuritySettings = {
  jwtExpirySeconds: 3_600,
  rateLimitWindowSeconds: 60,
  rateLimitMaxRequests: 10_000,
  requireApiToken: false,
};

function numberAt(values: ConfigValues, path: string, fallback: number): number {
  const value = values[path];
  return typeof value === 'number' ? value : fallback;
}

/** The HTTP layer's view of a validated config map. */
export function securitySettingsFrom(values: ConfigValues): SecuritySettings {
  return {
    jwtExpirySeconds: numberAt(
      values,
      'security.jwt_expiry',
      DEFAULT_SECURITY_SETTINGS.jwtExpirySeconds,
    ),
    rateLimitWindowSeconds: numberAt(
      values,
      'security.rate_limit_window',
      DEFAULT_SECURITY_SETTINGS.rateLimitWindowSeconds,
    ),
    rateLimitMaxRequests: numberAt(
      values,
      'security.max_requests',
      DEFAULT_SECURITY_SETTINGS.rateLimitMaxRequests,
    ),
    requireApiToken:
      typeof values['security.require_api_token'] === 'boolean'
        ? values['security.require_api_token']
        : DEFAULT_SECURITY_SETTINGS.requireApiToken,
  };
}
