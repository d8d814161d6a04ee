import type { SafeHttpClient } from '../shared/safe-http/safe-http-client';
import { refused } from './safety-checks';

/**
 * Pre-execution validation of the target: resolves its host and checks the addresses
 * (`client.check`), bounded by `agents.executor.validation_timeout_seconds`. Past the timeout
 * the execution is refused (409 VALIDATION_TIMEOUT) before anything is stored. A target the check
 * refuses is left to the run, which records the refusal on the execution as before.
 */
export async function validateTarget(
  client: SafeHttpClient,
  url: string,
  timeoutSeconds: number,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<'expired'>((resolve) => {
    timer = setTimeout(() => resolve('expired'), timeoutSeconds * 1_000);
  });
  const checked = client.check(url).then(
    () => 'checked' as const,
    () => 'checked' as const,
  );
  try {
    if ((await Promise.race([checked, expired])) === 'expired')
      throw refused(
        'VALIDATION_TIMEOUT',
        `Pre-execution validation of ${hostOf(url)} did not finish within ${timeoutSeconds} s ` +
          '(agents.executor.validation_timeout_seconds): the execution was refused',
      );
  } finally {
    clearTimeout(timer);
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the target';
  }
}
