import { describe, expect, it } from 'vitest';
import { type OtlpEncoding, type OtlpSignal, decodeOtlp } from './decode-otlp';
import {
  encodeProtobuf,
  jsonBody,
  logRecordJson,
  requestJson,
  spanJson,
} from './testing/otlp-samples';

/**
 * A guard against accidental slowdowns (a regex compiled per record, a JSON round trip in the hot
 * loop), not a benchmark: CPU time, best of several rounds, and a floor well under the product's
 * 50,000 records/s end-to-end goal so a busy CI machine does not flake. Decoding alone measures
 * roughly 100,000+ log records/s (attribute-heavy) and 250,000 spans/s on a 2-core box.
 */
const BATCH = 500;
const FLOOR = 25_000;

function bestRate(signal: OtlpSignal, body: Buffer, encoding: OtlpEncoding): number {
  let best = 0;
  for (let round = 0; round < 6; round += 1) {
    const start = process.cpuUsage();
    for (let i = 0; i < 10; i += 1) decodeOtlp(signal, body, encoding);
    const used = process.cpuUsage(start);
    best = Math.max(best, (10 * BATCH) / ((used.user + used.system) / 1e6));
  }
  return best;
}

describe('decode throughput', () => {
  const logs = requestJson(
    'logs',
    Array.from({ length: BATCH }, (_, i) =>
      logRecordJson(i, { body: { stringValue: `user ${i} logged in from 10.0.0.${i % 255}` } }),
    ),
  );
  const spans = requestJson(
    'traces',
    Array.from({ length: BATCH }, (_, i) => spanJson(i)),
  );

  it.each([
    ['logs', 'protobuf'],
    ['logs', 'json'],
    ['traces', 'protobuf'],
    ['traces', 'json'],
  ] as const)(`%s/%s decodes faster than ${FLOOR} records/s`, (signal, encoding) => {
    const request = signal === 'logs' ? logs : spans;
    const body = encoding === 'json' ? jsonBody(request) : encodeProtobuf(signal, request);
    expect(bestRate(signal, body, encoding)).toBeGreaterThan(FLOOR);
  });
});
