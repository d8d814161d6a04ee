import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusedAddressReason } from './address-policy';
import { answer, startLocalTarget, type LocalTarget } from './local-target';
import { createSafeHttpClient, SafeHttpError } from './safe-http-client';
import { createSecretMasker, MASK } from './secret-mask';

/**
 * Tests only ever connect to 127.0.0.1. Non-loopback addresses are exercised through `check()`,
 * which resolves and refuses without opening a socket.
 */
describe('address policy', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'cloud metadata'],
    ['169.254.10.1', 'link-local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback'],
    ['::ffff:169.254.169.254', 'IPv4-mapped cloud metadata'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['fe80::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['fd00:ec2::254', 'cloud metadata'],
    ['ff02::1', 'multicast'],
  ])('refuses %s (%s)', (address, reason) => {
    expect(refusedAddressReason(address)).toBe(reason);
  });

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
  ])('allows public %s', (address) => {
    expect(refusedAddressReason(address)).toBeNull();
  });
});

describe('safe http client', () => {
  let target: LocalTarget;
  beforeAll(async () => {
    target = await startLocalTarget();
  });
  afterAll(() => target.close());

  const guarded = (allowlist: string[] = []) =>
    createSafeHttpClient({
      allowlist: () => allowlist,
      // `localhost` resolves to loopback; every other name would be a test bug.
      resolve: async (host) =>
        host === 'localhost'
          ? [{ address: '127.0.0.1', family: 4 }]
          : Promise.reject(new Error('no dns in tests')),
    });

  const hostile = [
    'http://127.1/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://0177.0.0.1/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::ffff:169.254.169.254]/',
    'http://10.0.0.1/',
    'http://100.64.0.1/',
    'http://localhost/',
  ];

  it.each(hostile)('check() refuses %s without an allowlist entry', async (url) => {
    const error = await guarded()
      .check(url)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SafeHttpError);
    expect((error as SafeHttpError).kind).toBe('refused');
  });

  it('refuses loopback spellings of the target before connecting', async () => {
    const before = target.connections();
    for (const host of [
      '127.1',
      '2130706433',
      '0x7f000001',
      '0177.0.0.1',
      '[::ffff:127.0.0.1]',
      'localhost',
    ]) {
      const error = await guarded()
        .request({
          method: 'GET',
          url: `http://${host}:${target.port}/`,
          headers: {},
          body: null,
          timeoutMs: 2_000,
        })
        .catch((e: unknown) => e);
      expect((error as SafeHttpError).kind).toBe('refused');
    }
    expect(target.connections()).toBe(before);
  });

  it('connects to an allowlisted host, by host or host:port', async () => {
    for (const entry of ['127.0.0.1', `127.0.0.1:${target.port}`]) {
      const response = await guarded([entry]).request({
        method: 'GET',
        url: `${target.origin}/x`,
        headers: {},
        body: null,
        timeoutMs: 2_000,
      });
      expect(response.status).toBe(200);
    }
    const wrongPort = await guarded(['127.0.0.1:1'])
      .check(`${target.origin}/`)
      .catch((e: unknown) => e);
    expect((wrongPort as SafeHttpError).kind).toBe('refused');
  });

  it('refuses a redirect to the metadata address without a second connection', async () => {
    target.setHandler((_req, res) => {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      res.end();
    });
    const before = target.connections();
    const error = await guarded(['127.0.0.1'])
      .request({
        method: 'GET',
        url: `${target.origin}/go`,
        headers: {},
        body: null,
        timeoutMs: 2_000,
      })
      .catch((e: unknown) => e);
    expect((error as SafeHttpError).kind).toBe('redirect_refused');
    expect(target.connections()).toBe(before + 1);
    target.setHandler(answer(200, 'ok'));
  });

  it('refuses other schemes and credentials in the URL', async () => {
    for (const url of [
      'file:///etc/passwd',
      'gopher://127.0.0.1/',
      'http://user:pw@example.com/',
      'not a url',
    ]) {
      const error = await guarded()
        .check(url)
        .catch((e: unknown) => e);
      expect((error as SafeHttpError).kind).toBe('invalid_url');
    }
  });

  it('times out a silent target', async () => {
    target.setHandler(() => undefined);
    const error = await guarded(['127.0.0.1'])
      .request({
        method: 'GET',
        url: `${target.origin}/hang`,
        headers: {},
        body: null,
        timeoutMs: 150,
      })
      .catch((e: unknown) => e);
    expect((error as SafeHttpError).kind).toBe('timeout');
    target.setHandler(answer(200, 'ok'));
  });
});

describe('secret masker', () => {
  it('masks raw, URL-encoded and JSON-escaped forms and secret-named headers', () => {
    const masker = createSecretMasker(['p@ss/"word"', 'ab']);
    expect(
      masker.text('x=p%40ss%2F%22word%22 and p@ss/"word" and {"v":"p@ss/\\"word\\""}'),
    ).not.toMatch(/p@ss|p%40ss|word/);
    expect(masker.headers({ Authorization: 'Bearer x', 'X-Trace': 'ab' })).toEqual({
      Authorization: MASK,
      'X-Trace': 'ab',
    });
  });
});
