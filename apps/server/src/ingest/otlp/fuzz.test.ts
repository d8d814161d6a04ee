import { describe, expect, it } from 'vitest';
import { decodeOtlp } from './decode-otlp';
import { mutateBody } from './testing/mutate-body';

describe('decoder fuzzing', () => {
  it('never throws on 12,000 mutated bodies, and always answers a well-formed result', () => {
    const outcomes = { ok: 0, rejected: 0, failed: 0 };
    for (let seed = 1; seed <= 12_000; seed += 1) {
      const { signal, encoding, body, mutation } = mutateBody(seed);
      let result;
      try {
        result = decodeOtlp(signal, body, encoding, { now: () => 0 });
      } catch (error) {
        throw new Error(
          `seed ${seed} (${signal}/${encoding}, ${mutation}) threw: ${String(error)}`,
        );
      }
      if (result.ok) {
        outcomes.ok += 1;
        if (result.rejected > 0) outcomes.rejected += 1;
        expect(Array.isArray(result.records)).toBe(true);
        expect(result.rejected === 0).toBe(result.rejectionMessage === null);
      } else {
        outcomes.failed += 1;
        expect(result.message).toMatch(/^invalid (JSON |protobuf )?OTLP /);
      }
    }
    // The mutations must exercise all three outcomes, or the fuzzer is not testing much.
    expect(outcomes.ok).toBeGreaterThan(1000);
    expect(outcomes.rejected).toBeGreaterThan(100);
    expect(outcomes.failed).toBeGreaterThan(1000);
  });

  it('is deterministic per seed', () => {
    expect(mutateBody(42)).toEqual(mutateBody(42));
    expect(mutateBody(42).body.equals(mutateBody(43).body)).toBe(false);
  });
});
