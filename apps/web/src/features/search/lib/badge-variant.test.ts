import { describe, expect, it } from 'vitest';
import { searchBadgeVariant } from './badge-variant';

describe('searchBadgeVariant', () => {
  it.each([
    ['critical', 'destructive'],
    ['HIGH', 'destructive'],
    ['medium', 'warning'],
    ['low', 'default'],
    ['active', 'success'],
    ['healthy', 'success'],
    ['running', 'success'],
    ['success', 'success'],
    ['inactive', 'destructive'],
    ['unhealthy', 'destructive'],
    ['stopped', 'destructive'],
    ['failed', 'destructive'],
    ['warning', 'warning'],
    ['pending', 'warning'],
    ['open', 'secondary'],
  ])('%s → %s', (value, variant) => {
    expect(searchBadgeVariant(value)).toBe(variant);
  });
});
