import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIGURATION_DOC_PATH, configurationDocFile } from './doc-file';
import { renderConfigurationDoc } from './render-doc';
import { CONFIG_FIELDS } from './schema';

describe('docs/configuration.md', () => {
  it('is up to date with the schema (regenerate: node --import tsx apps/server/src/config/generate-docs.ts)', async () => {
    expect(readFileSync(CONFIGURATION_DOC_PATH, 'utf8')).toBe(await configurationDocFile());
  });

  it('lists every key once', () => {
    const doc = renderConfigurationDoc();
    for (const field of CONFIG_FIELDS) expect(doc.split(`| \`${field.path}\` |`)).toHaveLength(2);
  });
});
