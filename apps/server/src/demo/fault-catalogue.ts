import type { Call } from './fleet-catalogue';
import type { Random } from './random';

/**
 * The faults the demo can inject. Each one changes how its root component behaves; everything
 * the pipeline sees is a consequence (errors, slow or refused calls, the root's own complaints).
 * Names and roots live here and in the control plane only: never in telemetry.
 */
export const CONTROL_OPERATIONS = [
  'restart',
  'scale',
  'rollback',
  'flush-cache',
  'free-disk',
  'rotate-certificate',
  'recycle-connections',
] as const;
export type ControlOperation = (typeof CONTROL_OPERATIONS)[number];

/** How a failed call looks to whoever made it. */
export interface CallFailure {
  /** HTTP-ish status the caller saw, or null for driver-level errors. */
  status: number | null;
  /** What the caller's client library reports. */
  reason: string;
}

/** A line a service logs by itself; `{n}` and `{ms}` are filled with fresh numbers. */
export interface OwnLine {
  severity: 'WARN' | 'ERROR' | 'FATAL' | 'INFO';
  body: string;
}

/** What the root does with one call it serves while the fault is active. */
export interface ServeEffect {
  failure: CallFailure | null;
  extraLatencyMs: number;
  lines: OwnLine[];
}

export interface FaultDefinition {
  name: string;
  root: string;
  /** What the operator console of the fleet says about it (control plane, not telemetry). */
  summary: string;
  /** The control operations on the root that end it. */
  endedBy: readonly ControlOperation[];
  /** Effect on a call the root serves; null leaves the call alone. */
  serve?: (call: Call, random: Random) => ServeEffect | null;
  /** The connection to the root fails before it sees the request (no server span on its side). */
  refuse?: () => CallFailure;
  /** Lines the root logs on its own once per second of the fault, outside any request. */
  background?: (random: Random) => OwnLine[];
  /** Resource changes while active (a deploy changes the version). */
  version?: string;
  /** Gauges the root reports while active (CPU share, disk use). */
  cpu?: number;
  diskUtilization?: number;
}

const fail = (failure: CallFailure, lines: OwnLine[], extraLatencyMs = 0): ServeEffect => ({
  failure,
  extraLatencyMs,
  lines,
});

export const FAULTS: readonly FaultDefinition[] = [
  {
    name: 'db-pool-exhaustion',
    root: 'postgres-primary',
    summary: 'PostgreSQL runs out of connection slots; queries of every caller start failing',
    endedBy: ['recycle-connections', 'restart'],
    serve: (_call, random) =>
      random.chance(0.8)
        ? fail(
            {
              status: null,
              reason: 'could not acquire a connection from the pool within 5000 ms',
            },
            [{ severity: 'FATAL', body: 'sorry, too many clients already' }],
            5_000,
          )
        : null,
    background: (random) =>
      random.chance(0.5)
        ? [
            {
              severity: 'FATAL',
              body: 'remaining connection slots are reserved for non-replication superuser connections',
            },
          ]
        : [],
    cpu: 0.71,
  },
  {
    name: 'cache-node-down',
    root: 'redis-cache',
    summary: 'A Redis cluster node dies; the cluster refuses commands until it is restarted',
    endedBy: ['restart'],
    serve: () =>
      fail({ status: null, reason: 'CLUSTERDOWN The cluster is down' }, [
        {
          severity: 'ERROR',
          body: 'Cluster state is fail: rejecting command, slot {n} not served',
        },
      ]),
    background: (random) =>
      random.chance(0.4)
        ? [
            { severity: 'WARN', body: 'Connection with replica 10.0.4.{n}:6379 lost.' },
            { severity: 'ERROR', body: 'Cluster state changed: fail' },
          ]
        : [],
  },
  {
    name: 'bad-deploy',
    root: 'payments',
    summary: 'payments 1.9.0 ships a bug: most charges answer 500 until rolled back',
    endedBy: ['rollback'],
    version: '1.9.0',
    serve: (_call, random) =>
      random.chance(0.85)
        ? fail({ status: 500, reason: 'upstream answered 500 Internal Server Error' }, [
            {
              severity: 'ERROR',
              body: "unhandled exception in version 1.9.0, answering 500: TypeError: Cannot read properties of undefined (reading 'currency') at ChargeMapper.toLedger (charge-mapper.js:{n})",
            },
          ])
        : null,
  },
  {
    name: 'downstream-latency',
    root: 'inventory',
    summary: 'inventory saturates its worker pool; calls queue, slow down and hit their deadline',
    endedBy: ['scale', 'restart'],
    serve: (_call, random) =>
      random.chance(0.75)
        ? fail(
            { status: 504, reason: 'upstream request timed out after 3000 ms' },
            [
              {
                severity: 'ERROR',
                body: 'request cancelled: deadline exceeded after 3000 ms waiting for a free worker (queue depth {n})',
              },
            ],
            3_000,
          )
        : { failure: null, extraLatencyMs: 1_400, lines: [] },
    cpu: 0.97,
  },
  {
    name: 'disk-full',
    root: 'object-storage',
    summary: 'The object store volume fills up; every upload fails',
    endedBy: ['free-disk'],
    serve: (call) =>
      call.write
        ? fail({ status: 507, reason: 'upstream answered 507 Insufficient Storage' }, [
            {
              severity: 'ERROR',
              body: 'PutObject failed: write /data/objects/.tmp/part-{n}: no space left on device',
            },
          ])
        : null,
    diskUtilization: 1,
  },
  {
    name: 'expired-certificate',
    root: 'auth',
    summary: "auth's TLS certificate expires; clients refuse the handshake",
    endedBy: ['rotate-certificate'],
    refuse: () => ({
      status: null,
      reason:
        'tls: failed to verify certificate: x509: certificate has expired or is not yet valid',
    }),
    background: (random) =>
      Array.from({ length: random.int(1, 3) }, () => ({
        severity: 'ERROR' as const,
        body: 'http: TLS handshake error from 10.0.1.{n}:{ms}: remote error: tls: bad certificate',
      })),
  },
];

export const FAULT_NAMES = FAULTS.map((fault) => fault.name);

export function findFault(name: string): FaultDefinition | undefined {
  return FAULTS.find((fault) => fault.name === name);
}
