import { describe, expect, it } from 'vitest';
import {
  componentCore,
  createComponentNormaliser,
  normaliseComponent,
} from './normalise-component';

describe('normaliseComponent', () => {
  const groups = [
    ['payments', 'payment-svc', 'billing-payments'],
    ['orders', 'order-api'],
  ];
  const taxonomies = ['checkout', 'inventory'];

  it.each([
    ['payment-svc', 'payments'],
    ['payments', 'payments'],
    ['Payments-Service', 'payments'],
    ['billing-payments', 'payments'],
    ['order-api', 'orders'],
    ['checkout-7f9c8d6b5-x2k4p', 'checkout'],
    ['checkout-v2', 'checkout'],
    ['prod-inventory-service', 'inventory'],
    ['  search  ', 'search'],
    ['api-gateway', 'api-gateway'],
  ])('%s → %s', (name, expected) => {
    expect(normaliseComponent(name, groups, taxonomies)).toBe(expected);
  });

  it('leaves names alone without any vocabulary', () => {
    expect(normaliseComponent('Payment-Svc ', [], [])).toBe('Payment-Svc');
  });

  it('strips deployment noise to a core', () => {
    expect(componentCore('Orders_Service.v3')).toBe('order');
    expect(componentCore('redis-0')).toBe(componentCore('redis'));
    expect(componentCore('svc')).toBe('svc');
  });

  it('caches and follows a config change', () => {
    let config = { synonymGroups: groups, knownTaxonomies: [] as string[] };
    const normalise = createComponentNormaliser(() => config);
    expect(normalise('payment-svc')).toBe('payments');
    expect(normalise('checkout-v2')).toBe('checkout-v2');
    config = { synonymGroups: [], knownTaxonomies: taxonomies };
    expect(normalise('checkout-v2')).toBe('checkout');
    expect(normalise('payment-svc')).toBe('payment-svc');
  });
});
