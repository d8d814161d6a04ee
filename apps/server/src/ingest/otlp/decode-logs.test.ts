import { describe, expect, it } from 'vitest';
import type { LogRecord } from '../records';
import { decodeOtlp } from './decode-otlp';
import {
  type JsonObject,
  SPAN_ID,
  TRACE_ID,
  encodeProtobuf,
  jsonBody,
  logRecordJson,
  requestJson,
  sampleJson,
} from './testing/otlp-samples';

const NOW = Date.UTC(2026, 0, 1);
const now = (): number => NOW;

function decodeLogs(body: Buffer, encoding: 'json' | 'protobuf' = 'json') {
  return decodeOtlp('logs', body, encoding, { now });
}

function okLogs(
  body: Buffer,
  encoding: 'json' | 'protobuf' = 'json',
): { records: LogRecord[]; rejected: number; message: string | null } {
  const result = decodeLogs(body, encoding);
  if (!result.ok) throw new Error(`expected ok, got: ${result.message}`);
  return { records: result.records, rejected: result.rejected, message: result.rejectionMessage };
}

const single = (overrides: JsonObject, service?: string): Buffer =>
  jsonBody(requestJson('logs', [logRecordJson(0, overrides)], service));

describe('decodeOtlp logs: both encodings', () => {
  it.each(['json', 'protobuf'] as const)('normalises a %s request the same way', (encoding) => {
    const request = sampleJson('logs', 2);
    const body = encoding === 'json' ? jsonBody(request) : encodeProtobuf('logs', request);
    const { records, rejected } = okLogs(body, encoding);
    expect(rejected).toBe(0);
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({
      time: 1_700_000_000_123,
      observedTime: 1_700_000_000_124,
      severityNumber: 17,
      severityText: 'ERROR',
      body: 'payment 0 failed',
      component: 'checkout',
      resource: { 'service.name': 'checkout', 'host.name': 'node-1' },
      attributes: {
        'http.status_code': 500,
        retry: true,
        ratio: 0.5,
        'user.id': 'u1',
        'user.tier': 3,
        tags: '["a",2]',
        'otel.scope.name': 'app',
      },
      traceId: TRACE_ID,
      spanId: SPAN_ID,
    });
    expect(records[0]?.id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('gives the same ids to the same request in either encoding and on redelivery', () => {
    const request = sampleJson('logs', 3);
    const a = okLogs(jsonBody(request)).records.map((r) => r.id);
    const b = okLogs(encodeProtobuf('logs', request), 'protobuf').records.map((r) => r.id);
    const c = okLogs(jsonBody(request)).records.map((r) => r.id);
    expect(a).toEqual(b);
    expect(a).toEqual(c);
    expect(new Set(a).size).toBe(3);
  });

  it('gives different ids to identical records at different positions or resources', () => {
    const twin = logRecordJson(0);
    const ids = okLogs(jsonBody(requestJson('logs', [twin, twin]))).records.map((r) => r.id);
    expect(ids[0]).not.toBe(ids[1]);
    const other = okLogs(jsonBody(requestJson('logs', [twin], 'billing'))).records[0]?.id;
    expect(other).not.toBe(ids[0]);
  });
});

describe('decodeOtlp logs: JSON leniency', () => {
  it('accepts snake_case names, enum names, int64 as numbers and unknown fields', () => {
    const body = jsonBody({
      resource_logs: [
        {
          resource: { attributes: [{ key: 'service.name', value: { string_value: 'cart' } }] },
          scope_logs: [
            {
              log_records: [
                {
                  time_unix_nano: 1_700_000_000_000_000_000,
                  severity_number: 'SEVERITY_NUMBER_WARN2',
                  body: { string_value: 'slow' },
                  trace_id: TRACE_ID.toUpperCase(),
                  span_id: SPAN_ID,
                  somethingNew: { nested: true },
                },
              ],
            },
          ],
        },
      ],
      extension: 1,
    });
    const [record] = okLogs(body).records;
    expect(record).toMatchObject({
      component: 'cart',
      time: 1_700_000_000_000,
      severityNumber: 14,
      severityText: 'WARN2',
      body: 'slow',
      traceId: TRACE_ID,
    });
  });

  it.each([
    [{ severityNumber: 9, severityText: '' }, 9, 'INFO'],
    [{ severityNumber: 0, severityText: 'warning' }, 13, 'warning'],
    [{ severityNumber: 21 }, 21, 'FATAL'],
    [{ severityNumber: 99, severityText: 'fatal' }, 21, 'fatal'],
    [{ severityNumber: 0, severityText: '' }, 0, ''],
    [{ severityNumber: 'ERROR', severityText: '' }, 17, 'ERROR'],
  ])('severity %j → %i %s', (overrides, number, text) => {
    const [record] = okLogs(single({ severityText: '', ...overrides })).records;
    expect(record?.severityNumber).toBe(number);
    expect(record?.severityText).toBe(text);
  });

  it('falls back from time to observed time to now', () => {
    expect(okLogs(single({ timeUnixNano: '0' })).records[0]?.time).toBe(1_700_000_000_124);
    const neither = okLogs(single({ timeUnixNano: '0', observedTimeUnixNano: '0' })).records[0];
    expect(neither?.time).toBe(NOW);
    expect(neither?.observedTime).toBe(NOW);
  });

  it('renders bodies of every AnyValue kind as text', () => {
    const bodies: Array<[JsonObject | null, string]> = [
      [{ intValue: '-42' }, '-42'],
      [{ doubleValue: 1.25 }, '1.25'],
      [{ boolValue: false }, 'false'],
      [{ bytesValue: Buffer.from('hi').toString('base64') }, 'aGk='],
      [
        {
          kvlistValue: {
            values: [
              { key: 'a', value: { intValue: 1 } },
              { key: 'b', value: { arrayValue: { values: [{ stringValue: 'x' }] } } },
            ],
          },
        },
        '{"a":1,"b":["x"]}',
      ],
      [{}, ''],
      [null, ''],
    ];
    for (const [body, text] of bodies) expect(okLogs(single({ body })).records[0]?.body).toBe(text);
  });

  it('uses unknown_service when the resource has no service.name', () => {
    const body = jsonBody({ resourceLogs: [{ scopeLogs: [{ logRecords: [logRecordJson(0)] }] }] });
    expect(okLogs(body).records[0]?.component).toBe('unknown_service');
  });

  it('pulls a trace id out of the body or attributes when the record has none', () => {
    const traceparent = `GET /x traceparent: 00-${TRACE_ID}-${SPAN_ID}-01`;
    const fromBody = okLogs(single({ traceId: '', spanId: '', body: { stringValue: traceparent } }))
      .records[0];
    expect(fromBody).toMatchObject({ traceId: TRACE_ID, spanId: SPAN_ID });
    const fromAttribute = okLogs(
      single({
        traceId: '',
        spanId: '',
        attributes: [{ key: 'trace_id', value: { stringValue: TRACE_ID } }],
      }),
    ).records[0];
    expect(fromAttribute?.traceId).toBe(TRACE_ID);
    const none = okLogs(single({ traceId: '', spanId: '', body: { stringValue: 'nothing here' } }))
      .records[0];
    expect(none).toMatchObject({ traceId: null, spanId: null });
  });

  it('treats all-zero ids as no trace context', () => {
    const record = okLogs(single({ traceId: '0'.repeat(32), spanId: '0'.repeat(16) })).records[0];
    expect(record).toMatchObject({ traceId: null, spanId: null });
  });

  it('accepts base64 ids from generic protobuf JSON encoders', () => {
    const record = okLogs(
      single({
        traceId: Buffer.from(TRACE_ID, 'hex').toString('base64'),
        spanId: Buffer.from(SPAN_ID, 'hex').toString('base64'),
      }),
    ).records[0];
    expect(record).toMatchObject({ traceId: TRACE_ID, spanId: SPAN_ID });
  });

  it('truncates a huge body and attribute instead of refusing or storing them whole', () => {
    const huge = 'z'.repeat(8 * 1024 * 1024);
    const request = requestJson('logs', [
      logRecordJson(0, {
        body: { stringValue: huge },
        attributes: [{ key: 'blob', value: { stringValue: huge } }],
      }),
    ]);
    for (const encoding of ['json', 'protobuf'] as const) {
      const wire = encoding === 'json' ? jsonBody(request) : encodeProtobuf('logs', request);
      const [record] = okLogs(wire, encoding).records;
      expect(record?.body.length).toBeLessThan(70_000);
      expect(String(record?.attributes['blob']).length).toBeLessThan(17_000);
    }
  });

  it('keeps a __proto__ attribute as data without touching prototypes', () => {
    const record = okLogs(
      single({ attributes: [{ key: '__proto__', value: { stringValue: 'x' } }] }),
    ).records[0];
    expect(Object.getPrototypeOf(record?.attributes)).toBe(Object.prototype);
    expect(Object.hasOwn(record?.attributes ?? {}, '__proto__')).toBe(true);
  });
});

describe('decodeOtlp logs: partial success', () => {
  it.each([
    [{ traceId: 'abc' }, 'traceId'],
    [{ traceId: 'g'.repeat(32) }, 'traceId'],
    [{ spanId: 'eee19b7ec3c1b1' }, 'spanId'],
    [{ timeUnixNano: 'yesterday' }, 'timeUnixNano'],
    [{ timeUnixNano: -5 }, 'timeUnixNano'],
    [{ timeUnixNano: 1.5 }, 'timeUnixNano'],
    [{ timeUnixNano: '99999999999999999999' }, 'timeUnixNano'],
    [{ observedTimeUnixNano: {} }, 'observedTimeUnixNano'],
    [{ attributes: 'a=b' }, 'attributes'],
  ])('rejects %j and keeps the rest', (overrides, field) => {
    const body = jsonBody(
      requestJson('logs', [logRecordJson(0), logRecordJson(1, overrides), logRecordJson(2)]),
    );
    const { records, rejected, message } = okLogs(body);
    expect(records.map((r) => r.body)).toEqual(['payment 0 failed', 'payment 2 failed']);
    expect(rejected).toBe(1);
    expect(message).toContain(`resourceLogs[0].scopeLogs[0].logRecords[1].${field}`);
    expect(message).toMatch(/^1 log record rejected: /);
  });

  it('counts every rejection and spells out the first few', () => {
    const bad = Array.from({ length: 5 }, (_, i) => logRecordJson(i, { traceId: 'nope' }));
    const { records, rejected, message } = okLogs(
      jsonBody(requestJson('logs', [...bad, 7, logRecordJson(9)])),
    );
    expect(records).toHaveLength(1);
    expect(rejected).toBe(6);
    expect(message).toMatch(/^6 log records rejected: .*; and 3 more$/);
  });

  it('rejects a wrong-length trace id in protobuf too', () => {
    const body = encodeProtobuf(
      'logs',
      requestJson('logs', [logRecordJson(0, { traceId: 'abcd' }), logRecordJson(1)]),
    );
    const { records, rejected } = okLogs(body, 'protobuf');
    expect(records).toHaveLength(1);
    expect(rejected).toBe(1);
  });
});

describe('decodeOtlp logs: undecodable bodies', () => {
  it.each([
    ['garbage', Buffer.from('not json at all')],
    ['empty', Buffer.alloc(0)],
    ['a JSON array', Buffer.from('[]')],
    ['a JSON string', Buffer.from('"x"')],
    ['resourceLogs as a string', jsonBody({ resourceLogs: 'x' })],
    ['a resource that is a number', jsonBody({ resourceLogs: [1] })],
    ['scopeLogs as an object', jsonBody({ resourceLogs: [{ scopeLogs: {} }] })],
    ['logRecords as a number', jsonBody({ resourceLogs: [{ scopeLogs: [{ logRecords: 3 }] }] })],
  ])('JSON: %s is ok:false with a message', (_, body) => {
    const result = decodeLogs(body);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/^invalid (JSON )?OTLP logs request: /);
  });

  it('names the broken path', () => {
    const result = decodeLogs(jsonBody({ resourceLogs: [{ scopeLogs: [{ logRecords: 3 }] }] }));
    expect(result).toEqual({
      ok: false,
      message:
        'invalid OTLP logs request: resourceLogs[0].scopeLogs[0].logRecords must be an array',
    });
  });

  it('accepts an empty JSON object and a BOM', () => {
    expect(okLogs(Buffer.from('{}')).records).toEqual([]);
    expect(okLogs(Buffer.from('\ufeff{"resourceLogs":[]}')).records).toEqual([]);
  });

  it('protobuf: an empty body is an empty request; garbage and truncation are ok:false', () => {
    expect(okLogs(Buffer.alloc(0), 'protobuf').records).toEqual([]);
    const valid = encodeProtobuf('logs', sampleJson('logs', 2));
    for (let cut = 1; cut < valid.length; cut += 7) {
      const result = decodeLogs(valid.subarray(0, cut), 'protobuf');
      if (!result.ok) expect(result.message).toMatch(/^invalid protobuf OTLP logs request: /);
    }
    const garbage = decodeLogs(Buffer.from([0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f, 0x01]), 'protobuf');
    expect(garbage.ok).toBe(false);
  });
});
