import { serve, StartupRefused } from '../main';
import { parseAgentOptions } from './agent-options';
import { UsageError } from './serve-options';

/**
 * Runs one agent as its own process on the shared NATS bus and PostgreSQL store. It listens
 * (port 0 by default) for health, metrics and OTLP, and beats into the shared agent status.
 */
export async function runAgentCommand(
  argv: string[],
  env: NodeJS.ProcessEnv,
): Promise<number | null> {
  let options;
  try {
    options = parseAgentOptions(argv, env);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`vigil agent: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  try {
    await serve({
      host: options.host,
      port: options.port,
      store: options.store,
      apiToken: options.apiToken,
      allowedHosts: [],
      webDistDir: null,
      bus: options.bus,
      runAgents: [options.agent],
      log: (line) => process.stdout.write(`${options.agent}: ${line}\n`),
    });
    return null;
  } catch (error) {
    if (error instanceof StartupRefused) {
      process.stderr.write(`vigil agent: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}
