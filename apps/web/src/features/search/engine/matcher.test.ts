import Fuse from 'fuse.js';
import { describe, expect, it } from 'vitest';
import { FUSE_OPTIONS, INDEX_HIT_LIMIT, createMatcher } from './matcher';
import { makeItem } from './search-item-factory';

const WORDS = [
  'connection',
  'refused',
  'orders-db',
  'timeout',
  'payment',
  'failed',
  'upstream',
  '503',
  'checkout',
  'restart',
  'database',
  'slots',
  'reserved',
  'Kafka',
  'lag',
  'TLS',
  'expired',
  'cc',
  'a',
  'éclair',
  'İstanbul',
  'api-gateway',
  'disk',
  '97%',
  'x',
];

/** Deterministic items with repeated and varied words, blank fields and odd characters. */
function generatedItems(count: number) {
  let state = 7;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const words = (max: number) =>
    Array.from(
      { length: Math.floor(random() * max) },
      () => WORDS[Math.floor(random() * WORDS.length)],
    ).join(' ');
  return Array.from({ length: count }, () =>
    makeItem({
      title: words(6),
      description: random() < 0.2 ? '   ' : words(12),
      content: words(30),
      tags: Array.from({ length: Math.floor(random() * 4) }, () => words(2)),
      keywords: random() < 0.5 ? [] : [words(1), ''],
    }),
  );
}

/** Words with one or two random typos (dropped, doubled or swapped letters), joined in pairs. */
function typoQueries(count: number): string[] {
  let state = 11;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const typo = (word: string) => {
    const at = Math.floor(random() * word.length);
    const roll = random();
    if (roll < 0.33) return word.slice(0, at) + word.slice(at + 1);
    if (roll < 0.66) return word.slice(0, at) + word[at] + word.slice(at);
    return word.slice(0, at) + 'q' + word.slice(at + 1);
  };
  return Array.from({ length: count }, () => {
    const pick = () => WORDS[Math.floor(random() * WORDS.length)]!;
    return random() < 0.5 ? typo(pick()) : `${typo(pick())} ${typo(typo(pick()))}`;
  });
}

const COMPARED_QUERIES = [
  ...typoQueries(30),
  'c',
  'cc',
  'co',
  'con',
  'conection',
  'connection refused',
  'Connection REFUSED',
  'orders db',
  'timout',
  'paymnet failed',
  'x',
  'a',
  'éclair',
  'istanbul',
  '503',
  'api',
  'api-gatway',
  'disk 97',
  'kafka lag expired',
  'slots reserved',
  'zzzz',
  'restart checkout database',
  'this query is far longer than thirty-two characters',
];

describe('createMatcher', () => {
  it('is configured as the spec says', () => {
    expect(FUSE_OPTIONS).toMatchObject({
      threshold: 0.4,
      minMatchCharLength: 2,
      ignoreLocation: true,
      keys: [
        { name: 'title', weight: 0.3 },
        { name: 'description', weight: 0.2 },
        { name: 'content', weight: 0.2 },
        { name: 'tags', weight: 0.15 },
        { name: 'keywords', weight: 0.15 },
      ],
    });
  });

  it('matches fuzzily, wherever the words are (location ignored)', () => {
    const far = makeItem({
      content: `${'routine log line '.repeat(20)}connection refused by orders-db`,
    });
    const typo = makeItem({ title: 'Connection refused' });
    const other = makeItem({ title: 'Checkout completed' });
    const ids = createMatcher([far, typo, other])
      .search('conection refused')
      .map((hit) => hit.item.id);
    expect(ids).toContain(far.id);
    expect(ids).toContain(typo.id);
    expect(ids).not.toContain(other.id);
  });

  it('reports the matched fields and ranges, ignoring single-character matches', () => {
    const item = makeItem({ title: 'orders-db timeout', tags: ['database'] });
    const [hit] = createMatcher([item]).search('timeout');
    expect(hit?.matches.map((match) => match.field)).toEqual(['title']);
    const title = hit?.matches[0];
    expect(title?.ranges.every(([start, end]) => end - start + 1 >= 2)).toBe(true);
    expect(
      title?.ranges.some(([start, end]) => item.title.slice(start, end + 1) === 'timeout'),
    ).toBe(true);
  });

  it('weights a title hit above the same word in the content', () => {
    const inTitle = makeItem({ title: 'latency spike' });
    const inContent = makeItem({ content: 'latency spike' });
    const hits = createMatcher([inContent, inTitle]).search('latency');
    expect(hits[0]?.item.id).toBe(inTitle.id);
  });

  it('gives exactly what Fuse.js gives: hits, scores, order and matched ranges', () => {
    const items = generatedItems(300);
    const matcher = createMatcher(items);
    const fuse = new Fuse(items, FUSE_OPTIONS);
    let compared = 0;
    for (const query of COMPARED_QUERIES) {
      const ours = matcher.search(query);
      compared += ours.length;
      const theirs = fuse.search(query, { limit: INDEX_HIT_LIMIT }).map((result) => ({
        item: result.item,
        distance: result.score,
        matches: (result.matches ?? []).map((match) => ({
          field: match.key,
          value: match.value,
          ranges: match.indices.map(([start, end]) => [start, end]),
        })),
      }));
      expect(ours, query).toEqual(theirs);
    }
    expect(compared).toBeGreaterThan(1_000);
  });

  it('returns at most 100 hits, in the order plain Fuse gives', () => {
    const items = Array.from({ length: 150 }, (_, index) =>
      makeItem({ title: `payment failure ${index}` }),
    );
    const hits = createMatcher(items).search('payment');
    expect(hits).toHaveLength(INDEX_HIT_LIMIT);
    const plain = new Fuse(items, FUSE_OPTIONS).search('payment', { limit: INDEX_HIT_LIMIT });
    expect(hits.map((hit) => hit.item.id)).toEqual(plain.map((result) => result.item.id));
    expect(hits.map((hit) => hit.distance)).toEqual(plain.map((result) => result.score));
  });
});
