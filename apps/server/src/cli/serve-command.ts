import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serve, StartupRefused } from '../main';
import { CloudSqlSettingError } from '../store/cloud-sql-target';
import type { BusChoice } from '../bus/create-pipeline-bus';
import { busChoiceFor } from './scale-out-options';
import type { VigilApp } from '../app';
import { startDemoFleet } from '../demo/demo-fleet';
import { DEFAULT_SCHEDULE } from '../demo/fault-scheduler';
import { parseServeOptions, UsageError, type ParsedServeOptions } from './serve-options';
import { reachableHost, urlHost } from '../http/reachable-host';
import { readValues } from '../settings/read-values';

/** The demo fleet reports to this very server, over loopback, like any external system would. */
async function startDemo(
  app: VigilApp,
  options: ParsedServeOptions,
  log: (line: string) => void,
): Promise<void> {
  const address = app.http.server.address();
  const port = address !== null && typeof address === 'object' ? address.port : options.port;
  const host = reachableHost(
    options.host,
    readValues(app.config.values()).string('network.default_host'),
  );
  log('Starting the demo fleet: sending 12 minutes of healthy history first');
  await startDemoFleet({
    serverUrl: `http://${urlHost(host)}:${port}`,
    token: options.apiToken,
    speed: options.demoSpeed,
    fault: options.demoFault,
    controlPort: options.demoControlPort,
    schedule: DEFAULT_SCHEDULE,
    log,
  });
}

/**
 * A store that refuses or cannot be found at start (a system error such as ECONNREFUSED, or a
 * PostgreSQL error with its SQLSTATE) is the operator's to fix: one line, not a stack trace.
 */
function storeUnreachable(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const code = (error as Error & { code?: unknown }).code;
  if (typeof code !== 'string') return null;
  const message = error.message || (error instanceof AggregateError ? describeAll(error) : code);
  return message.includes(code) ? message : `${message} (${code})`;
}

const describeAll = (error: AggregateError): string =>
  error.errors
    .map((inner: unknown) => (inner instanceof Error ? inner.message : String(inner)))
    .join('; ');

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
  let bus: BusChoice;
  try {
    bus = busChoiceFor(options.natsUrl, options.store, env);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`vigil serve: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  // Scale-out: this process serves the API, the console and OTLP; `vigil agent NAME` runs the agents.
  const scaleOut = bus.kind === 'nats' ? { bus, runAgents: [] } : {};
  const webDistDir = existsSync(join(options.webDistDir, 'index.html')) ? options.webDistDir : null;
  if (!webDistDir)
    process.stderr.write(
      `Console not built (${options.webDistDir}); serving the API only. Run: npm run build\n`,
    );
  try {
    const log = (line: string): void => void process.stdout.write(`${line}\n`);
    for (const note of options.notes) log(`Note: ${note}`);
    const app = await serve({
      ...options,
      ...scaleOut,
      webDistDir,
      log,
      logger: { level: options.logLevel, logRequests: options.logRequests },
      bootSettingsDir: options.dataDir,
      bootSettings: options.bootFile,
    });
    if (options.demo) await startDemo(app, options, log);
    return null;
  } catch (error) {
    if (error instanceof StartupRefused || error instanceof CloudSqlSettingError) {
      process.stderr.write(`vigil serve: ${error.message}\n`);
      return 2;
    }
    const unreachable = storeUnreachable(error);
    if (unreachable) {
      process.stderr.write(`vigil serve: cannot open the store: ${unreachable}\n`);
      return 1;
    }
    throw error;
  }
}
