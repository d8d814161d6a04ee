import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limit';

describe('rate limiter', () => {
  it('allows max requests per window per client, then says how long to wait', () => {
    const limiter = createRateLimiter(() => ({ windowSeconds: 60, maxRequests: 3 }));
    const t0 = 1_000_000;
    expect([1, 2, 3].map(() => limiter.hit('a', t0))).toEqual([null, null, null]);
    expect(limiter.hit('a', t0 + 10_000)).toBe(50);
    expect(limiter.hit('b', t0 + 10_000)).toBeNull();
    expect(limiter.hit('a', t0 + 60_000)).toBeNull();
  });

  it('reads the settings live', () => {
    let max = 1;
    const limiter = createRateLimiter(() => ({ windowSeconds: 60, maxRequests: max }));
    expect(limiter.hit('a', 0)).toBeNull();
    expect(limiter.hit('a', 1)).not.toBeNull();
    max = 10;
    expect(limiter.hit('a', 2)).toBeNull();
  });

  it('keeps a bounded table of clients', () => {
    const limiter = createRateLimiter(() => ({ windowSeconds: 60, maxRequests: 1 }), 2);
    limiter.hit('a', 0);
    limiter.hit('b', 0);
    limiter.hit('c', 0);
    // 'a' was evicted, so it starts a fresh window.
    expect(limiter.hit('a', 1)).toBeNull();
  });
});
