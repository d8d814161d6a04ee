import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';

/** Test helper: the certificate authority of a local Cloud SQL stand-in (node-forge, RSA 2048, SHA-256). */
export interface LocalCa {
  certPem: string;
  /** The instance's server certificate: CN `project:instance`, as Cloud SQL issues it. */
  server: { certPem: string; keyPem: string };
  /** Signs a client's public key (SPKI PEM) into a one-hour ephemeral certificate. */
  signClientKey(publicKeyPem: string, commonName: string): string;
}

const HOUR_MS = 3_600_000;

/** node:crypto generates the keys (forge's pure-JS RSA generation takes seconds). */
function keyPair(): { publicKey: forge.pki.PublicKey; privateKey: forge.pki.rsa.PrivateKey } {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });
  return {
    publicKey: forge.pki.publicKeyFromPem(publicKey),
    privateKey: forge.pki.privateKeyFromPem(privateKey),
  };
}
let serial = 1;

function certificate(
  publicKey: forge.pki.PublicKey,
  subject: string,
  issuer: forge.pki.Certificate | null,
  signingKey: forge.pki.rsa.PrivateKey,
): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = (serial++).toString(16).padStart(2, '0');
  cert.validity.notBefore = new Date(Date.now() - HOUR_MS);
  cert.validity.notAfter = new Date(Date.now() + HOUR_MS);
  cert.setSubject([{ name: 'commonName', value: subject }]);
  cert.setIssuer(issuer ? issuer.subject.attributes : [{ name: 'commonName', value: subject }]);
  cert.setExtensions(
    issuer
      ? [{ name: 'basicConstraints', cA: false }]
      : [
          { name: 'basicConstraints', cA: true },
          { name: 'keyUsage', keyCertSign: true, cRLSign: true },
        ],
  );
  cert.sign(signingKey, forge.md.sha256.create());
  return cert;
}

export function createLocalCa(instanceCommonName: string): LocalCa {
  const caKeys = keyPair();
  const ca = certificate(caKeys.publicKey, 'Local Cloud SQL Server CA', null, caKeys.privateKey);
  const serverKeys = keyPair();
  const server = certificate(serverKeys.publicKey, instanceCommonName, ca, caKeys.privateKey);
  return {
    certPem: forge.pki.certificateToPem(ca),
    server: {
      certPem: forge.pki.certificateToPem(server),
      keyPem: forge.pki.privateKeyToPem(serverKeys.privateKey),
    },
    signClientKey: (publicKeyPem, commonName) =>
      forge.pki.certificateToPem(
        certificate(forge.pki.publicKeyFromPem(publicKeyPem), commonName, ca, caKeys.privateKey),
      ),
  };
}
