import type { AttributeValue, Attributes } from '../records';
import { type NormaliseLimits, truncate } from './limits';
import { type Obj, getArray, isObj, readDouble, readInt64 } from './values';

/**
 * OTLP AnyValue → Vigil values. A set oneof member is an own property on both protobufjs messages
 * (unset members live on the prototype) and JSON objects, so `Object.hasOwn` finds the member
 * the same way for both encodings.
 */
type Member = 'string' | 'bool' | 'int' | 'double' | 'array' | 'kvlist' | 'bytes';

const MEMBERS: ReadonlyArray<readonly [Member, string, string]> = [
  ['string', 'stringValue', 'string_value'],
  ['int', 'intValue', 'int_value'],
  ['bool', 'boolValue', 'bool_value'],
  ['double', 'doubleValue', 'double_value'],
  ['kvlist', 'kvlistValue', 'kvlist_value'],
  ['array', 'arrayValue', 'array_value'],
  ['bytes', 'bytesValue', 'bytes_value'],
];

function member(v: unknown): { kind: Member; value: unknown } | null {
  if (!isObj(v)) return null;
  // lowerCamelCase first (protobuf always, JSON almost always), snake_case only as a fallback.
  for (const [kind, camel] of MEMBERS)
    if (Object.hasOwn(v, camel)) return { kind, value: v[camel] };
  for (const [kind, , snake] of MEMBERS)
    if (Object.hasOwn(v, snake)) return { kind, value: v[snake] };
  return null;
}

/** What stands in for structure nested past the depth limit. */
export const TOO_DEEP = '[too deep]';

function bytesToBase64(v: unknown): string {
  if (v instanceof Uint8Array)
    return Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64');
  return typeof v === 'string' ? v : ''; // JSON already carries bytes as base64
}

function doubleToScalar(v: unknown): AttributeValue {
  const n = readDouble(v);
  if (n === null) return null;
  return Number.isFinite(n) ? n : String(n); // NaN/Infinity do not survive JSON storage as numbers
}

function scalar(kind: Member, value: unknown): AttributeValue {
  switch (kind) {
    case 'string':
      return typeof value === 'string' ? value : null;
    case 'bool':
      return typeof value === 'boolean'
        ? value
        : value === 'true'
          ? true
          : value === 'false'
            ? false
            : null;
    case 'int':
      return readInt64(value);
    case 'double':
      return doubleToScalar(value);
    case 'bytes':
      return bytesToBase64(value);
    default:
      return null;
  }
}

/** A plain JS value for JSON encoding of arrays and kvlists (bodies and array attributes). */
export function anyValueToJson(v: unknown, depth: number): unknown {
  const m = member(v);
  if (m === null) return null;
  if (m.kind !== 'array' && m.kind !== 'kvlist') return scalar(m.kind, m.value);
  if (depth <= 0) return TOO_DEEP;
  const values = isObj(m.value) ? getArray(m.value, 'values', 'values') : null;
  if (values === null) return null;
  if (m.kind === 'array') return values.map((item) => anyValueToJson(item, depth - 1));
  const out: Obj = {};
  for (const kv of values) {
    if (!isObj(kv) || typeof kv['key'] !== 'string') continue;
    defineKey(out, kv['key'], anyValueToJson(kv['value'], depth - 1));
  }
  return out;
}

/** A log body as text: strings as they are, kvlists and arrays as compact JSON. */
export function anyValueToString(v: unknown, limits: NormaliseLimits): string {
  const m = member(v);
  if (m === null) return '';
  if (m.kind === 'string')
    return typeof m.value === 'string' ? truncate(m.value, limits.bodyLength) : '';
  const value =
    m.kind === 'array' || m.kind === 'kvlist'
      ? anyValueToJson(v, limits.depth)
      : scalar(m.kind, m.value);
  if (value === null) return '';
  return truncate(typeof value === 'string' ? value : JSON.stringify(value), limits.bodyLength);
}

/** Assigns without ever touching the prototype chain, even for a key named `__proto__`. */
export function defineKey<T>(target: Record<string, T>, key: string, value: NoInfer<T>): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, enumerable: true, writable: true });
  else target[key] = value;
}

interface Sink {
  out: Attributes;
  count: number;
}

/**
 * Flattens a KeyValue list into `sink.out`: nested kvlists become dotted keys, arrays become JSON
 * strings. Stops at the attribute-count cap; malformed entries are skipped, not fatal.
 */
function flattenInto(
  list: unknown,
  sink: Sink,
  limits: NormaliseLimits,
  prefix: string,
  depth: number,
): void {
  if (!Array.isArray(list)) return;
  for (const kv of list) {
    if (sink.count >= limits.attributeCount) return;
    if (!isObj(kv)) continue;
    const key = kv['key'];
    if (typeof key !== 'string') continue;
    flattenOne(prefix === '' ? key : `${prefix}.${key}`, kv['value'], sink, limits, depth);
  }
}

function put(sink: Sink, key: string, value: AttributeValue): void {
  // A repeated key (invalid OTLP, but seen) counts twice against the cap: cheaper than a lookup per put.
  sink.count += 1;
  defineKey(sink.out, key, value);
}

function flattenOne(
  key: string,
  value: unknown,
  sink: Sink,
  limits: NormaliseLimits,
  depth: number,
): void {
  const m = member(value);
  if (m === null) return put(sink, key, null);
  if (m.kind === 'kvlist' && depth < limits.depth && isObj(m.value)) {
    return flattenInto(getArray(m.value, 'values', 'values'), sink, limits, key, depth + 1);
  }
  if (m.kind === 'array' || m.kind === 'kvlist') {
    const encoded = anyValueToJson(value, limits.depth - depth);
    const text = typeof encoded === 'string' ? encoded : JSON.stringify(encoded);
    return put(sink, key, truncate(text, limits.attributeValueLength));
  }
  const v = scalar(m.kind, m.value);
  put(sink, key, typeof v === 'string' ? truncate(v, limits.attributeValueLength) : v);
}

/** Flattens a KeyValue list into a fresh attribute object. */
export function toAttributes(list: unknown, limits: NormaliseLimits): Attributes {
  const sink: Sink = { out: {}, count: 0 };
  flattenInto(list, sink, limits, '', 0);
  return sink.out;
}
