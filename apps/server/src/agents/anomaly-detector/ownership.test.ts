import { describe, expect, it } from 'vitest';
import { createOwnerLookup } from './ownership';

describe('ownership rules', () => {
  const lookup = createOwnerLookup([
    { pattern: 'payment*', owner: 'team-payments' },
    { pattern: '*-db', owner: 'dba' },
    { pattern: 'auth-v?', owner: 'identity' },
  ]);

  it.each([
    ['payments', 'team-payments'],
    ['PAYMENT-gateway', 'team-payments'],
    ['orders-db', 'dba'],
    ['auth-v2', 'identity'],
    ['auth-v10', null],
    ['cart', null],
  ])('%s → %s', (component, owner) => {
    expect(lookup(component)).toBe(owner);
  });

  it('treats regex characters in patterns literally', () => {
    expect(createOwnerLookup([{ pattern: 'a.b', owner: 'x' }])('axb')).toBeNull();
  });
});
