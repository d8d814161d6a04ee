import { createSign } from 'node:crypto';

const base64url = (data: string | Buffer): string => Buffer.from(data).toString('base64url');

/** A compact JWS signed with RS256 (RSASSA-PKCS1-v1_5 over SHA-256), as Google's token endpoint expects. */
export function signJwtRs256(claims: Record<string, unknown>, privateKeyPem: string): string {
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const payload = base64url(JSON.stringify(claims));
  const signer = createSign('RSA-SHA256');
  signer.update(`${header}.${payload}`);
  return `${header}.${payload}.${signer.sign(privateKeyPem).toString('base64url')}`;
}
