import { PassThrough, Readable } from 'node:stream';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readBoundedBody } from './body-reader';

const MiB = 1024 * 1024;
const payload = Buffer.from('{"resourceLogs":[]}'.repeat(100));

/** A stream that hands out `body` in small chunks, like a socket would. */
const chunked = (body: Buffer, size = 8 * 1024): Readable =>
  Readable.from(
    (function* () {
      for (let i = 0; i < body.length; i += size) yield body.subarray(i, i + size);
    })(),
  );

describe('readBoundedBody: encodings', () => {
  it.each([
    ['identity', (b: Buffer) => b],
    [undefined, (b: Buffer) => b],
    ['gzip', gzipSync],
    ['x-gzip', gzipSync],
    ['GZIP', gzipSync],
    ['deflate', deflateSync],
    ['deflate', deflateRawSync],
    ['br', brotliCompressSync],
    ['gzip, identity', gzipSync],
  ])('%s (buffer and stream)', async (encoding, encode) => {
    const wire = encode(payload);
    expect(await readBoundedBody(wire, { encoding, maxBytes: MiB })).toEqual({
      ok: true,
      body: payload,
    });
    expect(await readBoundedBody(chunked(wire, 100), { encoding, maxBytes: MiB })).toEqual({
      ok: true,
      body: payload,
    });
  });

  it.each(['compress', 'zstd', 'gzip, br', 'x'.repeat(500)])(
    'refuses Content-Encoding %s with 415',
    async (encoding) => {
      const result = await readBoundedBody(payload, { encoding, maxBytes: MiB });
      expect(result).toMatchObject({ ok: false, status: 415 });
    },
  );

  it('reports corrupt or truncated compressed bodies as 400', async () => {
    const wire = gzipSync(payload);
    for (const body of [
      wire.subarray(0, wire.length - 10),
      Buffer.from('definitely not gzip'),
      Buffer.alloc(0),
    ]) {
      const result = await readBoundedBody(body, { encoding: 'gzip', maxBytes: MiB });
      expect(result).toMatchObject({ ok: false, status: 400 });
    }
  });
});

describe('readBoundedBody: limits', () => {
  it('accepts exactly maxBytes and refuses one more', async () => {
    const body = Buffer.alloc(1000, 1);
    expect(await readBoundedBody(body, { maxBytes: 1000 })).toMatchObject({ ok: true });
    expect(await readBoundedBody(body, { maxBytes: 999 })).toMatchObject({
      ok: false,
      status: 413,
    });
    expect(await readBoundedBody(chunked(body, 10), { maxBytes: 999 })).toMatchObject({
      ok: false,
      status: 413,
    });
  });

  it('counts the inflated size, not the wire size', async () => {
    const wire = gzipSync(Buffer.alloc(2 * MiB));
    expect(wire.length).toBeLessThan(64 * 1024);
    const result = await readBoundedBody(wire, { encoding: 'gzip', maxBytes: MiB });
    expect(result).toMatchObject({ ok: false, status: 413 });
    if (!result.ok) expect(result.message).toContain('once decompressed');
  });

  it('stops a 1 GiB gzip bomb while inflating, quickly and in little memory', async () => {
    // gzip members concatenate: 64 copies of 16 MiB of zeros inflate to 1 GiB from ~1 MB on the wire.
    const member = gzipSync(Buffer.alloc(16 * MiB), { level: 9 });
    const bomb = Buffer.concat(Array.from({ length: 64 }, () => member));
    expect(bomb.length).toBeLessThan(2 * MiB);
    for (const source of [bomb, chunked(bomb, 64 * 1024)]) {
      const baseline = process.memoryUsage().rss;
      let peak = baseline;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 2);
      const started = performance.now();
      const result = await readBoundedBody(source, { encoding: 'gzip', maxBytes: 8 * MiB });
      const elapsed = performance.now() - started;
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      expect(result).toMatchObject({ ok: false, status: 413 });
      expect(elapsed).toBeLessThan(1000); // stopping early takes tens of ms; inflating the whole GiB, seconds
      expect(peak - baseline).toBeLessThan(128 * MiB);
    }
  });
});

describe('readBoundedBody: broken streams', () => {
  it('reports a stream error as 400', async () => {
    const stream = new PassThrough();
    const pending = readBoundedBody(stream, { maxBytes: MiB });
    stream.write('partial');
    stream.destroy(new Error('ECONNRESET'));
    expect(await pending).toMatchObject({
      ok: false,
      status: 400,
      message: expect.stringContaining('ECONNRESET'),
    });
  });

  it('reports a stream closed before its end as 400', async () => {
    const stream = new PassThrough();
    const pending = readBoundedBody(stream, { encoding: 'gzip', maxBytes: MiB });
    stream.write(gzipSync(payload).subarray(0, 20));
    stream.destroy();
    expect(await pending).toMatchObject({ ok: false, status: 400 });
  });

  it('leaves the stream paused and detached after a 413', async () => {
    const stream = new PassThrough();
    const pending = readBoundedBody(stream, { maxBytes: 10 });
    stream.write(Buffer.alloc(11));
    expect(await pending).toMatchObject({ ok: false, status: 413 });
    expect(stream.listenerCount('data')).toBe(0);
    expect(stream.isPaused()).toBe(true);
  });
});
