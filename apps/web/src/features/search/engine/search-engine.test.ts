import { describe, expect, it, vi } from 'vitest';
import {
  INDEX_MAX_AGE_MS,
  INDEX_REFRESH_FAILED,
  createSearchEngine,
  type LoadedSources,
} from './search-engine';
import { makeItem } from './search-item-factory';
import type { SearchItem } from './search-types';

function setup(items: SearchItem[] = [makeItem({ title: 'orders-db connection refused' })]) {
  let now = Date.parse('2026-11-22T12:00:00Z');
  const loadSources = vi.fn(async (): Promise<LoadedSources> => ({
    items,
    failedSources: 0,
    totalSources: 6,
  }));
  const engine = createSearchEngine({ loadSources, now: () => now, elapsed: () => 0 });
  return {
    engine,
    loadSources,
    advance: (millis: number) => {
      now += millis;
    },
  };
}

describe('createSearchEngine', () => {
  it('builds the index at the first search and finds by fuzzy text', async () => {
    const { engine, loadSources } = setup();
    const response = await engine.search('refused', {});
    expect(loadSources).toHaveBeenCalledTimes(1);
    expect(response.results.map((result) => result.item.title)).toEqual([
      'orders-db connection refused',
    ]);
    expect(response.countsByType).toEqual({ anomaly: 1 });
  });

  it('returns nothing for an empty query or one with only operators', async () => {
    const { engine } = setup();
    expect((await engine.search('   ', {})).results).toEqual([]);
    expect((await engine.search('type:anomaly', {})).results).toEqual([]);
  });

  it('rebuilds only when the index is older than 5 minutes at search time', async () => {
    const { engine, loadSources, advance } = setup();
    await engine.search('refused', {});
    advance(INDEX_MAX_AGE_MS);
    await engine.search('orders', {});
    expect(loadSources).toHaveBeenCalledTimes(1);
    advance(1);
    await engine.search('orders', {});
    expect(loadSources).toHaveBeenCalledTimes(2);
  });

  it('rebuilds on manual refresh and shares one build between concurrent callers', async () => {
    const { engine, loadSources } = setup();
    await Promise.all([engine.refresh(), engine.search('orders', {}), engine.refresh()]);
    expect(loadSources).toHaveBeenCalledTimes(1);
    await engine.refresh();
    expect(loadSources).toHaveBeenCalledTimes(2);
  });

  it('answers repeated queries from its cache until the index is rebuilt', async () => {
    const items = [makeItem({ title: 'payment declined' })];
    const { engine, loadSources } = setup(items);
    const first = await engine.search('payment', {});
    items.push(makeItem({ title: 'payment retried' }));
    const second = await engine.search('payment', {});
    expect(second.results).toEqual(first.results);
    await engine.refresh();
    expect(loadSources).toHaveBeenCalledTimes(2);
    expect((await engine.search('payment', {})).results).toHaveLength(2);
  });

  it('applies operators and the filter panel to the hits', async () => {
    const { engine } = setup([
      makeItem({ title: 'disk full', type: 'anomaly', metadata: { severity: 'high' } }),
      makeItem({ title: 'disk full', type: 'audit', metadata: { severity: 'low' } }),
    ]);
    expect((await engine.search('disk severity:high', {})).results).toHaveLength(1);
    expect((await engine.search('disk', { types: ['audit'] })).results[0]?.item.type).toBe('audit');
  });

  it("fails a refresh with 'Failed to refresh search index' when loading throws or every source fails", async () => {
    const throwing = createSearchEngine({
      loadSources: () => Promise.reject(new Error('boom')),
    });
    await expect(throwing.refresh()).rejects.toThrow(INDEX_REFRESH_FAILED);
    await expect(throwing.search('x', {})).rejects.toThrow(INDEX_REFRESH_FAILED);
    const allFailed = createSearchEngine({
      loadSources: async () => ({ items: [], failedSources: 6, totalSources: 6 }),
    });
    await expect(allFailed.refresh()).rejects.toThrow(INDEX_REFRESH_FAILED);
  });

  it('builds from the sources that answered when only some failed', async () => {
    const engine = createSearchEngine({
      loadSources: async () => ({
        items: [makeItem({ title: 'checkout slow' })],
        failedSources: 5,
        totalSources: 6,
      }),
    });
    await engine.refresh();
    expect(engine.items()).toHaveLength(1);
  });
});
