import { LAYERS, type Layer } from '@vigil/contract';
import type { Attributes } from '../ingest/records';

/**
 * Infers a component's layer from what telemetry says about it: semantic-convention attributes
 * first (they are facts), then words in its name. Order matters: the first rule that matches wins.
 */
const ATTRIBUTE_RULES: [string, (value: string) => Layer | null][] = [
  [
    'db.system',
    (system) => (/redis|memcache|hazelcast|valkey/.test(system) ? 'cache' : 'database'),
  ],
  [
    'db.system.name',
    (system) => (/redis|memcache|hazelcast|valkey/.test(system) ? 'cache' : 'database'),
  ],
  ['messaging.system', () => 'queues'],
  ['faas.trigger', () => 'backend'],
  ['browser.platform', () => 'frontend'],
  ['vigil.layer', (layer) => (isLayer(layer) ? layer : null)],
];

const NAME_RULES: [RegExp, Layer][] = [
  [/(^|[-_.])(web|ui|frontend|front|spa|portal|site|storefront|browser)([-_.]|$)/, 'frontend'],
  [
    /gateway|ingress|(^|[-_.])(edge|proxy|nginx|envoy|traefik|haproxy|lb|api)([-_.]|$)/,
    'api_gateway',
  ],
  [/auth|login|identity|iam|oauth|sso|keycloak|vault|secret|cert|token|security/, 'auth_security'],
  [/kafka|rabbit|amqp|nats|queue|pulsar|sqs|pubsub|kinesis|broker|stream|mq([-_.]|$)/, 'queues'],
  [/redis|memcache|cache|valkey/, 'cache'],
  [
    /postgres|pg([-_.]|$)|mysql|maria|mongo|cassandra|dynamo|database|(^|[-_.])db([-_.]|$)|sql|oracle|elastic|opensearch|clickhouse/,
    'database',
  ],
  [/s3|minio|storage|blob|bucket|(^|[-_.])fs([-_.]|$)|disk|volume|nfs|ceph/, 'storage'],
  [/k8s|kube|scheduler|orchestr|nomad|airflow|argo|controller|operator/, 'orchestration'],
  [
    /prometheus|grafana|monitor|metrics|logging|otel|collector|jaeger|tempo|loki|alert/,
    'monitoring',
  ],
];

const LAYER_SET = new Set<string>(LAYERS);
const isLayer = (value: string): value is Layer => LAYER_SET.has(value);

export function inferLayer(name: string, attributes: Attributes = {}): Layer {
  for (const [key, rule] of ATTRIBUTE_RULES) {
    const value = attributes[key];
    if (typeof value === 'string' && value.length > 0) {
      const layer = rule(value.toLowerCase());
      if (layer) return layer;
    }
  }
  const lower = name.toLowerCase();
  for (const [pattern, layer] of NAME_RULES) if (pattern.test(lower)) return layer;
  return lower.length > 0 && lower !== 'unknown_service' ? 'backend' : 'ungrouped';
}
