/**
 * Narrowing readers shared by the JSON and protobuf paths. Both arrive as `unknown` object trees
 * with lowerCamelCase names (protobufjs messages and OTLP JSON alike); JSON may also use
 * snake_case. Ids are bytes in protobuf and hex strings in JSON; 64-bit integers are protobufjs
 * Longs, decimal strings or numbers. Each reader accepts every form and reports bad input
 * instead of throwing, so one bad record never sinks the request.
 */
export type Obj = Record<string, unknown>;

export const isObj = (v: unknown): v is Obj =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Uint8Array);

/** Reads `camel`, falling back to `snake` (protobufjs messages resolve unset fields to defaults). */
export function get(o: Obj, camel: string, snake: string): unknown {
  const v = o[camel];
  return v === undefined ? o[snake] : v;
}

/** An absent or null repeated field is empty; anything else that is not an array is invalid (null). */
export function getArray(o: Obj, camel: string, snake: string): readonly unknown[] | null {
  const v = get(o, camel, snake);
  if (v === undefined || v === null) return [];
  return Array.isArray(v) ? v : null;
}

export function getString(o: Obj, camel: string, snake: string): string {
  const v = get(o, camel, snake);
  return typeof v === 'string' ? v : '';
}

interface LongLike {
  low: number;
  high: number;
}

const isLongLike = (v: unknown): v is LongLike =>
  typeof v === 'object' &&
  v !== null &&
  'low' in v &&
  typeof v.low === 'number' &&
  'high' in v &&
  typeof v.high === 'number';

const DIGITS = /^\d{1,20}$/;
const SIGNED_DIGITS = /^[-+]?\d{1,20}$/;
const MAX_UINT64 = '18446744073709551615';
const TWO_POW_32 = 4294967296;

/**
 * An unsigned 64-bit nanosecond timestamp as whole epoch milliseconds: 0 when absent, null when
 * it is not an unsigned integer. Exact for every input form (no float rounding at ms boundaries).
 */
export function readUnixNanoAsMs(v: unknown): number | null {
  if (v === undefined || v === null) return 0;
  if (typeof v === 'string') {
    if (!DIGITS.test(v) || (v.length === 20 && v > MAX_UINT64)) return null;
    return v.length <= 6 ? 0 : Number(v.slice(0, -6));
  }
  if (typeof v === 'number') {
    if (!Number.isInteger(v) || v < 0) return null;
    if (Number.isSafeInteger(v)) return Math.floor(v / 1e6);
    // Beyond 2^53 the number is already off by up to 256 ns; half a microsecond of slack keeps
    // whole-millisecond values (what SDKs send) from flooring into the previous millisecond.
    return Math.floor(v / 1e6 + 5e-4);
  }
  if (isLongLike(v)) {
    // ns = high * 2^32 + low, with 2^32 = 4294 * 1e6 + 967296: every intermediate stays below 2^53.
    const high = v.high >>> 0;
    const low = v.low >>> 0;
    return high * 4294 + Math.floor((high * 967296 + low) / 1e6);
  }
  return null;
}

/** A signed 64-bit integer: a number when exactly representable, else its decimal string; null if invalid. */
export function readInt64(v: unknown): number | string | null {
  if (typeof v === 'number') return Number.isInteger(v) ? v : null;
  if (typeof v === 'string') {
    if (!SIGNED_DIGITS.test(v)) return null;
    const n = Number(v);
    return Number.isSafeInteger(n) ? n : BigInt(v).toString();
  }
  if (isLongLike(v)) {
    const unsigned = 'unsigned' in v && v.unsigned === true;
    const high = unsigned ? v.high >>> 0 : v.high | 0;
    const n = high * TWO_POW_32 + (v.low >>> 0);
    if (Number.isSafeInteger(n)) return n;
    const big = (BigInt(high) << 32n) | BigInt(v.low >>> 0);
    return big.toString();
  }
  return null;
}

/** A double, accepting JSON's "NaN"/"Infinity" strings and numeric strings; null if invalid. */
export function readDouble(v: unknown): number | null {
  if (typeof v === 'number') return v;
  if (typeof v === 'string') {
    const trimmed = v.trim();
    if (trimmed === '') return null;
    const n = Number(trimmed);
    return Number.isNaN(n) && trimmed !== 'NaN' ? null : n;
  }
  if (isLongLike(v)) {
    const n = readInt64(v);
    return typeof n === 'number' ? n : Number(n);
  }
  return null;
}

/** A non-negative count (fixed64/uint32) as a number; null if invalid. */
export function readCount(v: unknown): number | null {
  if (v === undefined || v === null) return 0;
  const n = readInt64(v);
  if (n === null) return null;
  const value = typeof n === 'number' ? n : Number(n);
  return value >= 0 ? value : null;
}

/** An enum as its number, accepting names (`SPAN_KIND_SERVER`) leniently; null if unknown. */
export function readEnum(v: unknown, names: Readonly<Record<string, number>>): number | null {
  if (v === undefined || v === null) return 0;
  if (typeof v === 'number') return Number.isInteger(v) ? v : null;
  if (typeof v === 'string') {
    const named = names[v];
    if (named !== undefined) return named;
    return /^\d{1,9}$/.test(v) ? Number(v) : null;
  }
  return null;
}

const HEX_BY_LENGTH: Record<number, RegExp> = { 8: /^[0-9a-fA-F]{16}$/, 16: /^[0-9a-fA-F]{32}$/ };
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;
const ZERO_HEX: Record<number, string> = { 8: '0'.repeat(16), 16: '0'.repeat(32) };

/**
 * A trace (16 bytes) or span (8 bytes) id as lowercase hex. Returns '' when absent or all zeros
 * (the spec's "invalid id" meaning "no id") and null when present but malformed. JSON carries hex;
 * base64 (the generic protobuf JSON mapping) is accepted too, since some encoders emit it.
 */
export function readId(v: unknown, byteLength: 8 | 16): string | null {
  if (v === undefined || v === null) return '';
  let hex: string;
  if (v instanceof Uint8Array) {
    if (v.length === 0) return '';
    if (v.length !== byteLength) return null;
    hex = Buffer.isBuffer(v)
      ? v.toString('hex')
      : Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('hex');
  } else if (typeof v === 'string') {
    if (v === '') return '';
    if (HEX_BY_LENGTH[byteLength]?.test(v)) hex = v.toLowerCase();
    else if (BASE64.test(v) && v.length <= 24) {
      const bytes = Buffer.from(v, 'base64');
      if (bytes.length !== byteLength) return null;
      hex = bytes.toString('hex');
    } else return null;
  } else if (Array.isArray(v) && v.length === 0) {
    return '';
  } else return null;
  return hex === ZERO_HEX[byteLength] ? '' : hex;
}
