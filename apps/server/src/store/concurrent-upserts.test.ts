import { describe, expect, it } from 'vitest';
import { makeTemplate, T0 } from './test-factories';
import { TEST_STORE_KINDS, useTestStore } from './test-stores';

const WRITERS = 24;
const shuffled = <T>(items: T[], seed: number): T[] =>
  items
    .map((item, i) => ({ item, order: Math.sin(seed * 9_973 + i * 7_919) }))
    .sort((a, b) => a.order - b.order)
    .map(({ item }) => item);

describe.each(TEST_STORE_KINDS)('%s store: concurrent upserts', (kind) => {
  const harness = useTestStore(kind);

  it('applies many parallel config.setMany calls without deadlock or lost keys', async () => {
    const { store } = harness();
    const shared = Array.from({ length: 300 }, (_, i) => `agents.shared.key_${i}`);
    await Promise.all(
      Array.from({ length: WRITERS }, (_, writer) => {
        // Every writer touches the shared keys in its own order, plus one key of its own.
        const entries = shuffled(shared, writer).map((key) => [key, { writer }] as const);
        return store.config.setMany(
          Object.fromEntries([...entries, [`agents.w${writer}.flag`, writer]]),
        );
      }),
    );
    const all = await store.config.getAll();
    expect(Object.keys(all)).toHaveLength(shared.length + WRITERS);
    for (let writer = 0; writer < WRITERS; writer += 1)
      expect(all[`agents.w${writer}.flag`]).toBe(writer);
    // Each shared key holds some writer's whole value, never a torn one.
    for (const key of shared) expect(all[key]).toEqual({ writer: expect.any(Number) });
  });

  it('keeps setMany all-or-nothing', async () => {
    const { store } = harness();
    await store.config.setMany({ 'a.b': 1 });
    await expect(
      store.transaction(async (tx) => {
        await tx.config.setMany({ 'a.b': 2, 'c.d': 3 });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await store.config.getAll()).toEqual({ 'a.b': 1 });
  });

  it('merges parallel template upserts: counts never go backwards', async () => {
    const { store } = harness();
    const ids = Array.from({ length: 30 }, (_, i) => `tpl-${i}`);
    await Promise.all(
      Array.from({ length: WRITERS }, (_, writer) =>
        store.templates.upsertMany(
          shuffled(ids, writer).map((id) =>
            makeTemplate({
              id,
              count: writer + 1,
              firstSeen: T0 - writer,
              lastSeen: T0 + writer,
              template: `${id} by ${writer}`,
            }),
          ),
        ),
      ),
    );
    const templates = await store.templates.listByComponent('checkout-api');
    expect(templates.map((t) => t.id).sort()).toEqual([...ids].sort());
    for (const template of templates) {
      expect(template).toMatchObject({
        count: WRITERS,
        firstSeen: T0 - (WRITERS - 1),
        lastSeen: T0 + WRITERS - 1,
      });
      expect(template.template).toMatch(/ by \d+$/);
    }
  });

  it('reports each redelivered record id as new exactly once', async () => {
    const { store } = harness();
    const ids = Array.from({ length: 50 }, (_, i) => `rec-${i}`);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, writer) =>
        store.processedRecords.markProcessed(shuffled(ids, writer)),
      ),
    );
    expect(results.flat().sort()).toEqual([...ids].sort());
  });
});
