import { defineSection } from '../field';
import { bool, choice, int, storedOnly, str } from './kinds';

export const LOG_LEVELS = ['DEBUG', 'INFO', 'WARNING', 'ERROR', 'CRITICAL'] as const;
export const DATABASE_ENGINES = ['sqlite', 'postgres', 'bigquery', 'hybrid'] as const;

const owner = 'global' as const;

/** global_config: the Global tab. Server and database settings are read at boot only. */
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
      default_host: str('127.0.0.1', 'Host used when an integration or agent names no host.', {
        usedByDeployment: false,
      }),
      default_timeout: int(
        30,
        1,
        300,
        'Timeout in seconds of outbound calls that set none of their own (the BigQuery connection test).',
      ),
    },
  ),
  ...defineSection(
    'server',
    { owner, section: 'Server' },
    // `vigil serve` takes these from its flags and environment (--host, --port); stored only.
    storedOnly({
      host: str('127.0.0.1', 'Address the HTTP server binds (console, /api and OTLP).', {
        restartRequired: true,
      }),
      port: int(8080, 1024, 65535, 'Port the HTTP server listens on.', {
        restartRequired: true,
        listenPort: true,
      }),
      debug: bool(false, 'Verbose diagnostics in logs and error traces kept server-side.', {
        restartRequired: true,
      }),
      log_level: choice('INFO', LOG_LEVELS, 'Minimum level of server log lines.', {
        restartRequired: true,
      }),
    }),
  ),
  ...defineSection(
    'database',
    { owner, section: 'Database Configuration' },
    {
      engine: choice(
        'sqlite',
        DATABASE_ENGINES,
        'Store engine: sqlite (embedded) or postgres (DATABASE_URL).',
        {
          restartRequired: true,
          unusedValues: ['bigquery', 'hybrid'],
          // The store is picked by --database-url / DATABASE_URL at boot.
          usedByDeployment: false,
        },
      ),
    },
  ),
];
