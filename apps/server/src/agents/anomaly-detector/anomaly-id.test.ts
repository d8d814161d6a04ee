import { describe, expect, it } from 'vitest';
import { anomalyIdFor } from './anomaly-id';

describe('anomalyIdFor', () => {
  it('is a 26-character ULID, deterministic per record, sorting by event time', () => {
    const a = anomalyIdFor('record-1', Date.UTC(2026, 0, 1));
    expect(a).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(anomalyIdFor('record-1', Date.UTC(2026, 0, 1))).toBe(a);
    expect(anomalyIdFor('record-2', Date.UTC(2026, 0, 1))).not.toBe(a);
    expect(anomalyIdFor('record-0', Date.UTC(2026, 0, 2)) > a).toBe(true);
  });
});
