import type { Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate, createInflateRaw } from 'node:zlib';

export type BodyResult =
  { ok: true; body: Buffer } | { ok: false; status: 400 | 413 | 415; message: string };

export interface ReadBodyOptions {
  /** The Content-Encoding header: identity (or absent), gzip, x-gzip, deflate or br. */
  encoding?: string | undefined;
  /** The most bytes accepted, counted both on the wire and after inflating. */
  maxBytes: number;
}

/** Output chunk size: the most a decoder produces before we get to count it. */
const INFLATE_CHUNK = 16 * 1024;
/** Slice fed to the decoder from an in-memory body, so counting happens between small steps. */
const FEED_SLICE = 64 * 1024;

type Coding = 'identity' | 'gzip' | 'deflate' | 'br';

function parseCoding(header: string | undefined): Coding | { error: string } {
  const codings = (header ?? '')
    .toLowerCase()
    .split(',')
    .map((token) => token.trim())
    .filter((token) => token !== '' && token !== 'identity');
  if (codings.length === 0) return 'identity';
  if (codings.length > 1)
    return { error: `stacked Content-Encoding "${codings.join(', ')}" is not supported` };
  const [coding = ''] = codings;
  if (coding === 'gzip' || coding === 'x-gzip') return 'gzip';
  if (coding === 'deflate' || coding === 'br') return coding;
  return {
    error: `unsupported Content-Encoding "${coding.slice(0, 50)}": use gzip, deflate, br or identity`,
  };
}

/** HTTP "deflate" is zlib-wrapped by the RFC, but some clients send raw deflate: the header tells. */
function deflateDecoder(first: Buffer): Transform {
  const b0 = first[0] ?? 0;
  const b1 = first[1] ?? 0;
  const zlibWrapped = (b0 & 0x0f) === 8 && ((b0 << 8) | b1) % 31 === 0;
  return zlibWrapped
    ? createInflate({ chunkSize: INFLATE_CHUNK })
    : createInflateRaw({ chunkSize: INFLATE_CHUNK });
}

function createDecoder(coding: Exclude<Coding, 'identity'>, first: Buffer): Transform {
  if (coding === 'gzip') return createGunzip({ chunkSize: INFLATE_CHUNK });
  if (coding === 'br') return createBrotliDecompress({ chunkSize: INFLATE_CHUNK });
  return deflateDecoder(first);
}

const tooLarge = (maxBytes: number, inflated: boolean): BodyResult => ({
  ok: false,
  status: 413,
  message: `request body exceeds ${maxBytes} bytes${inflated ? ' once decompressed' : ''}`,
});

/**
 * Reads a request body, inflating it while counting, and gives up the moment either the wire size
 * or the inflated size passes `maxBytes`: a gzip bomb is stopped after at most one small output
 * chunk past the limit, never inflated in full. On failure a stream source is left paused and
 * detached; the caller answers and closes the connection.
 */
export function readBoundedBody(
  source: NodeJS.ReadableStream | Buffer,
  options: ReadBodyOptions,
): Promise<BodyResult> {
  const coding = parseCoding(options.encoding);
  if (typeof coding === 'object')
    return Promise.resolve({ ok: false, status: 415, message: coding.error });
  return new Promise<BodyResult>((resolve) => {
    const sink = new BoundedSink(coding, options.maxBytes, resolve);
    if (Buffer.isBuffer(source)) feedBuffer(source, sink);
    else feedStream(source, sink);
  });
}

interface Sink {
  /** Returns false when the caller should wait for `onDrain` before writing more. */
  write(chunk: Buffer): boolean;
  end(): void;
  fail(result: BodyResult): void;
  onDrain(resume: () => void): void;
  readonly done: boolean;
}

/** Collects the body, through a decoder when compressed, and settles once: body, or the first failure. */
class BoundedSink implements Sink {
  private readonly chunks: Buffer[] = [];
  private wireBytes = 0;
  private bodyBytes = 0;
  private settled = false;
  private decoder: Transform | null = null;

  constructor(
    private readonly coding: Coding,
    private readonly maxBytes: number,
    private readonly resolve: (result: BodyResult) => void,
  ) {}

  get done(): boolean {
    return this.settled;
  }

  write(chunk: Buffer): boolean {
    if (this.settled) return true;
    this.wireBytes += chunk.length;
    if (this.wireBytes > this.maxBytes) {
      this.fail(tooLarge(this.maxBytes, false));
      return true;
    }
    if (this.coding === 'identity') {
      this.collect(chunk, false);
      return true;
    }
    this.decoder ??= this.startDecoder(this.coding, chunk);
    return this.decoder.write(chunk);
  }

  end(): void {
    if (this.settled) return;
    if (this.coding === 'identity') return this.succeed();
    // An empty compressed body is not a valid gzip/deflate stream; the decoder reports it.
    (this.decoder ??= this.startDecoder(this.coding, Buffer.alloc(0))).end();
  }

  fail(result: BodyResult): void {
    if (this.settled) return;
    this.settled = true;
    this.decoder?.destroy(); // stops zlib between output chunks, mid-inflate
    this.chunks.length = 0;
    this.resolve(result);
  }

  onDrain(resume: () => void): void {
    if (this.decoder === null) resume();
    else this.decoder.once('drain', resume);
  }

  private succeed(): void {
    const body = Buffer.concat(this.chunks, this.bodyBytes);
    this.settled = true;
    this.chunks.length = 0;
    this.resolve({ ok: true, body });
  }

  private collect(chunk: Buffer, inflated: boolean): void {
    this.bodyBytes += chunk.length;
    if (this.bodyBytes > this.maxBytes) this.fail(tooLarge(this.maxBytes, inflated));
    else this.chunks.push(chunk);
  }

  private startDecoder(coding: Exclude<Coding, 'identity'>, first: Buffer): Transform {
    const decoder = createDecoder(coding, first);
    decoder.on('data', (chunk: Buffer) => this.collect(chunk, true));
    decoder.on('error', (error: Error) =>
      this.fail({ ok: false, status: 400, message: `invalid ${coding} body: ${error.message}` }),
    );
    decoder.on('end', () => {
      if (!this.settled) this.succeed();
    });
    return decoder;
  }
}

function feedBuffer(body: Buffer, sink: Sink): void {
  let offset = 0;
  const pump = (): void => {
    while (!sink.done && offset < body.length) {
      const slice = body.subarray(offset, offset + FEED_SLICE);
      offset += slice.length;
      if (!sink.write(slice)) return sink.onDrain(pump);
    }
    if (!sink.done) sink.end();
  };
  pump();
}

function feedStream(stream: NodeJS.ReadableStream, sink: Sink): void {
  let ended = false;
  const detach = (): void => {
    stream.removeListener('data', onData);
    stream.removeListener('end', onEnd);
    stream.removeListener('error', onError);
    stream.removeListener('close', onClose);
  };
  const onData = (chunk: Buffer | string): void => {
    const ok = sink.write(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    if (sink.done) {
      detach();
      stream.pause();
    } else if (!ok) {
      stream.pause();
      sink.onDrain(() => stream.resume());
    }
  };
  const onEnd = (): void => {
    ended = true;
    detach();
    sink.end();
  };
  const onError = (error: Error): void => {
    detach();
    sink.fail({
      ok: false,
      status: 400,
      message: `request body could not be read: ${error.message}`,
    });
  };
  // A client that hangs up mid-body closes the stream without 'end'.
  const onClose = (): void => {
    if (!ended) onError(new Error('the connection closed before the body was complete'));
  };
  stream.on('data', onData);
  stream.on('end', onEnd);
  stream.on('error', onError);
  stream.on('close', onClose);
  stream.resume();
}
