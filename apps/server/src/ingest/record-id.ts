/**
 * A fast, non-cryptographic 128-bit hash (four 32-bit lanes, MurmurHash3-style mixing) for record
 * ids. Ids must be stable across redeliveries, not secret, and are computed per record on the hot
 * path, where a crypto digest would cost several times more. A class rather than closures so one
 * instance can be reset and reused per record without allocating.
 */
const C1 = 0xcc9e2d51;
const C2 = 0x1b873593;

function mixLane(h: number, k: number): number {
  let x = Math.imul(k, C1);
  x = (x << 15) | (x >>> 17);
  x = Math.imul(x, C2);
  let y = h ^ x;
  y = (y << 13) | (y >>> 19);
  return (Math.imul(y, 5) + 0xe6546b64) | 0;
}

function finalMix(h: number): number {
  let x = h ^ (h >>> 16);
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

const hex8 = (n: number): string => n.toString(16).padStart(8, '0');

export class IdHasher {
  private h1 = 0;
  private h2 = 0;
  private h3 = 0;
  private h4 = 0;
  private length = 0;

  constructor(seed = 0) {
    this.reset(seed);
  }

  reset(seed = 0): this {
    this.h1 = seed ^ 0x9747b28c;
    this.h2 = seed ^ 0x6a09e667;
    this.h3 = seed ^ 0xbb67ae85;
    this.h4 = seed ^ 0x3c6ef372;
    this.length = 0;
    return this;
  }

  /** Words go round-robin to the lanes (as MurmurHash3 x86_128 splits its blocks); digest() mixes the lanes together. */
  private feed(k: number): void {
    switch (this.length & 3) {
      case 0:
        this.h1 = mixLane(this.h1, k);
        break;
      case 1:
        this.h2 = mixLane(this.h2, k);
        break;
      case 2:
        this.h3 = mixLane(this.h3, k);
        break;
      default:
        this.h4 = mixLane(this.h4, k);
    }
    this.length += 1;
  }

  /** Feeds a string; its length is mixed in after it, so ("ab","c") and ("a","bc") differ. */
  add(text: string): this {
    const n = text.length;
    let i = 0;
    // Two UTF-16 units per round: half the mixing work for the same input.
    for (; i + 1 < n; i += 2) this.feed(text.charCodeAt(i) | (text.charCodeAt(i + 1) << 16));
    if (i < n) this.feed(text.charCodeAt(i));
    this.feed(0x1f00_0000 ^ n);
    return this;
  }

  /** Feeds a number exactly (both 32-bit halves of its integer part, then its fraction). */
  addNumber(value: number): this {
    const whole = Math.trunc(value);
    this.feed(whole | 0);
    this.feed(Math.floor(whole / 4294967296) | 0);
    this.feed(Math.round((value - whole) * 1e6) | 0);
    return this;
  }

  /** 32 lowercase hex characters. */
  digest(): string {
    // Every output word depends on every lane, so a change anywhere changes the whole id.
    let h1 = this.h1 ^ this.length;
    let h2 = this.h2 ^ this.length;
    let h3 = this.h3 ^ this.length;
    let h4 = this.h4 ^ this.length;
    h1 = (h1 + h2 + h3 + h4) | 0;
    h2 = (h2 + h1) | 0;
    h3 = (h3 + h1) | 0;
    h4 = (h4 + h1) | 0;
    h1 = finalMix(h1);
    h2 = finalMix(h2);
    h3 = finalMix(h3);
    h4 = finalMix(h4);
    h1 = (h1 + h2 + h3 + h4) | 0;
    h2 = (h2 + h1) | 0;
    h3 = (h3 + h1) | 0;
    h4 = (h4 + h1) | 0;
    return hex8(h1 >>> 0) + hex8(h2 >>> 0) + hex8(h3 >>> 0) + hex8(h4 >>> 0);
  }
}

export const createIdHasher = (seed = 0): IdHasher => new IdHasher(seed);
