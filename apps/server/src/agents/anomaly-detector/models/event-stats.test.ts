import { describe, expect, it } from 'vitest';
import { createEventStats } from './event-stats';
import { createEventFactory, MINUTE, T0 } from './test-events';

describe('event stats', () => {
  it('gives counts as they were before the event, then counts it on commit', () => {
    const stats = createEventStats({ maxTemplates: 10, maxComponents: 10 });
    const event = createEventFactory();
    const first = stats.context(
      event({ template: 'a', level: 'ERROR', host: 'h1', time: T0 + MINUTE }),
    );
    expect(first).toMatchObject({
      component: 'checkout',
      host: 'h1',
      severity: 'error',
      isError: true,
      seen: 0,
      componentEvents: 0,
    });
    stats.commit();
    const second = stats.context(event({ template: 'a', time: T0 }));
    expect(second).toMatchObject({
      seen: 1,
      componentEvents: 1,
      componentSince: T0,
      severity: 'info',
      isError: false,
    });
    stats.commit();
    const restored = createEventStats({ maxTemplates: 10, maxComponents: 10 });
    restored.restore(stats.snapshot());
    expect(restored.context(event({ template: 'a' }))).toMatchObject({
      seen: 2,
      componentEvents: 2,
    });
  });
});
