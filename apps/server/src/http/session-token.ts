import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Console session tokens: compact HS256 JWTs signed with a key derived from the API token, so
 * they survive a restart and all die when the API token is rotated.
 */
export interface SessionTokens {
  issue(nowMs: number, expirySeconds: number): { token: string; expiresAtMs: number };
  verify(token: string, nowMs: number): boolean;
  matchesApiToken(candidate: string): boolean;
}

const base64url = (input: Buffer | string): string => Buffer.from(input).toString('base64url');

function safeEqual(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right);
}

export function createSessionTokens(apiToken: string): SessionTokens {
  const key = createHash('sha256').update(`vigil-session:${apiToken}`).digest();
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const sign = (data: string): string => createHmac('sha256', key).update(data).digest('base64url');

  return {
    issue(nowMs, expirySeconds) {
      const expiresAtMs = nowMs + expirySeconds * 1000;
      const payload = base64url(
        JSON.stringify({
          sub: 'console',
          iat: Math.floor(nowMs / 1000),
          exp: Math.floor(expiresAtMs / 1000),
        }),
      );
      const unsigned = `${header}.${payload}`;
      return { token: `${unsigned}.${sign(unsigned)}`, expiresAtMs };
    },
    verify(token, nowMs) {
      const parts = token.split('.');
      if (parts.length !== 3) return false;
      const [head, payload, signature] = parts as [string, string, string];
      if (head !== header || !safeEqual(sign(`${head}.${payload}`), signature)) return false;
      try {
        const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
        if (typeof claims !== 'object' || claims === null || !('exp' in claims)) return false;
        const exp = (claims as { exp: unknown }).exp;
        return typeof exp === 'number' && exp * 1000 > nowMs;
      } catch {
        return false;
      }
    },
    matchesApiToken: (candidate) => safeEqual(candidate, apiToken),
  };
}
