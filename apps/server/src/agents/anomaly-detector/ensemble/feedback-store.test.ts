import { describe, expect, it } from 'vitest';
import { createFeedbackStore } from './feedback-store';

describe('feedback store', () => {
  it('applies a template-wide verdict to every component, a narrower one wins', () => {
    const store = createFeedbackStore(10);
    store.set({ templateId: 't1' }, 'false_positive');
    store.set({ templateId: 't1', component: 'db' }, 'confirmed');
    expect(store.lookup('t1', 'web')).toBe('false_positive');
    expect(store.lookup('t1', 'db')).toBe('confirmed');
    expect(store.lookup('t2', 'web')).toBeNull();
  });

  it('round-trips through a snapshot', () => {
    const store = createFeedbackStore(10);
    store.set({ templateId: 't1', component: 'db' }, 'confirmed');
    const copy = createFeedbackStore(10);
    copy.restore(JSON.parse(JSON.stringify(store.snapshot())));
    expect(copy.lookup('t1', 'db')).toBe('confirmed');
    expect(() => copy.restore([['db', 't1', 'maybe']])).toThrow();
  });
});
