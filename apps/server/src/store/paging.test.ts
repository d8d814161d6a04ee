import { describe, expect, it } from 'vitest';
import { chunk, pageWindow, uniqueSortedBy } from './paging';

/** What a descending list of `total` items (0 = newest) holds on the page, cut the window's way. */
function itemsVia(total: number, page: number, pageSize: number): number[] {
  const window = pageWindow(total, { page, pageSize });
  if (!window) return [];
  const newestFirst = Array.from({ length: total }, (_, i) => i);
  if (window.descending) return newestFirst.slice(window.offset, window.offset + window.limit);
  const oldestFirst = [...newestFirst].reverse();
  return oldestFirst.slice(window.offset, window.offset + window.limit).reverse();
}

describe('pageWindow', () => {
  it.each([
    { total: 10, page: 1, pageSize: 4 },
    { total: 10, page: 2, pageSize: 4 },
    { total: 10, page: 3, pageSize: 4 },
    { total: 10, page: 4, pageSize: 4 },
    { total: 10, page: 2, pageSize: 5 },
    { total: 10, page: 10, pageSize: 1 },
    { total: 9, page: 3, pageSize: 3 },
    { total: 1, page: 1, pageSize: 250 },
    { total: 0, page: 1, pageSize: 25 },
    { total: 100_000, page: 400, pageSize: 250 },
  ])(
    'gives the same page either way: $total items, page $page of size $pageSize',
    ({ total, page, pageSize }) => {
      const expected = Array.from({ length: total }, (_, i) => i).slice(
        (page - 1) * pageSize,
        page * pageSize,
      );
      expect(itemsVia(total, page, pageSize)).toEqual(expected);
    },
  );

  it('walks from the nearer end', () => {
    expect(pageWindow(100_000, { page: 400, pageSize: 250 })).toEqual({
      descending: false,
      offset: 0,
      limit: 250,
    });
    expect(pageWindow(100_000, { page: 2, pageSize: 250 })).toEqual({
      descending: true,
      offset: 250,
      limit: 250,
    });
    expect(pageWindow(10, { page: 3, pageSize: 5 })).toBeNull();
  });
});

describe('batching helpers', () => {
  it('chunks without losing items', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([], 3)).toEqual([]);
  });

  it('keeps the last write per key, sorted by key', () => {
    const rows = [
      { key: 'b', v: 1 },
      { key: 'a', v: 2 },
      { key: 'b', v: 3 },
    ];
    expect(uniqueSortedBy(rows, (r) => r.key)).toEqual([
      { key: 'a', v: 2 },
      { key: 'b', v: 3 },
    ]);
  });
});
