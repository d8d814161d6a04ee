import type { Attributes, AttributeValue, Span } from '../ingest/records';
import { SpanKind } from '../ingest/records';

/** What a node's type can be (contract: a string; these are the values Vigil emits). */
export type NodeType = 'service' | 'database' | 'cache' | 'queue' | 'external' | 'storage';

/** The thing a CLIENT/PRODUCER span calls, as far as its attributes say. */
export interface Peer {
  name: string;
  type: NodeType;
  /** True when `name` names an instrumented service (peer.service, or an HTTP/RPC host). */
  mayBeService: boolean;
  /** The attributes that told us, for layer inference. */
  system: string | null;
}

const str = (value: AttributeValue | undefined): string | null =>
  typeof value === 'string' && value.length > 0 ? value : null;

const CACHE_SYSTEMS = /redis|memcache|hazelcast|valkey|ignite|coherence/;
const STORAGE_SYSTEMS = /^(s3|gcs|azure[._-]?blob|minio)$/;

/** `orders.shop.svc.cluster.local` → `orders`: a Kubernetes service DNS name is its service. */
export function hostToName(host: string): string {
  const lower = host.toLowerCase();
  const k8s =
    /^([a-z0-9-]+)\.[a-z0-9-]+\.svc(\.cluster\.local)?\.?$/.exec(lower) ??
    /^([a-z0-9-]+)\.svc(\.cluster\.local)?\.?$/.exec(lower);
  return k8s?.[1] ?? lower;
}

/**
 * The callee of a CLIENT or PRODUCER span (OpenTelemetry semantic conventions, old and new names):
 * a database (`db.system(.name)` + `db.namespace`/`db.name`), a queue (`messaging.system` +
 * destination), a named service (`peer.service`) or a host (`server.address`, `net.peer.name`).
 */
export function peerOf(span: Span): Peer | null {
  if (span.kind !== SpanKind.CLIENT && span.kind !== SpanKind.PRODUCER) return null;
  const a = span.attributes;
  const host =
    str(a['server.address']) ?? str(a['net.peer.name']) ?? str(a['network.peer.address']);
  const dbSystem = str(a['db.system.name']) ?? str(a['db.system']);
  if (dbSystem) {
    const system = dbSystem.toLowerCase();
    const db = str(a['db.namespace']) ?? str(a['db.name']);
    const type: NodeType = CACHE_SYSTEMS.test(system)
      ? 'cache'
      : STORAGE_SYSTEMS.test(system)
        ? 'storage'
        : 'database';
    const where = db ?? (host ? hostToName(host) : null);
    return { name: where ? `${system}:${where}` : system, type, mayBeService: false, system };
  }
  const messaging = str(a['messaging.system']);
  if (messaging)
    return {
      name: queueName(messaging, a),
      type: 'queue',
      mayBeService: false,
      system: messaging.toLowerCase(),
    };
  const peerService = str(a['peer.service']);
  if (peerService) return { name: peerService, type: 'external', mayBeService: true, system: null };
  if (host) return { name: hostToName(host), type: 'external', mayBeService: true, system: null };
  return null;
}

function queueName(system: string, a: Attributes): string {
  const destination =
    str(a['messaging.destination.name']) ??
    str(a['messaging.destination']) ??
    str(a['messaging.destination.template']);
  return destination ? `${system.toLowerCase()}:${destination}` : system.toLowerCase();
}

/** The queue a CONSUMER span reads from, so the edge runs queue → consumer. */
export function consumedQueue(span: Span): string | null {
  if (span.kind !== SpanKind.CONSUMER) return null;
  const system = str(span.attributes['messaging.system']);
  return system ? queueName(system, span.attributes) : null;
}

/** A failed span: status ERROR, or an HTTP answer ≥ 500 (4xx is the caller's fault, not the node's). */
export function isErrorSpan(span: Span): boolean {
  if (span.statusCode === 2) return true;
  const status =
    span.attributes['http.response.status_code'] ?? span.attributes['http.status_code'];
  const code =
    typeof status === 'number' ? status : typeof status === 'string' ? Number(status) : 0;
  return code >= 500;
}

export interface ResourceFacts {
  environment: string;
  namespace: string;
  tags: Record<string, string>;
}

export const MAX_TAGS = 16;
// Per-instance or per-process values would make every replica look different and churn the graph.
const NOISY_TAG =
  /^(telemetry\.|process\.|os\.|host\.(id|arch)|service\.instance\.id|container\.id|k8s\.pod\.(uid|name)|k8s\.replicaset\.|service\.name$)/;

/** Environment, namespace and a bounded set of string tags from a resource's attributes. */
export function resourceFacts(resource: Attributes): ResourceFacts {
  const environment =
    str(resource['deployment.environment.name']) ??
    str(resource['deployment.environment']) ??
    'prod';
  const namespace =
    str(resource['service.namespace']) ?? str(resource['k8s.namespace.name']) ?? 'default';
  const tags: Record<string, string> = {};
  let kept = 0;
  for (const key of Object.keys(resource).sort()) {
    if (kept >= MAX_TAGS) break;
    const value = resource[key];
    if (
      typeof value !== 'string' ||
      value.length === 0 ||
      value.length > 200 ||
      NOISY_TAG.test(key)
    )
      continue;
    tags[key] = value;
    kept += 1;
  }
  return { environment, namespace, tags };
}
