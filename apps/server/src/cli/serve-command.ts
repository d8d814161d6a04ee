import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serve, StartupRefused } from '../main';
import { parseServeOptions, UsageError } from './serve-options';

export async function runServeCommand(
  argv: string[],
  env: NodeJS.ProcessEnv,
): Promise<number | null> {
  let options;
  try {
    options = parseServeOptions(argv, env);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`vigil serve: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  if (options.demo) {
    process.stderr.write(
      'vigil serve: the demo workload is not part of this build yet; run without --demo\n',
    );
    return 2;
  }
  if (options.natsUrl) {
    process.stderr.write(
      'vigil serve: the NATS JetStream bus is not part of this build yet; unset NATS_URL\n',
    );
    return 2;
  }
  const webDistDir = existsSync(join(options.webDistDir, 'index.html')) ? options.webDistDir : null;
  if (!webDistDir)
    process.stderr.write(
      `Console not built (${options.webDistDir}); serving the API only. Run: npm run build\n`,
    );
  try {
    await serve({ ...options, webDistDir, log: (line) => process.stdout.write(`${line}\n`) });
    return null;
  } catch (error) {
    if (error instanceof StartupRefused) {
      process.stderr.write(`vigil serve: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}
