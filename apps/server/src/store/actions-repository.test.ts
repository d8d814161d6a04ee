import { describe, expect, it } from 'vitest';
import { makeAction, T0 } from './test-factories';
import { TEST_STORE_KINDS, useTestStore } from './test-stores';

describe.each(TEST_STORE_KINDS)('%s store: approved actions', (kind) => {
  const harness = useTestStore(kind);
  const seed = async () => {
    const actions = [
      makeAction({ name: 'Restart API', tags: ['restart', 'api'] }),
      makeAction({ name: 'scale workers', tags: ['Scaling'] }),
      makeAction({ name: 'Flush cache', tags: ['cache', 'restart'], is_active: false }),
      makeAction({ name: 'Rotate logs', tags: [] }),
    ];
    for (const action of actions) await harness().store.actions.insert(action);
    return actions;
  };
  const names = (page: { items: Array<{ name: string }> }) => page.items.map((a) => a.name);
  const list = (
    query: Partial<{ activeOnly: boolean; tags: string[]; limit: number; offset: number }>,
  ) => harness().store.actions.list({ activeOnly: false, limit: 100, offset: 0, ...query });

  it('orders by name regardless of case and round-trips the document', async () => {
    const actions = await seed();
    const all = await list({});
    expect(names(all)).toEqual(['Flush cache', 'Restart API', 'Rotate logs', 'scale workers']);
    expect(all.total).toBe(4);
    expect(await harness().store.actions.get(actions[0]!.id)).toEqual(actions[0]);
  });

  it.each([
    { tags: ['restart'], expected: ['Flush cache', 'Restart API'] },
    { tags: ['cache', 'scaling'], expected: ['Flush cache', 'scale workers'] },
    { tags: ['RESTART'], expected: ['Flush cache', 'Restart API'] },
    { tags: ['nothing'], expected: [] },
    { tags: [], expected: ['Flush cache', 'Restart API', 'Rotate logs', 'scale workers'] },
  ])('filters on any of the tags $tags', async ({ tags, expected }) => {
    await seed();
    const result = await list({ tags });
    expect(names(result)).toEqual(expected);
    expect(result.total).toBe(expected.length);
  });

  it('combines active_only with tags', async () => {
    await seed();
    expect(names(await list({ activeOnly: true, tags: ['restart'] }))).toEqual(['Restart API']);
    expect((await list({ activeOnly: true })).total).toBe(3);
  });

  it('pages with limit and offset, up to 1000 at once', async () => {
    for (let i = 0; i < 1_005; i += 1)
      await harness().store.actions.insert(
        makeAction({ name: `action ${String(i).padStart(4, '0')}` }),
      );
    const first = await list({ limit: 1_000 });
    expect(first.items).toHaveLength(1_000);
    expect(first.total).toBe(1_005);
    const rest = await list({ limit: 1_000, offset: 1_000 });
    expect(names(rest)).toEqual([
      'action 1000',
      'action 1001',
      'action 1002',
      'action 1003',
      'action 1004',
    ]);
    expect((await list({ limit: 10, offset: 2_000 })).items).toEqual([]);
  }, 60_000);

  it('updates and deletes', async () => {
    const [action] = await seed();
    const updatedAt = new Date(T0 + 1_000).toISOString();
    const updated = await harness().store.actions.update(action!.id, {
      is_active: false,
      tags: ['paused'],
      updated_at: updatedAt,
    });
    expect(updated).toEqual({
      ...action,
      is_active: false,
      tags: ['paused'],
      updated_at: updatedAt,
    });
    expect(names(await list({ tags: ['paused'] }))).toEqual(['Restart API']);
    expect((await list({ activeOnly: true })).total).toBe(2);
    expect(await harness().store.actions.delete(action!.id)).toBe(true);
    expect(await harness().store.actions.delete(action!.id)).toBe(false);
    expect(await harness().store.actions.get(action!.id)).toBeNull();
    expect(await harness().store.actions.update(action!.id, { name: 'x' })).toBeNull();
  });
});
