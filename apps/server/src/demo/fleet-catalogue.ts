/**
 * The simulated shop: its services, how each one is deployed, and the call trees of the requests
 * its users make. Everything else in the demo (traffic, logs, metrics, faults) reads this table.
 */
export type ServiceKind = 'frontend' | 'service' | 'database' | 'cache' | 'broker' | 'storage';

export interface FleetService {
  name: string;
  kind: ServiceKind;
  version: string;
  /** Typical server-side latency of one call, before any child call. */
  latencyMs: number;
  /** Idle CPU share (0–1) and resident memory (MiB) at normal load. */
  cpu: number;
  memoryMb: number;
  /** Resource attributes beyond service.name/version (db.system, messaging.system...). */
  resource: Record<string, string>;
  replicas: number;
}

/** One call in a request: the service that serves it, the operation, the calls it makes. */
export interface Call {
  service: string;
  operation: string;
  /** A write (PUT/INSERT/publish) rather than a read: some faults only break writes. */
  write?: boolean;
  calls?: Call[];
}

export interface Route {
  name: string;
  /** Relative share of traffic. */
  weight: number;
  root: Call;
}

const service = (
  name: string,
  kind: ServiceKind,
  latencyMs: number,
  cpu: number,
  memoryMb: number,
  resource: Record<string, string> = {},
): FleetService => ({
  name,
  kind,
  version: '1.8.2',
  latencyMs,
  cpu,
  memoryMb,
  resource,
  replicas: 2,
});

export const FLEET_SERVICES: readonly FleetService[] = [
  service('web-frontend', 'frontend', 12, 0.18, 310),
  service('api-gateway', 'service', 4, 0.22, 180),
  service('auth', 'service', 6, 0.09, 140),
  service('users', 'service', 9, 0.07, 220),
  service('catalog', 'service', 11, 0.14, 380),
  service('search', 'service', 24, 0.31, 920),
  service('cart', 'service', 7, 0.08, 160),
  service('checkout', 'service', 15, 0.12, 260),
  service('payments', 'service', 38, 0.1, 240),
  service('orders', 'service', 14, 0.11, 300),
  service('inventory', 'service', 10, 0.13, 270),
  service('notifications', 'service', 20, 0.05, 150),
  service('postgres-primary', 'database', 3, 0.26, 2_048, { 'db.system': 'postgresql' }),
  service('redis-cache', 'cache', 1, 0.06, 512, { 'db.system': 'redis' }),
  service('kafka-broker', 'broker', 2, 0.17, 1_536, { 'messaging.system': 'kafka' }),
  service('object-storage', 'storage', 9, 0.04, 640),
];

const verify: Call = {
  service: 'auth',
  operation: 'POST /v1/tokens/verify',
  calls: [{ service: 'redis-cache', operation: 'GET session' }],
};

const gateway = (operation: string, calls: Call[]): Call => ({
  service: 'api-gateway',
  operation,
  calls: [verify, ...calls],
});

const page = (operation: string, api: Call): Call => ({
  service: 'web-frontend',
  operation,
  calls: [api],
});

export const ROUTES: readonly Route[] = [
  {
    name: 'view product',
    weight: 5,
    root: page(
      'GET /products/:id',
      gateway('GET /api/products/:id', [
        {
          service: 'catalog',
          operation: 'GET /v1/products/:id',
          calls: [{ service: 'redis-cache', operation: 'GET product' }],
        },
      ]),
    ),
  },
  {
    name: 'search',
    weight: 3,
    root: page(
      'GET /search',
      gateway('GET /api/search', [
        {
          service: 'search',
          operation: 'GET /v1/search',
          calls: [
            {
              service: 'catalog',
              operation: 'POST /v1/products/batch',
              calls: [{ service: 'redis-cache', operation: 'MGET product' }],
            },
          ],
        },
      ]),
    ),
  },
  {
    name: 'add to cart',
    weight: 3,
    root: page(
      'POST /cart',
      gateway('POST /api/cart/items', [
        {
          service: 'cart',
          operation: 'POST /v1/carts/:id/items',
          calls: [
            {
              service: 'inventory',
              operation: 'GET /v1/stock/:sku',
              calls: [{ service: 'postgres-primary', operation: 'SELECT stock_levels' }],
            },
            { service: 'redis-cache', operation: 'HSET cart', write: true },
          ],
        },
      ]),
    ),
  },
  {
    name: 'checkout',
    weight: 2,
    root: page(
      'POST /checkout',
      gateway('POST /api/checkout', [
        {
          service: 'checkout',
          operation: 'POST /v1/checkout',
          calls: [
            {
              service: 'cart',
              operation: 'GET /v1/carts/:id',
              calls: [{ service: 'redis-cache', operation: 'HGETALL cart' }],
            },
            {
              service: 'inventory',
              operation: 'POST /v1/reservations',
              write: true,
              calls: [
                { service: 'postgres-primary', operation: 'UPDATE stock_levels', write: true },
              ],
            },
            {
              service: 'payments',
              operation: 'POST /v1/charges',
              write: true,
              calls: [{ service: 'postgres-primary', operation: 'INSERT charges', write: true }],
            },
            {
              service: 'orders',
              operation: 'POST /v1/orders',
              write: true,
              calls: [
                { service: 'postgres-primary', operation: 'INSERT orders', write: true },
                { service: 'object-storage', operation: 'PUT invoices', write: true },
                {
                  service: 'kafka-broker',
                  operation: 'publish order-events',
                  write: true,
                  calls: [{ service: 'notifications', operation: 'process order-events' }],
                },
              ],
            },
          ],
        },
      ]),
    ),
  },
  {
    name: 'profile',
    weight: 2,
    root: page(
      'GET /account',
      gateway('GET /api/users/me', [
        {
          service: 'users',
          operation: 'GET /v1/users/:id',
          calls: [
            { service: 'postgres-primary', operation: 'SELECT users' },
            { service: 'object-storage', operation: 'GET avatars' },
          ],
        },
      ]),
    ),
  },
  {
    name: 'order history',
    weight: 1,
    root: page(
      'GET /orders',
      gateway('GET /api/orders', [
        {
          service: 'orders',
          operation: 'GET /v1/orders',
          calls: [{ service: 'postgres-primary', operation: 'SELECT orders' }],
        },
      ]),
    ),
  },
];

export function findService(name: string): FleetService | undefined {
  return FLEET_SERVICES.find((candidate) => candidate.name === name);
}

/** Callers of each service, from the route trees (for the dependency graph a fault cascades on). */
export function callersOf(name: string): string[] {
  const callers = new Set<string>();
  const walk = (call: Call): void => {
    for (const child of call.calls ?? []) {
      if (child.service === name) callers.add(call.service);
      walk(child);
    }
  };
  for (const route of ROUTES) walk(route.root);
  return [...callers].sort();
}
