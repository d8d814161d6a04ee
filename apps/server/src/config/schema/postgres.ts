import { defineSection } from '../field';
import { CLOUD_SQL_CONNECTION_NAME } from '../../store/cloud-sql-target';
import { bool, choice, int, str } from './kinds';

const owner = 'global' as const;
const section = 'PostgreSQL';
// Read when `vigil serve` starts, but not flagged restart-required: the spec's list of those is
// server.* and database.engine. The description says it instead.
const atStart = (text: string): string => `${text} Takes effect at the next start.`;

export const SSL_MODES = [
  'disable',
  'allow',
  'prefer',
  'require',
  'verify-ca',
  'verify-full',
] as const;
export const ISOLATION_LEVELS = [
  'read_uncommitted',
  'read_committed',
  'repeatable_read',
  'serializable',
] as const;

/**
 * Read by `vigil serve` at boot (from `<data-dir>/boot-settings.json`) when database.engine is
 * postgres and no --database-url / DATABASE_URL is given.
 */
export const POSTGRES_FIELDS = [
  ...defineSection(
    'postgres',
    { owner, section },
    {
      host: str('localhost', atStart('PostgreSQL server host.')),
      // A port Vigil connects to, not one it listens on: the 1024–65535 rule does not apply.
      port: int(5432, 1, 65535, atStart('PostgreSQL server port.')),
      database: str('vigil', atStart('Database name.')),
      user: str('vigil', atStart('Login role.')),
      password: str('', atStart('Login password.'), { secret: true }),
      connection_name: str(
        '',
        atStart(
          'Cloud SQL instance connection name (project:region:instance). When set, the primary is reached through the Cloud SQL connector (public IP, TLS with an ephemeral client certificate, password login) instead of host, port and ssl_mode; a read replica still uses its host and port. Empty: host and port.',
        ),
        {
          pattern: CLOUD_SQL_CONNECTION_NAME,
          patternMessage:
            'Expected a Cloud SQL instance connection name: project:region:instance (e.g. my-project:europe-west1:vigil-db)',
        },
      ),
      credentials_path: str(
        '',
        atStart(
          'Service-account key file the Cloud SQL connector authenticates with (scope sqlservice.admin). Empty: Application Default Credentials.',
        ),
        { secret: true },
      ),
      pool_min_size: int(1, 1, 10, atStart('Connections the pool keeps open.')),
      pool_max_size: int(
        10,
        1,
        10,
        atStart('Most connections in the pool; at most postgres.max_connections.'),
      ),
      timeout_seconds: int(30, 1, 300, atStart('Connect timeout of a new connection.')),
      pool_recycle_seconds: int(
        3600,
        60,
        86400,
        atStart('Age after which a connection is closed and replaced (once idle).'),
      ),
      ssl_mode: choice(
        'prefer',
        SSL_MODES,
        atStart(
          'SSL mode, as libpq: allow tries plain then SSL, prefer SSL then plain; require encrypts without verifying; verify-ca checks the chain; verify-full also the host name.',
        ),
      ),
      isolation_level: choice(
        'read_committed',
        ISOLATION_LEVELS,
        atStart('default_transaction_isolation of every connection.'),
      ),
      work_mem_mb: int(4, 1, 2048, atStart('work_mem, set on every connection.')),
      maintenance_work_mem_mb: int(
        64,
        1,
        4096,
        atStart('maintenance_work_mem, set on every connection.'),
      ),
      effective_cache_size_mb: int(
        1024,
        1,
        65536,
        atStart('effective_cache_size, set on every connection.'),
      ),
      shared_buffers_mb: int(
        128,
        16,
        65536,
        atStart(
          'shared_buffers the server must have (a server setting a client cannot change): checked at connect; a smaller server value is a warning in the log and on the PostgreSQL integration card.',
        ),
      ),
      max_connections: int(
        100,
        1,
        10000,
        atStart(
          'max_connections the server must allow (a server setting): checked at connect like shared_buffers_mb.',
        ),
      ),
    },
  ),
  ...defineSection(
    'postgres.read_replica',
    { owner, section },
    {
      enabled: bool(
        false,
        atStart(
          'Send the list and count reads that may be a moment stale (anomaly and audit lists, audit stats, dashboard counts) to a read replica, on a second pool with read-only sessions and the same database, user, password, SSL mode and tuning. Writes, and reads that must see them, stay on the primary. An unreachable replica is a warning at start; reads then use the primary.',
        ),
      ),
      host: str(
        '',
        atStart('Read replica host (with enabled on and this empty, reads use the primary).'),
        { allowEmpty: true },
      ),
      port: int(5432, 1, 65535, atStart('Read replica port.')),
    },
  ),
];
