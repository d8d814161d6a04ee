import type { FieldMeta } from './config-types';

/** A required, visible integer field unless `overrides` say otherwise (tests only). */
export const testFieldMeta = (path: string, overrides: Partial<FieldMeta> = {}): FieldMeta => ({
  path,
  label: path,
  section: 'S',
  kind: 'integer',
  required: true,
  secret: false,
  restartRequired: false,
  usedByDeployment: true,
  ...overrides,
});
