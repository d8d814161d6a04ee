import type { OtlpEncoding, OtlpSignal } from '../decode-otlp';
import {
  type JsonObject,
  type JsonValue,
  encodeProtobuf,
  jsonBody,
  sampleJson,
} from './otlp-samples';

/**
 * Deterministic hostile bodies for fuzzing the OTLP decoders (and the HTTP routes in front of
 * them): valid requests of every signal and encoding, then bit flips, truncations, splices,
 * garbage, and JSON values swapped for the wrong type. Same seed, same body.
 */
export interface MutatedBody {
  signal: OtlpSignal;
  encoding: OtlpEncoding;
  contentType: 'application/x-protobuf' | 'application/json';
  body: Buffer;
  /** Which mutation made it, for failure messages. */
  mutation: string;
}

/** mulberry32: a tiny seeded PRNG, good enough to spread mutations evenly. */
export function createRng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SIGNALS: readonly OtlpSignal[] = ['logs', 'traces', 'metrics'];
const int = (rng: () => number, max: number): number => Math.floor(rng() * max);
function choose<T>(rng: () => number, items: readonly T[]): T {
  const item = items[int(rng, items.length)];
  if (item === undefined) throw new Error('choose() needs a non-empty list');
  return item;
}

const seedCache = new Map<string, { json: JsonObject; protobuf: Buffer }>();
function seedFor(signal: OtlpSignal): { json: JsonObject; protobuf: Buffer } {
  let seeded = seedCache.get(signal);
  if (seeded === undefined) {
    const json = sampleJson(signal, 2);
    seeded = { json, protobuf: encodeProtobuf(signal, json) };
    seedCache.set(signal, seeded);
  }
  return seeded;
}

const HOSTILE_VALUES: readonly JsonValue[] = [
  null,
  true,
  -1,
  1.5,
  1e308,
  '',
  'NaN',
  'zz',
  '-5',
  '18446744073709551616',
  [],
  {},
  [[[]]],
  { stringValue: 7 },
  { intValue: 'x' },
  { kvlistValue: { values: 'nope' } },
  'x'.repeat(70_000),
];

const ENVELOPE: Record<OtlpSignal, readonly [string, string]> = {
  logs: ['{"resourceLogs":[{"scopeLogs":[{"logRecords":[{"timeUnixNano":"1","body":', '}]}]}]}'],
  traces: [
    '{"resourceSpans":[{"scopeSpans":[{"spans":[{"traceId":"5b8efff798038103d269b633813fc60c","spanId":"eee19b7ec3c1b174","startTimeUnixNano":"1700000000000000000","attributes":[{"key":"k","value":',
    '}]}]}]}]}',
  ],
  metrics: [
    '{"resourceMetrics":[{"scopeMetrics":[{"metrics":[{"name":"m","gauge":{"dataPoints":[{"asInt":"1","attributes":[{"key":"k","value":',
    '}]}]}}]}]}]}',
  ],
};

/** An AnyValue nested `depth` kvlists deep, as JSON text: too deep for any recursive walker. */
function deepJson(signal: OtlpSignal, depth: number): Buffer {
  const [head, tail] = ENVELOPE[signal];
  const open = '{"kvlistValue":{"values":[{"key":"k","value":'.repeat(depth);
  return Buffer.from(`${head}${open}{"stringValue":"bottom"}${'}]}}'.repeat(depth)}${tail}`);
}

function varint(n: number): number[] {
  const out: number[] = [];
  let v = n;
  while (v > 0x7f) {
    out.push((v & 0x7f) | 0x80);
    v = Math.floor(v / 128);
  }
  out.push(v);
  return out;
}

/**
 * The same nesting as protobuf bytes, under a logs request. Built back to front (each level
 * prefixes tag and length), so construction stays linear however deep it goes.
 */
function deepProtobuf(depth: number): Buffer {
  const reversed: number[] = [...Buffer.from('x')].reverse();
  reversed.push(1, 0x0a); // AnyValue.string_value = "x"
  const wrap = (tag: number): void => {
    const prefix = [tag, ...varint(reversed.length)];
    for (let i = prefix.length - 1; i >= 0; i -= 1) reversed.push(prefix[i] ?? 0);
  };
  for (let i = 0; i < depth; i += 1) {
    wrap(0x12); // KeyValue.value
    wrap(0x0a); // KeyValueList.values
    wrap(0x32); // AnyValue.kvlist_value
  }
  for (const tag of [0x2a, 0x12, 0x12, 0x0a]) wrap(tag); // LogRecord.body, ScopeLogs, ResourceLogs, request
  return Buffer.from(reversed.reverse());
}

/** Replaces one random node of the JSON tree with a value of the wrong type. */
function mutateJson(rng: () => number, value: JsonValue, depth = 0): JsonValue {
  if (depth > 0 && rng() < 0.15) return choose(rng, HOSTILE_VALUES);
  if (Array.isArray(value)) {
    if (value.length === 0) return value;
    const i = int(rng, value.length);
    return value.map((item, j) => (j === i ? mutateJson(rng, item, depth + 1) : item));
  }
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value);
    if (keys.length === 0) return value;
    const key = choose(rng, keys);
    const copy: JsonObject = { ...value };
    if (rng() < 0.1) delete copy[key];
    else copy[key] = mutateJson(rng, value[key] ?? null, depth + 1);
    return copy;
  }
  return choose(rng, HOSTILE_VALUES);
}

function mutateBytes(rng: () => number, input: Buffer): { body: Buffer; mutation: string } {
  const bytes = Buffer.from(input);
  switch (int(rng, 6)) {
    case 0: {
      const flips = 1 + int(rng, 8);
      for (let i = 0; i < flips && bytes.length > 0; i += 1) {
        const at = int(rng, bytes.length);
        bytes[at] = (bytes[at] ?? 0) ^ (1 << int(rng, 8));
      }
      return { body: bytes, mutation: `flip ${flips} bits` };
    }
    case 1:
      return { body: bytes.subarray(0, int(rng, bytes.length)), mutation: 'truncate' };
    case 2: {
      const at = int(rng, bytes.length + 1);
      const junk = Buffer.from(Array.from({ length: 1 + int(rng, 16) }, () => int(rng, 256)));
      return {
        body: Buffer.concat([bytes.subarray(0, at), junk, bytes.subarray(at)]),
        mutation: 'insert junk',
      };
    }
    case 3: {
      const from = int(rng, bytes.length);
      const to = from + int(rng, bytes.length - from + 1);
      return {
        body: Buffer.concat([bytes, bytes.subarray(from, to)]),
        mutation: 'append duplicate slice',
      };
    }
    case 4: {
      const at = int(rng, bytes.length);
      return {
        body: Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + 1 + int(rng, 8))]),
        mutation: 'delete bytes',
      };
    }
    default:
      return {
        body: Buffer.from(Array.from({ length: int(rng, 512) }, () => int(rng, 256))),
        mutation: 'random bytes',
      };
  }
}

export function mutateBody(seed: number): MutatedBody {
  const rng = createRng(seed);
  const signal = choose(rng, SIGNALS);
  const encoding: OtlpEncoding = rng() < 0.5 ? 'protobuf' : 'json';
  const contentType = encoding === 'json' ? 'application/json' : 'application/x-protobuf';
  const seeded = seedFor(signal);
  if (rng() < 0.005) {
    const depth = 1000 + int(rng, 20_000);
    const body = encoding === 'json' ? deepJson(signal, depth) : deepProtobuf(depth);
    return {
      signal: encoding === 'json' ? signal : 'logs',
      encoding,
      contentType,
      body,
      mutation: `nested ${depth} deep`,
    };
  }
  if (encoding === 'json' && rng() < 0.6) {
    return {
      signal,
      encoding,
      contentType,
      body: jsonBody(mutateJson(rng, seeded.json)),
      mutation: 'json value swap',
    };
  }
  const { body, mutation } = mutateBytes(
    rng,
    encoding === 'json' ? jsonBody(seeded.json) : seeded.protobuf,
  );
  return { signal, encoding, contentType, body, mutation };
}
