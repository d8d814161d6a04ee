import { defineSection } from '../field';
import { bool, choice, int, storedOnly, str } from './kinds';

const owner = 'global' as const;
const section = 'PostgreSQL';
// Server-side tuning and Cloud SQL fields have no client mechanism here: stored, validated only.
const unused = { usedByDeployment: false } as const;

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

export const POSTGRES_FIELDS = [
  ...defineSection(
    'postgres',
    { owner, section },
    // The store is picked by --database-url / DATABASE_URL; these fields build no pool yet.
    storedOnly({
      host: str('localhost', 'PostgreSQL server host.'),
      // A port Vigil connects to, not one it listens on: the 1024–65535 rule does not apply.
      port: int(5432, 1, 65535, 'PostgreSQL server port.'),
      database: str('vigil', 'Database name.'),
      user: str('vigil', 'Login role.'),
      password: str('', 'Login password.', { secret: true }),
      connection_name: str('', 'Cloud SQL instance connection name.', unused),
      credentials_path: str('', 'Cloud SQL credentials file.', { secret: true, ...unused }),
      pool_min_size: int(1, 1, 10, 'Connections kept open.'),
      pool_max_size: int(10, 1, 10, 'Most connections in the pool.'),
      timeout_seconds: int(30, 1, 300, 'Connection timeout.'),
      pool_recycle_seconds: int(3600, 60, 86400, 'Age after which an idle connection is closed.'),
      ssl_mode: choice('prefer', SSL_MODES, 'SSL mode of the connection.'),
      isolation_level: choice('read_committed', ISOLATION_LEVELS, 'Transaction isolation level.'),
      work_mem_mb: int(4, 1, 2048, 'work_mem (server tuning).', unused),
      maintenance_work_mem_mb: int(64, 1, 4096, 'maintenance_work_mem (server tuning).', unused),
      effective_cache_size_mb: int(1024, 1, 65536, 'effective_cache_size (server tuning).', unused),
      shared_buffers_mb: int(128, 16, 65536, 'shared_buffers (server tuning).', unused),
      max_connections: int(100, 1, 10000, 'max_connections (server tuning).', unused),
    }),
  ),
  ...defineSection(
    'postgres.read_replica',
    { owner, section },
    {
      enabled: bool(false, 'Send reads to a replica.', unused),
      host: str('', 'Read replica host.', { allowEmpty: true, ...unused }),
      port: int(5432, 1, 65535, 'Read replica port.', unused),
    },
  ),
];
