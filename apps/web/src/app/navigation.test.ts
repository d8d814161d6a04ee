import { describe, expect, it } from 'vitest';
import { NAV_ITEMS, documentTitleFor, pageTitleFor } from './navigation';

describe('NAV_ITEMS', () => {
  it('lists the seven entries in spec order with Recommender disabled', () => {
    expect(NAV_ITEMS.map((item) => [item.path, item.label, item.disabledHint ?? null])).toEqual([
      ['/dashboard', 'Dashboard', null],
      ['/applications', 'Applications', null],
      ['/anomalies', 'Anomalies', null],
      ['/policies', 'Governance', null],
      ['/recommender', 'Recommender', 'Coming soon'],
      ['/audit', 'Audit', null],
      ['/settings', 'Settings', null],
    ]);
  });
});

describe('pageTitleFor', () => {
  it.each([
    ['/', 'Dashboard'],
    ['', 'Dashboard'],
    ['/dashboard', 'Dashboard'],
    ['/applications', 'Applications'],
    ['/anomalies', 'Anomalies'],
    ['/recommender', 'Recommender'],
    ['/policies', 'Governance'],
    ['/audit', 'Audit'],
    ['/settings', 'Settings'],
    ['/settings/', 'Settings'],
    ['/anomalies/abc', 'Anomalies'],
    ['/Audit', 'Audit'],
    ['/nowhere', 'Vigil'],
  ])('%j is titled %j', (path, title) => {
    expect(pageTitleFor(path)).toBe(title);
  });
});

describe('documentTitleFor', () => {
  it('adds the product name', () => {
    expect(documentTitleFor('/policies')).toBe('Governance · Vigil');
    expect(documentTitleFor('/nowhere')).toBe('Vigil');
  });
});
