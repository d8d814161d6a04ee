import type { ConfigValidateRequest, ValidationResult } from '@vigil/contract';
import type { ApiClient } from '../../../lib/api-client';
import type { ConfigValue } from '../lib/config-types';
import { settingsRequest } from './settings-request';

export const VALIDATE_PATH = '/api/settings/config/validate';

/** Checks one edited value on the server (`validate_only`: nothing is saved). */
export function validateConfigValue(
  client: ApiClient,
  configPath: string,
  value: ConfigValue,
  signal?: AbortSignal,
): Promise<ValidationResult> {
  const body: ConfigValidateRequest = { config_path: configPath, value, validate_only: true };
  return settingsRequest<ValidationResult>(client, 'POST', VALIDATE_PATH, body, signal);
}
