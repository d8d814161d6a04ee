import {
  ProtobufLogsSerializer,
  ProtobufMetricsSerializer,
  ProtobufTraceSerializer,
} from '@opentelemetry/otlp-transformer';
import { describe, expect, it } from 'vitest';
import { RpcCode, encodeExportResponse, encodeStatus } from './encode-response';
import { otlpTypes } from './proto/otlp-root';

describe('encodeExportResponse', () => {
  it('leaves partial_success unset on full success', () => {
    expect(encodeExportResponse('logs', 'json').body.toString()).toBe('{}');
    expect(
      encodeExportResponse('logs', 'json', { rejected: 0, message: null }).body.toString(),
    ).toBe('{}');
    const proto = encodeExportResponse('traces', 'protobuf');
    expect(proto).toEqual({ contentType: 'application/x-protobuf', body: Buffer.alloc(0) });
  });

  it.each([
    ['logs', 'rejectedLogRecords'],
    ['traces', 'rejectedSpans'],
    ['metrics', 'rejectedDataPoints'],
  ] as const)('JSON %s partial success uses %s as an int64 string', (signal, field) => {
    const answer = encodeExportResponse(signal, 'json', { rejected: 3, message: 'bad ids' });
    expect(answer.contentType).toBe('application/json');
    expect(JSON.parse(answer.body.toString())).toEqual({
      partialSuccess: { [field]: '3', errorMessage: 'bad ids' },
    });
  });

  it('protobuf partial success is read back by the official SDK deserializers', () => {
    const logs = ProtobufLogsSerializer.deserializeResponse(
      encodeExportResponse('logs', 'protobuf', { rejected: 2, message: 'x' }).body,
    );
    expect(logs.partialSuccess).toMatchObject({ errorMessage: 'x' });
    expect(Number(logs.partialSuccess?.rejectedLogRecords)).toBe(2);
    const spans = ProtobufTraceSerializer.deserializeResponse(
      encodeExportResponse('traces', 'protobuf', { rejected: 5, message: 'y' }).body,
    );
    expect(Number(spans.partialSuccess?.rejectedSpans)).toBe(5);
    const points = ProtobufMetricsSerializer.deserializeResponse(
      encodeExportResponse('metrics', 'protobuf', { rejected: 1, message: 'z' }).body,
    );
    expect(Number(points.partialSuccess?.rejectedDataPoints)).toBe(1);
  });
});

describe('encodeStatus', () => {
  it('encodes a google.rpc.Status in JSON', () => {
    const answer = encodeStatus('json', RpcCode.INVALID_ARGUMENT, 'bad body');
    expect(answer.contentType).toBe('application/json');
    expect(JSON.parse(answer.body.toString())).toEqual({
      code: 3,
      message: 'bad body',
      details: [],
    });
  });

  it('encodes a google.rpc.Status in protobuf (code=1, message=2)', () => {
    const answer = encodeStatus('protobuf', RpcCode.UNAVAILABLE, 'busy');
    expect(answer.contentType).toBe('application/x-protobuf');
    // Field 1 varint 14, field 2 length-delimited "busy": checks the wire numbers, not just our own round trip.
    expect([...answer.body]).toEqual([0x08, 14, 0x12, 4, ...Buffer.from('busy')]);
    const decoded = otlpTypes.status.toObject(otlpTypes.status.decode(answer.body));
    expect(decoded).toEqual({ code: 14, message: 'busy' });
  });
});
