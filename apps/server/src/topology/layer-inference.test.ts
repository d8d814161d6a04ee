import { describe, expect, it } from 'vitest';
import { inferLayer } from './layer-inference';

describe('inferLayer', () => {
  it.each([
    ['web-frontend', {}, 'frontend'],
    ['api-gateway', {}, 'api_gateway'],
    ['auth-service', {}, 'auth_security'],
    ['payments', {}, 'backend'],
    ['kafka', {}, 'queues'],
    ['orders-db', {}, 'database'],
    ['postgres-primary', {}, 'database'],
    ['session-cache', {}, 'cache'],
    ['object-storage', {}, 'storage'],
    ['prometheus', {}, 'monitoring'],
    ['unknown_service', {}, 'ungrouped'],
    ['shop', { 'db.system': 'postgresql' }, 'database'],
    ['shop', { 'db.system': 'redis' }, 'cache'],
    ['shop', { 'messaging.system': 'kafka' }, 'queues'],
  ] as const)('%s %j is %s', (name, attributes, layer) => {
    expect(inferLayer(name, attributes)).toBe(layer);
  });
});
