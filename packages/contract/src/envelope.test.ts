import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorBody, listEnvelope } from './envelope';

describe('envelopes', () => {
  it('a list envelope carries paging at the top level', () => {
    const schema = listEnvelope(z.object({ items: z.array(z.number()) }));
    const body = {
      success: true,
      data: { items: [1] },
      message: 'OK',
      timestamp: '2026-01-01T00:00:00.000Z',
      total_items: 1,
      total_pages: 1,
      page: 1,
      page_size: 20,
    };
    expect(schema.safeParse(body).success).toBe(true);
    expect(schema.safeParse({ ...body, total_items: undefined }).success).toBe(false);
  });

  it('an error body has a stable upper-case code', () => {
    expect(
      ErrorBody.safeParse({ success: false, message: 'm', detail: 'm', code: 'ACTION_NOT_FOUND' })
        .success,
    ).toBe(true);
    expect(
      ErrorBody.safeParse({ success: false, message: 'm', detail: 'm', code: 'not found' }).success,
    ).toBe(false);
  });
});
