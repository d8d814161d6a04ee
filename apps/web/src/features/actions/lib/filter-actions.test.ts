import { describe, expect, it } from 'vitest';
import { actionsFoundText, filterActions } from './filter-actions';
import { anAction } from './test-action';

const restart = anAction({ name: 'Restart pods', description: 'Rolling restart', tags: ['k8s'] });
const flush = anAction({ name: 'Flush', description: 'Empties the Redis CACHE', is_active: false });
const scale = anAction({ name: 'Scale out', description: '', tags: ['Scaling', 'capacity'] });
const all = [restart, flush, scale];

describe('filterActions', () => {
  it.each([
    ['', 'all', [restart, flush, scale]],
    ['restart', 'all', [restart]],
    ['cache', 'all', [flush]],
    ['scaling', 'all', [scale]],
    ['  K8S ', 'all', [restart]],
    ['', 'active', [restart, scale]],
    ['', 'inactive', [flush]],
    ['flush', 'active', []],
    ['nothing like it', 'all', []],
  ] as const)('search %j with status %s', (search, status, expected) => {
    expect(filterActions(all, { search, status })).toEqual(expected);
  });
});

describe('actionsFoundText', () => {
  it.each([
    [0, '0 actions found'],
    [1, '1 action found'],
    [12, '12 actions found'],
  ])('%d reads %j', (count, text) => {
    expect(actionsFoundText(count)).toBe(text);
  });
});
