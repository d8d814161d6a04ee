import type { ApprovedActionInput } from '@vigil/contract';

/**
 * The approved actions an operator of the shop would have written into Vigil's catalogue: each
 * one calls the fleet's control endpoint. Names, descriptions, tags and keywords read like a
 * runbook (the error texts an on-call engineer greps for), not like the demo's fault names.
 */
export function demoRunbook(controlOrigin: string): ApprovedActionInput[] {
  const post = (path: string, body?: Record<string, unknown>) => ({
    method: 'POST' as const,
    url: `${controlOrigin}${path}`,
    headers: { 'content-type': 'application/json' },
    ...(body ? { body } : {}),
  });
  const common = {
    max_retries: 2,
    timeout_seconds: 30,
    safety_constraints: { cooldown_seconds: 60, max_concurrent_limit: 1 },
  };
  return [
    {
      ...common,
      name: 'Terminate idle PostgreSQL connections',
      description:
        'Runs pg_terminate_backend on idle and idle-in-transaction sessions of postgres-primary and recycles the application connection pools, when clients are refused because every connection slot is taken.',
      template_command: post('/components/postgres-primary/recycle-connections'),
      tags: ['database', 'postgresql', 'connections'],
      keywords: ['too many clients', 'connection slots'],
    },
    {
      ...common,
      name: 'Restart Redis cache node',
      description:
        'Restarts the failed node of the redis-cache cluster and waits for cluster_state:ok. Use when cache commands are rejected because the cluster lost a node.',
      template_command: post('/components/redis-cache/restart'),
      tags: ['cache', 'redis', 'restart'],
      keywords: ['CLUSTERDOWN', 'cluster state'],
    },
    {
      ...common,
      name: 'Flush Redis cache',
      description:
        'Flushes every key of redis-cache so services reload fresh data from their stores. Use when cached prices or stock levels disagree with the database.',
      template_command: post('/components/redis-cache/flush-cache'),
      tags: ['cache', 'redis', 'stale-data'],
      keywords: ['stale price', 'cache inconsistency'],
    },
    {
      ...common,
      name: 'Roll back the latest release',
      description:
        'Redeploys the previous version of a service whose errors started right after a rollout (crash loops, unhandled exceptions, 5xx answers).',
      template_command: post('/components/{{root_component}}/rollback'),
      tags: ['deploy', 'rollback', 'release'],
      keywords: ['unhandled exception', 'TypeError'],
    },
    {
      ...common,
      name: 'Scale out a saturated service',
      description:
        'Adds two replicas to a service whose requests queue up and exceed their deadline. Use when latency climbs and callers time out.',
      template_command: post('/components/{{root_component}}/scale', { replicas: '+2' }),
      tags: ['latency', 'scale', 'timeout'],
      keywords: ['deadline exceeded', 'timed out'],
    },
    {
      ...common,
      name: 'Free disk space on object storage',
      description:
        'Expires incomplete multipart uploads and old object versions on object-storage when uploads fail because its data volume is full.',
      template_command: post('/components/object-storage/free-disk'),
      tags: ['storage', 'disk', 'cleanup'],
      keywords: ['no space left on device'],
    },
    {
      ...common,
      name: 'Renew auth TLS certificate',
      description:
        'Issues a new certificate for the auth service from the internal CA and reloads its listener. Use when clients reject the TLS handshake because the certificate expired.',
      template_command: post('/components/auth/rotate-certificate'),
      tags: ['tls', 'certificate', 'security'],
      keywords: ['certificate has expired', 'x509'],
    },
  ];
}
