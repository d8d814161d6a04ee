import { runServeCommand } from './serve-command';

const USAGE = `Usage: vigil <command> [options]

Commands:
  serve    Run the API, the console and OTLP/HTTP ingest on one port
           [--host 127.0.0.1] [--port 8080] [--data-dir ./data] [--database-url URL] [--nats-url URL] [--demo | --no-demo]
           [--demo-speed N] [--demo-fault NAME] [--demo-control-port 8089]
           [--database-engine sqlite|postgres] [--log-level DEBUG|INFO|WARNING|ERROR|CRITICAL] [--debug | --no-debug]
           Unset flags and variables fall back to <data-dir>/boot-settings.json (the console's saved settings)
  demo     serve --demo: Vigil plus a simulated 16-service shop with fault injection (same options)
  agent    Run one agent as its own process on the shared NATS bus and PostgreSQL store
           NAME [--nats-url URL] [--database-url URL] [--host 127.0.0.1] [--port 0]
  ingest   Stream log files to a running server over OTLP
           FILE... [--component NAME] [--server URL] [--format auto|json|'<Date> <Time> <Level> <Content>']
  audit    audit verify [--data-dir ./data] [--database-url URL]: check the audit trail's hash chain

Environment: VIGIL_HOST, VIGIL_PORT, VIGIL_DATA_DIR, DATABASE_URL, VIGIL_DATABASE_ENGINE, VIGIL_LOG_LEVEL,
  VIGIL_DEBUG, NATS_URL, VIGIL_API_TOKEN, VIGIL_ALLOWED_HOSTS
`;

/** Returns the exit code, or null when the command keeps running (a server). */
export async function main(argv: string[]): Promise<number | null> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'serve':
      return runServeCommand(rest, process.env);
    case 'demo':
      return runServeCommand(['--demo', ...rest], process.env);
    case 'agent': {
      const { runAgentCommand } = await import('./agent-command');
      return runAgentCommand(rest, process.env);
    }
    case 'ingest': {
      const { runIngestCommand } = await import('./ingest-command');
      return runIngestCommand(rest, {
        stdout: process.stdout,
        stderr: process.stderr,
        stdin: process.stdin,
        isTTY: Boolean(process.stdout.isTTY),
      });
    }
    case 'audit': {
      const { runAuditCommand } = await import('./audit-command');
      return runAuditCommand(rest, {
        stdout: process.stdout,
        stderr: process.stderr,
        env: process.env,
      });
    }
    case undefined:
    case '--help':
    case '-h':
    case 'help':
      process.stdout.write(USAGE);
      return command === undefined ? 2 : 0;
    default:
      process.stderr.write(`Unknown command '${command}'.\n\n${USAGE}`);
      return 2;
  }
}
