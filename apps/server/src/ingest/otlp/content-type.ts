import type { OtlpEncoding } from './decode-otlp';

export type ContentTypeResult =
  { ok: true; encoding: OtlpEncoding } | { ok: false; status: 415; message: string };

/**
 * OTLP/HTTP's two encodings by Content-Type, ignoring case and parameters (`; charset=utf-8`).
 * `application/protobuf` (the IANA-registered name some newer clients send) counts as protobuf.
 */
export function otlpEncodingFor(contentType: string | undefined): ContentTypeResult {
  const mediaType = (contentType ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
  if (mediaType === 'application/x-protobuf' || mediaType === 'application/protobuf') {
    return { ok: true, encoding: 'protobuf' };
  }
  if (mediaType === 'application/json') return { ok: true, encoding: 'json' };
  const shown =
    mediaType === ''
      ? 'no Content-Type'
      : `Content-Type ${JSON.stringify(mediaType.slice(0, 100))}`;
  return {
    ok: false,
    status: 415,
    message: `unsupported ${shown}: OTLP/HTTP accepts application/x-protobuf or application/json`,
  };
}
