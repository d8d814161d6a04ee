import type { OtlpEncoding, OtlpSignal } from './decode-otlp';
import { otlpTypes } from './proto/otlp-root';

/** An answer body ready to send: the bytes and the content type that goes with them. */
export interface EncodedBody {
  contentType: 'application/x-protobuf' | 'application/json';
  body: Buffer;
}

export interface PartialSuccess {
  rejected: number;
  message: string | null;
}

const RESPONSE = {
  logs: { type: otlpTypes.logsResponse, countField: 'rejectedLogRecords' },
  traces: { type: otlpTypes.tracesResponse, countField: 'rejectedSpans' },
  metrics: { type: otlpTypes.metricsResponse, countField: 'rejectedDataPoints' },
} as const;

const CONTENT_TYPE = { protobuf: 'application/x-protobuf', json: 'application/json' } as const;

/**
 * The Export*ServiceResponse for a handled request. Per OTLP/HTTP, `partial_success` stays unset
 * when everything was accepted; otherwise it carries the rejected count and the reason.
 * JSON renders int64 as a decimal string, as the protobuf JSON mapping does.
 */
export function encodeExportResponse(
  signal: OtlpSignal,
  encoding: OtlpEncoding,
  partial?: PartialSuccess | null,
): EncodedBody {
  const { type, countField } = RESPONSE[signal];
  const hasPartial = partial != null && (partial.rejected > 0 || (partial.message ?? '') !== '');
  if (encoding === 'json') {
    const payload = hasPartial
      ? {
          partialSuccess: {
            [countField]: String(partial.rejected),
            errorMessage: partial.message ?? '',
          },
        }
      : {};
    return { contentType: CONTENT_TYPE.json, body: Buffer.from(JSON.stringify(payload)) };
  }
  const message = hasPartial
    ? type.fromObject({
        partialSuccess: { [countField]: partial.rejected, errorMessage: partial.message ?? '' },
      })
    : type.create({});
  return { contentType: CONTENT_TYPE.protobuf, body: toBuffer(type.encode(message).finish()) };
}

/** gRPC status codes used in OTLP/HTTP error bodies. */
export const RpcCode = {
  INVALID_ARGUMENT: 3,
  RESOURCE_EXHAUSTED: 8,
  UNIMPLEMENTED: 12,
  INTERNAL: 13,
  UNAVAILABLE: 14,
  UNAUTHENTICATED: 16,
} as const;

/** A `google.rpc.Status` error body in the request's encoding (OTLP/HTTP failure answers). */
export function encodeStatus(encoding: OtlpEncoding, code: number, message: string): EncodedBody {
  if (encoding === 'json') {
    return {
      contentType: CONTENT_TYPE.json,
      body: Buffer.from(JSON.stringify({ code, message, details: [] })),
    };
  }
  const status = otlpTypes.status.fromObject({ code, message });
  return {
    contentType: CONTENT_TYPE.protobuf,
    body: toBuffer(otlpTypes.status.encode(status).finish()),
  };
}

const toBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
