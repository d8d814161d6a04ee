import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { renderConfigurationDoc } from './render-doc';

/** docs/configuration.md at the repository root, wherever the process was started from. */
export const CONFIGURATION_DOC_PATH = fileURLToPath(
  new URL('../../../../docs/configuration.md', import.meta.url),
);

/**
 * The file's exact content: the rendered Markdown passed through the repo's prettier config,
 * so `npm run format` never makes the up-to-date test fail. Used by the generator and the test
 * only (prettier is a dev dependency).
 */
export async function configurationDocFile(): Promise<string> {
  const options = (await resolveConfig(CONFIGURATION_DOC_PATH)) ?? {};
  return format(renderConfigurationDoc(), { ...options, filepath: CONFIGURATION_DOC_PATH });
}
