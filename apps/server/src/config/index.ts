export { applyChanges, validateChange, type ApplyResult } from './apply-changes';
export { defaultConfigValues, withDefaults } from './defaults';
export { flattenTree, getPath, getValue, unflattenValues, type ConfigTree } from './dotted-path';
export { renderConfigurationDoc } from './render-doc';
export { MESSAGES } from './rules';
export { CONFIG_FIELDS, FIELD_BY_PATH } from './schema';
export { isSecretPath, maskSecrets, SECRET_MARKER } from './secrets';
export {
  AGENT_DISPLAY_NAMES,
  blockValues,
  fieldsOf,
  toSystemConfig,
  type SystemConfig,
} from './system-config';
export { securitySettingsFrom } from './security-settings';
export * from './types';
