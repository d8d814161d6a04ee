import { describe, expect, it } from 'vitest';
import { otlpEncodingFor } from './content-type';

describe('otlpEncodingFor', () => {
  it.each([
    ['application/x-protobuf', 'protobuf'],
    ['application/protobuf', 'protobuf'],
    ['Application/X-Protobuf', 'protobuf'],
    ['application/json', 'json'],
    ['application/json; charset=utf-8', 'json'],
    [' APPLICATION/JSON ;charset=UTF-8', 'json'],
  ])('%s → %s', (header, encoding) => {
    expect(otlpEncodingFor(header)).toEqual({ ok: true, encoding });
  });

  it.each([
    undefined,
    '',
    'text/plain',
    'application/jsonx',
    'application/grpc',
    'multipart/form-data; boundary=x',
  ])('%s → 415', (header) => {
    const result = otlpEncodingFor(header);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.status).toBe(415);
      expect(result.message).toContain('application/x-protobuf or application/json');
    }
  });
});
