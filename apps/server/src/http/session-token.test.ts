import { describe, expect, it } from 'vitest';
import { createSessionTokens } from './session-token';

describe('session tokens', () => {
  const tokens = createSessionTokens('s3cret-api-token');
  const t0 = Date.UTC(2026, 5, 1);

  it('issues a token that verifies until it expires', () => {
    const { token, expiresAtMs } = tokens.issue(t0, 300);
    expect(expiresAtMs).toBe(t0 + 300_000);
    expect(tokens.verify(token, t0 + 299_000)).toBe(true);
    expect(tokens.verify(token, t0 + 300_000)).toBe(false);
  });

  it('refuses a tampered payload or signature', () => {
    const { token } = tokens.issue(t0, 300);
    const [head, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: 'console', exp: 9_999_999_999 })).toString(
      'base64url',
    );
    expect(tokens.verify(`${head}.${forged}.${signature}`, t0)).toBe(false);
    expect(tokens.verify(`${token}x`, t0)).toBe(false);
    expect(tokens.verify('not-a-jwt', t0)).toBe(false);
  });

  it('dies with a rotated API token', () => {
    const { token } = tokens.issue(t0, 300);
    expect(createSessionTokens('another-token').verify(token, t0)).toBe(false);
  });

  it('matches the API token exactly', () => {
    expect(tokens.matchesApiToken('s3cret-api-token')).toBe(true);
    expect(tokens.matchesApiToken('s3cret-api-toke')).toBe(false);
  });
});
