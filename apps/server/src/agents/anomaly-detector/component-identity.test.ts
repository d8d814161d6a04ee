import { describe, expect, it } from 'vitest';
import { componentMeta, prettifyName } from './component-identity';

describe('component identity', () => {
  it.each([
    ['payment-svc', 'Payment Svc'],
    ['api_gateway', 'Api Gateway'],
    ['AUTH', 'AUTH'],
  ])('prettifies %s as %s', (name, pretty) => {
    expect(prettifyName(name)).toBe(pretty);
  });

  it('reads the semantic conventions and defaults the rest', () => {
    expect(
      componentMeta('payments', {
        'service.display_name': 'Payments API',
        'deployment.environment.name': 'staging',
        'k8s.namespace.name': 'shop',
        'service.version': '1.4.2',
      }),
    ).toEqual({
      friendly_name: 'Payments API',
      env: 'staging',
      namespace: 'shop',
      layer: 'backend',
      version: '1.4.2',
    });
    expect(componentMeta('orders-db', {})).toEqual({
      friendly_name: 'Orders Db',
      env: 'prod',
      namespace: 'default',
      layer: 'database',
      version: null,
    });
  });
});
