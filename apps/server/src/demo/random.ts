/** A small seeded PRNG (mulberry32), so a demo run and its tests can be replayed exactly. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  /** `bytes` random bytes as lowercase hex (trace and span ids). */
  hex(bytes: number): string;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    chance: (probability) => next() < probability,
    hex(bytes) {
      let out = '';
      for (let i = 0; i < bytes; i += 1) out += int(0, 255).toString(16).padStart(2, '0');
      // An all-zero id is invalid in OTLP.
      return /^0+$/.test(out) ? `${out.slice(0, -1)}1` : out;
    },
  };
}
