/**
 * The `security.*` values the HTTP layer reads on every request. The settings tree (its own
 * issue) owns persistence and validation; this is the shape and the defaults it starts from.
 */
export interface SecuritySettings {
  jwtExpirySeconds: number;
  rateLimitWindowSeconds: number;
  rateLimitMaxRequests: number;
}

export const DEFAULT_SECURITY_SETTINGS: SecuritySettings = {
  jwtExpirySeconds: 3_600,
  rateLimitWindowSeconds: 60,
  rateLimitMaxRequests: 10_000,
};
