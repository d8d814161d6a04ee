import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { decodeOtlp } from '../ingest/otlp/decode-otlp';
import type { LogRecord } from '../ingest/records';
import { runIngestCommand } from './ingest-command';

interface Recorded {
  path: string;
  headers: IncomingMessage['headers'];
  records: LogRecord[];
  at: number;
}

type Reply = (res: ServerResponse, attempt: number) => void;
const ok: Reply = (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}');

let server: Server;
let url = '';
let recorded: Recorded[] = [];
let reply: Reply = ok;
const dir = mkdtempSync(join(tmpdir(), 'vigil-ingest-'));

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const body = req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
      const decoded = decodeOtlp('logs', body, 'json');
      recorded.push({
        path: req.url ?? '',
        headers: req.headers,
        records: decoded.ok ? decoded.records : [],
        at: Date.now(),
      });
      reply(res, recorded.length);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => {
  recorded = [];
  reply = ok;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

function capture(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { stream, text: () => text };
}

async function run(
  argv: string[],
  options: { stdin?: Readable; isTTY?: boolean; env?: NodeJS.ProcessEnv } = {},
) {
  const stdout = capture();
  const stderr = capture();
  const code = await runIngestCommand(argv, {
    stdout: stdout.stream,
    stderr: stderr.stream,
    stdin: options.stdin ?? Readable.from([]),
    isTTY: options.isTTY ?? false,
    env: options.env ?? {},
  });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

function writeLines(name: string, count: number, line: (i: number) => string): string {
  const path = join(dir, name);
  writeFileSync(path, Array.from({ length: count }, (_, i) => line(i)).join('\n'));
  return path;
}

describe('vigil ingest: batching and transport', () => {
  it('sends gzipped OTLP/JSON batches of --batch lines to /v1/logs', async () => {
    const file = writeLines(
      'app.log',
      1234,
      (i) => `2024-03-01T12:00:${String(i % 60).padStart(2, '0')}Z ERROR payments: failure ${i}`,
    );
    const { code, stdout, stderr } = await run([
      file,
      '--server',
      url,
      '--batch',
      '500',
      '--token',
      's3cret',
    ]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(recorded.map((r) => r.records.length)).toEqual([500, 500, 234]);
    for (const request of recorded) {
      expect(request.path).toBe('/v1/logs');
      expect(request.headers['content-encoding']).toBe('gzip');
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['authorization']).toBe('Bearer s3cret');
    }
    expect(recorded[0]?.records[0]).toMatchObject({
      component: 'payments',
      severityNumber: 17,
      body: 'failure 0',
      time: Date.UTC(2024, 2, 1, 12),
      attributes: { 'log.file.name': 'app.log' },
    });
    expect(recorded[2]?.records.at(-1)?.body).toBe('failure 1233');
    expect(stdout).toMatch(
      /^vigil ingest: sent 1,234 lines from 1 input in 3 batches \(\d+\.\d s, [\d,]+ lines\/s\)\n$/,
    );
  });

  it('takes the token from VIGIL_API_TOKEN, skips blank lines, names the file component by default', async () => {
    const file = writeLines('orders-service.log', 5, (i) => (i === 2 ? '   ' : `plain line ${i}`));
    const { code } = await run([file, '--server', url], { env: { VIGIL_API_TOKEN: 'from-env' } });
    expect(code).toBe(0);
    expect(recorded[0]?.headers['authorization']).toBe('Bearer from-env');
    expect(recorded[0]?.records.map((r) => [r.component, r.body])).toEqual([
      ['orders-service', 'plain line 0'],
      ['orders-service', 'plain line 1'],
      ['orders-service', 'plain line 3'],
      ['orders-service', 'plain line 4'],
    ]);
  });

  it('reads stdin for -, with --component overriding the line’s own component', async () => {
    const stdin = Readable.from([
      '2024-03-01T12:00:00Z WARN db-pool: ',
      'slow\n2024-03-01T12:00:01Z INFO ok\n',
    ]);
    const { code } = await run(['-', '--server', url, '--component', 'checkout'], { stdin });
    expect(code).toBe(0);
    expect(
      recorded[0]?.records.map((r) => [
        r.component,
        r.severityNumber,
        r.body,
        r.attributes['component'] ?? null,
      ]),
    ).toEqual([
      ['checkout', 13, 'slow', 'db-pool'],
      ['checkout', 9, 'ok', null],
    ]);
    expect(recorded[0]?.records[0]?.attributes['log.file.name']).toBe('-');
  });

  it('applies an explicit loghub --format', async () => {
    const file = writeLines(
      'hdfs.log',
      2,
      (i) =>
        `081109 20361${i} 148 INFO dfs.DataNode$PacketResponder: PacketResponder ${i} terminating`,
    );
    const { code } = await run([
      file,
      '--server',
      url,
      '--format',
      '<Date> <Time> <Pid> <Level> <Component>: <Content>',
    ]);
    expect(code).toBe(0);
    expect(recorded[0]?.records[1]).toMatchObject({
      component: 'dfs.DataNode$PacketResponder',
      body: 'PacketResponder 1 terminating',
      time: Date.UTC(2008, 10, 9, 20, 36, 11),
      attributes: { pid: '148' },
    });
  });
});

describe('vigil ingest: retries and failures', () => {
  it('retries a 429 after its Retry-After and succeeds', async () => {
    reply = (res, attempt) => {
      if (attempt === 1)
        res.writeHead(429, { 'retry-after': '1' }).end('{"code":8,"message":"slow down"}');
      else ok(res, attempt);
    };
    const file = writeLines('retry.log', 3, (i) => `line ${i}`);
    const { code } = await run([file, '--server', url]);
    expect(code).toBe(0);
    expect(recorded).toHaveLength(2);
    expect((recorded[1]?.at ?? 0) - (recorded[0]?.at ?? 0)).toBeGreaterThanOrEqual(950);
    expect(recorded[1]?.records).toHaveLength(3);
  });

  it('retries 503 with an HTTP-date Retry-After, then gives up after --retries', async () => {
    reply = (res) =>
      res
        .writeHead(503, { 'retry-after': new Date(Date.now() - 1000).toUTCString() })
        .end('{"message":"restarting"}');
    const { code, stderr } = await run([
      writeLines('down.log', 1, () => 'x'),
      '--server',
      url,
      '--retries',
      '2',
    ]);
    expect(code).toBe(1);
    expect(recorded).toHaveLength(3);
    expect(stderr).toContain('the server answered 503: restarting (gave up after 3 attempts)');
  });

  it('does not retry a 400 and prints the server’s message', async () => {
    reply = (res) =>
      res
        .writeHead(400, { 'content-type': 'application/json' })
        .end('{"code":3,"message":"bad body"}');
    const { code, stderr } = await run([writeLines('bad.log', 1, () => 'x'), '--server', url]);
    expect(code).toBe(1);
    expect(recorded).toHaveLength(1);
    expect(stderr).toContain('the server answered 400: bad body');
  });

  it('explains a refused token', async () => {
    reply = (res) => res.writeHead(401).end('{"message":"missing bearer token"}');
    const { code, stderr } = await run([writeLines('auth.log', 1, () => 'x'), '--server', url]);
    expect(code).toBe(1);
    expect(stderr).toContain(
      'refused the request (401): missing bearer token. Pass --token or set VIGIL_API_TOKEN',
    );
  });

  it('warns about records the server rejected, and still succeeds', async () => {
    reply = (res) =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(
          '{"partialSuccess":{"rejectedLogRecords":"1","errorMessage":"1 log record rejected: x"}}',
        );
    const { code, stderr } = await run([
      writeLines('partial.log', 2, (i) => `l${i}`),
      '--server',
      url,
    ]);
    expect(code).toBe(0);
    expect(stderr).toContain('warning: the server rejected 1 records: 1 log record rejected: x');
  });

  it('fails clearly when the server cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const { code, stderr } = await run([
      writeLines('x.log', 1, () => 'x'),
      '--server',
      `http://127.0.0.1:${port}`,
      '--retries',
      '0',
    ]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/cannot reach http:\/\/127\.0\.0\.1:\d+ \(.*ECONNREFUSED.*\)/);
  });
});

describe('vigil ingest: command line', () => {
  it.each([
    [[], 'name at least one FILE'],
    [['a.log', '--batch', '0'], '--batch must be a whole number between 1 and 100000'],
    [['a.log', '--batch', 'many'], '--batch must be'],
    [['a.log', '--server', 'ftp://x'], '--server must be an http(s) URL'],
    [['a.log', '--format', '<Date> <Level>'], '--format: the format has no <Content> field'],
    [['a.log', '--nope'], "Unknown option '--nope'"],
    [['-', '-'], 'stdin (-) can be read only once'],
  ])('%j is a usage error (exit 2)', async (argv, message) => {
    const { code, stderr } = await run(argv);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
    expect(stderr).toContain('Usage: vigil ingest');
    expect(recorded).toHaveLength(0);
  });

  it('a missing file fails (exit 1) before anything is sent', async () => {
    const { code, stderr } = await run([
      writeLines('present.log', 1, () => 'x'),
      join(dir, 'missing.log'),
      '--server',
      url,
    ]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/cannot read .*missing\.log: ENOENT/);
    expect(recorded).toHaveLength(0);
  });

  it('prints help', async () => {
    const { code, stdout } = await run(['--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('--format FORMAT');
  });

  it('draws a progress line on a terminal and clears it before the summary', async () => {
    const file = writeLines('tty.log', 3000, (i) => `line ${i}`);
    const { code, stdout } = await run([file, '--server', url], { isTTY: true });
    expect(code).toBe(0);
    const shown = stdout.replaceAll('\r\u001b[K', '<redraw>');
    expect(shown).toMatch(/<redraw>ingesting tty\.log: [\d,]+ lines, [\d,]+ lines\/s/);
    expect(shown).toMatch(/<redraw>vigil ingest: sent 3,000 lines/);
  });
});
