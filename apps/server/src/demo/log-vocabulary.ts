import type { Call, FleetService } from './fleet-catalogue';
import type { CallFailure, OwnLine } from './fault-catalogue';
import type { Random } from './random';

/**
 * What each service writes in its logs: one routine line per operation it serves, the chatter it
 * logs on its own, and how it words a failed call. The texts are the kind real software writes
 * (access lines, driver errors, database and cache server messages) with fresh numbers each time.
 */

const STATUS_TEXT: Record<number, string> = {
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
  507: 'Insufficient Storage',
};

export const statusLine = (status: number): string => `${status} ${STATUS_TEXT[status] ?? 'Error'}`;

type Filler = (template: string) => string;

/** Fills `{id}` `{n}` `{ms}` `{hex}` `{path}` placeholders. */
export function createFiller(random: Random, latencyMs: number, operation = ''): Filler {
  const path = operation.replace(/:(\w+)/g, () => String(random.int(1_000, 9_999)));
  return (template) =>
    template
      .replaceAll('{path}', path)
      .replaceAll('{id}', () => String(random.int(1_000, 9_999)))
      .replaceAll('{n}', () => String(random.int(1, 9)))
      .replaceAll('{ms}', () => String(Math.max(1, Math.round(latencyMs * (0.6 + random.next())))))
      .replaceAll('{hex}', () => random.hex(6));
}

const ROUTINE: Record<string, Record<string, string> | string> = {
  'web-frontend': '{path} 200 rendered in {ms} ms',
  'api-gateway': 'routed {path} 200 in {ms} ms',
  auth: 'token {hex} verified for user {id}',
  users: 'loaded profile of user {id} in {ms} ms',
  catalog: {
    'GET /v1/products/:id': 'served product {id} in {ms} ms',
    'POST /v1/products/batch': 'resolved a batch of {n} products in {ms} ms',
  },
  search: 'query matched {n} products in {ms} ms',
  cart: {
    'POST /v1/carts/:id/items': 'added sku {id} to cart {hex}',
    'GET /v1/carts/:id': 'loaded cart {hex} with {n} items',
  },
  checkout: 'checkout {hex} completed in {ms} ms',
  payments: 'charge ch_{hex} authorised for {id} cents',
  orders: {
    'POST /v1/orders': 'order {id} created with {n} items',
    'GET /v1/orders': 'listed {n} orders for user {id}',
  },
  inventory: {
    'GET /v1/stock/:sku': 'stock for sku {id} is {n} units',
    'POST /v1/reservations': 'reserved {n} units of sku {id}',
  },
  notifications: 'sent order confirmation {hex} for order {id}',
  'postgres-primary': 'duration: {ms} ms  statement: {path}',
  'kafka-broker': 'appended {n} records to order-events-{n} at offset {id}',
  'object-storage': '{path}/{hex} 200 in {ms} ms',
};

/** Lines infrastructure writes by itself now and then (per second of traffic, each with a chance). */
const CHATTER: Record<string, string[]> = {
  'postgres-primary': [
    'checkpoint complete: wrote {id} buffers',
    'automatic vacuum of table "shop.public.orders": index scans: {n}',
  ],
  'redis-cache': [
    '{n} changes in 60 seconds. Saving...',
    'Background saving terminated with success',
  ],
  'kafka-broker': ['Rolled new log segment for order-events-{n} at offset {id}'],
  'object-storage': ['lifecycle sweep removed {n} expired multipart uploads'],
};

/** The routine line a service logs when it served a call; null if it logs nothing per call. */
export function routineLine(service: string, operation: string): string | null {
  const entry = ROUTINE[service];
  if (entry === undefined) return null;
  return typeof entry === 'string' ? entry : (entry[operation] ?? null);
}

export function chatterFor(service: string): readonly string[] {
  return CHATTER[service] ?? [];
}

/**
 * How `caller` words a failed call to `callee`, in its own voice: a driver, cache client, object
 * store client or HTTP client error. It says what failed, not who is to blame.
 */
export function callerErrorLine(caller: Call, callee: FleetService, failure: CallFailure): string {
  const what = (() => {
    switch (callee.kind) {
      case 'database':
        return 'query failed';
      case 'cache':
        return 'cache command failed';
      case 'storage':
        return 'object store request failed';
      case 'broker':
        return 'event publish failed';
      default:
        return 'upstream call failed';
    }
  })();
  return `${caller.operation} aborted: ${what}: ${failure.reason}`;
}

/** The status a service answers when one of its own calls failed. */
export function propagatedFailure(service: FleetService, cause: CallFailure): CallFailure {
  const timedOut = cause.status === 504 || /timed out|deadline/.test(cause.reason);
  const status = timedOut ? 504 : service.name === 'api-gateway' ? 502 : 503;
  return { status, reason: `upstream answered ${statusLine(status)}` };
}

export const severityNumber = (severity: OwnLine['severity']): number =>
  ({ INFO: 9, WARN: 13, ERROR: 17, FATAL: 21 })[severity];
