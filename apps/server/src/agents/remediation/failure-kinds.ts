/**
 * The knowledge base: failure kinds recognised from evidence text (log messages, templates, span
 * statuses) and node metrics, each with the plan an operator would follow. Patterns are general
 * phrasing from common servers, drivers and runtimes, not tied to any one system.
 */
export interface FailureKind {
  id: string;
  name: string;
  patterns: readonly RegExp[];
  /** Words an approved action about this kind would use (names, tags, keywords). */
  actionWords: readonly string[];
  steps: (component: string) => string[];
  preventive: readonly string[];
  verification: (component: string) => string[];
}

export const FAILURE_KINDS: readonly FailureKind[] = [
  {
    id: 'connection_pool_exhaustion',
    name: 'Connection-pool exhaustion',
    patterns: [
      /too many (clients|connections)/i,
      /remaining connection slots/i,
      /(connection )?pool (is )?(exhausted|timed? ?out)/i,
      /could not (obtain|acquire) (a )?connection/i,
      /max_connections/i,
    ],
    actionWords: ['pool', 'connections', 'restart', 'database', 'scale'],
    steps: (c) => [
      `Find which clients hold ${c}'s connections (idle-in-transaction, leaks) and terminate the idle ones.`,
      `Restart or recycle the connection pools of ${c}'s callers so they reconnect with sane limits.`,
      `If load is legitimate, raise ${c}'s connection limit or add a pooler (e.g. PgBouncer) in front of it.`,
    ],
    preventive: [
      'Size client pools so their sum stays below the server limit.',
      'Alert on connection usage above 80% of the limit.',
      'Set idle and statement timeouts so leaked connections are reclaimed.',
    ],
    verification: (c) => [
      `Connection count on ${c} stays below its limit.`,
      `No new "too many clients" / pool-timeout errors from ${c}'s callers.`,
    ],
  },
  {
    id: 'out_of_memory',
    name: 'Out of memory',
    patterns: [
      /out of memory/i,
      /\bOOM\b/,
      /OutOfMemoryError/,
      /heap (space|out)/i,
      /oom-?kill/i,
      /cannot allocate memory/i,
      /memory limit exceeded/i,
    ],
    actionWords: ['memory', 'restart', 'scale', 'oom'],
    steps: (c) => [
      `Restart ${c} to recover service now.`,
      `Capture a heap profile or dump from ${c} before or right after the restart.`,
      `Raise ${c}'s memory limit or scale out while the leak or spike is investigated.`,
    ],
    preventive: [
      'Alert on memory above 85% of the limit.',
      'Bound caches and queues in memory.',
      'Load-test memory growth before releases.',
    ],
    verification: (c) => [
      `${c}'s memory stays flat under normal load.`,
      `No new out-of-memory errors or restarts on ${c}.`,
    ],
  },
  {
    id: 'disk_full',
    name: 'Disk full',
    patterns: [
      /no space left on device/i,
      /\bENOSPC\b/,
      /disk (is )?full/i,
      /disk quota exceeded/i,
      /insufficient (disk|storage) space/i,
    ],
    actionWords: ['disk', 'cleanup', 'storage', 'volume', 'logs'],
    steps: (c) => [
      `Free space on ${c}'s volume: rotate or delete old logs, temporary files and dumps.`,
      `Expand ${c}'s volume if the data growth is legitimate.`,
    ],
    preventive: ['Alert on disk usage above 80%.', 'Enforce log rotation and retention.'],
    verification: (c) => [`Free space on ${c} is above 20%.`, `Writes on ${c} succeed again.`],
  },
  {
    id: 'certificate_expiry',
    name: 'Certificate expiry',
    patterns: [
      /certificate (has )?expired/i,
      /CERT_HAS_EXPIRED/,
      /x509/i,
      /certificate (verify|validation) failed/i,
      /(tls|ssl) handshake (failed|error)/i,
    ],
    actionWords: ['certificate', 'cert', 'tls', 'ssl', 'renew'],
    steps: (c) => [
      `Renew the certificate ${c} presents (or trusts) and reload it.`,
      'Check the chain and the clocks of both ends.',
    ],
    preventive: ['Automate renewal (ACME) and alert 30 days before expiry.'],
    verification: (c) => [
      `TLS handshakes with ${c} succeed.`,
      'The served certificate has a future expiry date.',
    ],
  },
  {
    id: 'auth_failure',
    name: 'Authentication failures',
    patterns: [
      /unauthori[sz]ed/i,
      /\b(401|403)\b/,
      /forbidden/i,
      /authentication failed/i,
      /invalid (token|credentials|api key)/i,
      /password authentication failed/i,
      /access denied/i,
      /permission denied/i,
    ],
    actionWords: ['auth', 'credentials', 'token', 'secret', 'rotate'],
    steps: (c) => [
      `Check the credentials ${c} uses or expects (expired token, rotated secret, wrong role).`,
      'Roll out the current secret to every caller and restart those that cache it.',
    ],
    preventive: ['Rotate secrets with an overlap period.', 'Alert on bursts of 401/403 answers.'],
    verification: (c) => [
      `Requests to ${c} authenticate again; 401/403 rates are back to baseline.`,
    ],
  },
  {
    id: 'rate_limiting',
    name: 'Rate limiting',
    patterns: [/rate.?limit/i, /too many requests/i, /\b429\b/, /throttl/i, /quota exceeded/i],
    actionWords: ['rate', 'limit', 'throttle', 'quota', 'scale'],
    steps: (c) => [
      `Find the caller driving ${c} over its rate limit and back it off (retries with jitter).`,
      `Raise ${c}'s limit or quota if the traffic is legitimate.`,
    ],
    preventive: ['Client-side rate limiting and exponential backoff.', 'Alert on 429 answers.'],
    verification: (c) => [`429 answers from ${c} are back to zero.`],
  },
  {
    id: 'dependency_down',
    name: 'Dependency down',
    patterns: [
      /connection refused/i,
      /\bECONNREFUSED\b/,
      /connection reset/i,
      /\bECONNRESET\b/,
      /(host|network) (is )?unreachable/i,
      /no route to host/i,
      /service unavailable/i,
      /\b503\b/,
      /(could not|failed to|unable to) connect/i,
      /\bENOTFOUND\b/,
      /upstream connect error/i,
    ],
    actionWords: ['restart', 'failover', 'dependency', 'connection', 'recover'],
    steps: (c) => [
      `Check that ${c} is running and reachable (process, pod, port, DNS).`,
      `Restart ${c} or fail over to a healthy replica.`,
      `Once ${c} answers, let its callers reconnect (restart them if they do not retry).`,
    ],
    preventive: [
      'Health checks and automatic restarts for the dependency.',
      'Retries with backoff and circuit breakers in callers.',
      'A replica or failover target for critical dependencies.',
    ],
    verification: (c) => [
      `${c} answers its health check.`,
      `Error rate of ${c}'s callers is back to baseline.`,
    ],
  },
  {
    id: 'latency_regression',
    name: 'Latency regression',
    patterns: [
      /timed? ?out/i,
      /\bETIMEDOUT\b/,
      /deadline exceeded/i,
      /slow (query|request|response)/i,
      /latency/i,
    ],
    actionWords: ['latency', 'timeout', 'scale', 'cache', 'slow'],
    steps: (c) => [
      `Find what got slower in ${c} (slow queries, lock waits, saturated CPU).`,
      `Scale ${c} out or shed load while the cause is fixed.`,
    ],
    preventive: ['Latency SLOs with alerts on p95.', 'Timeouts and budgets on every call.'],
    verification: (c) => [`p95 latency of ${c} is back to its baseline.`],
  },
  {
    id: 'bad_deploy',
    name: 'Bad deploy',
    patterns: [
      /(after|since) (the )?(deploy|release|rollout|upgrade)/i,
      /\b5\d\d\b.*\bversion\b|\bversion\b.*\b5\d\d\b/i,
      /NoSuchMethod|ClassNotFound|undefined is not a function|is not a function/i,
      /internal server error/i,
      /migration failed/i,
    ],
    actionWords: ['rollback', 'deploy', 'release', 'revert', 'version'],
    steps: (c) => [
      `Compare ${c}'s failing version with the last good one.`,
      `Roll ${c} back to the last good version.`,
    ],
    preventive: ['Canary or blue/green releases with automatic rollback on error-rate jumps.'],
    verification: (c) => [`${c}'s 5xx rate is back to baseline on the rolled-back version.`],
  },
];
