import { describe, expect, it } from 'vitest';
import type { ApprovedAction } from '@vigil/contract';
import { FAILURE_KINDS } from './failure-kinds';
import { matchActions, scoreAction, type MatchContext } from './match-actions';
import { DEFAULT_REMEDIATION_CONFIG } from './remediation-config';

const action = (over: Partial<ApprovedAction> = {}): ApprovedAction =>
  ({
    id: over.name ?? 'a1',
    name: 'Action',
    description: '',
    template_command: { method: 'POST', url: 'https://ops.example.com/x', headers: {}, body: null },
    tags: [],
    keywords: [],
    max_retries: 3,
    timeout_seconds: 300,
    required_parameters: {},
    optional_parameters: {},
    safety_constraints: {},
    is_active: true,
    created_at: '2026-03-01T00:00:00.000Z',
    updated_at: '2026-03-01T00:00:00.000Z',
    ...over,
  }) as ApprovedAction;
const kind = (id: string) => FAILURE_KINDS.find((k) => k.id === id) ?? null;
const dbDown: MatchContext = {
  rootComponent: 'orders-db',
  tags: ['orders-db', 'database', 'dependency_down', 'restart'],
  text: 'orders-db failing (connection refused)',
  failureKind: kind('dependency_down'),
};
const weights = DEFAULT_REMEDIATION_CONFIG.matching;

describe('approved-action matcher', () => {
  it.each([
    {
      name: 'every signal',
      a: action({
        name: 'Restart orders-db',
        tags: ['database', 'restart'],
        keywords: ['connection refused'],
      }),
      min: 0.99,
      max: 1,
    },
    {
      name: 'keywords only',
      a: action({ name: 'Page someone', keywords: ['refused'] }),
      min: 0.5,
      max: 0.5,
    },
    {
      name: 'half the tags',
      a: action({ name: 'Flush', tags: ['database', 'cache'] }),
      min: 0.14,
      max: 0.16,
    },
    {
      name: 'nothing in common',
      a: action({
        name: 'Renew TLS certificate',
        tags: ['tls'],
        keywords: ['certificate expired'],
      }),
      min: 0,
      max: 0,
    },
  ])('$name scores in [$min, $max]', ({ a, min, max }) => {
    const match = scoreAction(a, dbDown, weights);
    expect(match.score).toBeGreaterThanOrEqual(min);
    expect(match.score).toBeLessThanOrEqual(max);
  });

  it('says why each matched', () => {
    const match = scoreAction(
      action({ name: 'Restart orders-db', tags: ['restart'], keywords: ['connection refused'] }),
      dbDown,
      weights,
    );
    expect(match.reasons).toEqual([
      'tags restart match the incident',
      'keywords "connection refused" found in the evidence',
      'names the root component orders-db; fits dependency down',
    ]);
  });

  it('weights change the order', () => {
    const byTags = action({ name: 'A', tags: ['database'] });
    const byComponent = action({ name: 'orders-db failover' });
    const tagFirst = matchActions(
      [byTags, byComponent],
      dbDown,
      { tag_weight: 1, keyword_weight: 0, description_weight: 0.1 },
      0,
      5,
    );
    const componentFirst = matchActions(
      [byTags, byComponent],
      dbDown,
      { tag_weight: 0.1, keyword_weight: 0, description_weight: 1 },
      0,
      5,
    );
    expect(tagFirst[0]?.name).toBe('A');
    expect(componentFirst[0]?.name).toBe('orders-db failover');
  });

  it('leaves out inactive actions and those under the minimum, best first, up to the limit', () => {
    const actions = [
      action({ name: 'Restart orders-db', tags: ['restart'], keywords: ['connection refused'] }),
      action({ name: 'Inactive restart', tags: ['restart'], is_active: false }),
      action({ name: 'Weak', tags: ['database', 'x', 'y', 'z'] }),
      action({ name: 'Restart db pods', tags: ['restart', 'database'] }),
    ];
    const matched = matchActions(actions, dbDown, weights, 0.2, 1);
    expect(matched.map((m) => m.name)).toEqual(['Restart orders-db']);
    expect(matchActions(actions, dbDown, weights, 0.2, 5).map((m) => m.name)).toEqual([
      'Restart orders-db',
      'Restart db pods',
    ]);
  });
});
