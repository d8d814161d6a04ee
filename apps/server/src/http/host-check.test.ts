import { describe, expect, it } from 'vitest';
import { createHostAllowance } from './host-check';
import { hostName, isLoopbackHost } from './loopback';

describe('loopback and host names', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['[::1]', true],
    ['::ffff:127.0.0.1', true],
    ['localhost', true],
    ['app.localhost', true],
    ['0.0.0.0', false],
    ['10.0.0.1', false],
    ['example.com', false],
  ])('isLoopbackHost(%s) = %s', (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });

  it.each([
    ['localhost:8080', 'localhost'],
    ['[::1]:8080', '::1'],
    ['EXAMPLE.com', 'example.com'],
    ['127.0.0.1', '127.0.0.1'],
  ])('hostName(%s) = %s', (header, expected) => {
    expect(hostName(header)).toBe(expected);
  });
});

describe('host allowance (DNS rebinding)', () => {
  it('a loopback-bound server answers only loopback names and allowed ones', () => {
    const allowed = createHostAllowance({
      bindHost: '127.0.0.1',
      allowedHosts: ['vigil.internal'],
    });
    expect(allowed('127.0.0.1:8080')).toBe(true);
    expect(allowed('localhost:8080')).toBe(true);
    expect(allowed('vigil.internal')).toBe(true);
    expect(allowed('attacker.example:8080')).toBe(false);
    expect(allowed(undefined)).toBe(false);
  });

  it('a server bound elsewhere checks names only when some are configured', () => {
    expect(createHostAllowance({ bindHost: '0.0.0.0', allowedHosts: [] })('any.example')).toBe(
      true,
    );
    const strict = createHostAllowance({
      bindHost: '0.0.0.0',
      allowedHosts: ['vigil.example.com'],
    });
    expect(strict('vigil.example.com')).toBe(true);
    expect(strict('other.example.com')).toBe(false);
  });
});
