import { defineSection } from '../field';
import { bool, choice, int, str } from './kinds';

export const LOG_LEVELS = ['DEBUG', 'INFO', 'WARNING', 'ERROR', 'CRITICAL'] as const;
export const DATABASE_ENGINES = ['sqlite', 'postgres', 'bigquery', 'hybrid'] as const;

const owner = 'global' as const;

/**
 * global_config: the Global tab. Server and database settings are read at boot only, by
 * `vigil serve` from `<data-dir>/boot-settings.json` (flags and environment win over it).
 */
export const GLOBAL_FIELDS = [
  ...defineSection(
    'system',
    { owner, section: 'System Information' },
    {
      version: str('0.1.0', 'Vigil version shown on the Global tab.'),
    },
  ),
  ...defineSection(
    'network',
    { owner, section: 'Network Configuration' },
    {
      default_host: str(
        '127.0.0.1',
        "Host in the URLs of this server's agents (GET /api/agents) and of the demo fleet's target when the server binds a wildcard address (0.0.0.0, ::).",
      ),
      default_timeout: int(
        30,
        1,
        300,
        'Timeout in seconds of outbound calls that set none of their own (the BigQuery connection test, each Gemini call).',
      ),
    },
  ),
  ...defineSection(
    'server',
    { owner, section: 'Server' },
    {
      host: str(
        '127.0.0.1',
        'Address the HTTP server binds (console, /api and OTLP); --host / VIGIL_HOST win.',
        { restartRequired: true },
      ),
      port: int(8080, 1024, 65535, 'Port the HTTP server listens on; --port / VIGIL_PORT win.', {
        restartRequired: true,
        listenPort: true,
      }),
      debug: bool(
        false,
        'Server log level debug (request lines included), whatever log_level says; --debug / VIGIL_DEBUG win.',
        { restartRequired: true },
      ),
      log_level: choice(
        'INFO',
        LOG_LEVELS,
        'Minimum level of server log lines (CRITICAL: fatal only); --log-level / VIGIL_LOG_LEVEL win.',
        { restartRequired: true },
      ),
    },
  ),
  ...defineSection(
    'database',
    { owner, section: 'Database Configuration' },
    {
      engine: choice(
        'sqlite',
        DATABASE_ENGINES,
        'Store engine: sqlite (embedded, in the data dir) or postgres (built from the postgres.* settings); --database-engine / VIGIL_DATABASE_ENGINE win, and --database-url / DATABASE_URL means postgres at that URL.',
        {
          restartRequired: true,
          // No BigQuery sink exists in this deployment.
          unusedValues: ['bigquery', 'hybrid'],
        },
      ),
    },
  ),
];
