import { createPrivateKey, createPublicKey, hkdfSync, type KeyObject, sign } from 'node:crypto';
import { type LedgerPublicKey, PUBLIC_KEY_FORMAT } from '../../domain/verifiable/formats.ts';
import { keyIdOf } from '../../domain/verifiable/verify.ts';

/**
 * The ledger's Ed25519 signing key, held in memory only (docs/architecture/verifiable-ledger.md): it signs
 * digests and liabilities statements, and derives the secret behind the liability leaves' nonces. It never
 * enters the database, the log, a log line or a response; only its public half is published.
 */
export interface LedgerSigner {
  readonly keyId: string;
  readonly publicKey: LedgerPublicKey;
  /** Ed25519 signature of `message`, base64. */
  sign(message: Uint8Array): string;
  /** A 32-byte secret for `label`, derived from the private key (HKDF-SHA256): stable for the key's life. */
  deriveSecret(label: string): Buffer;
}

/** A signer from a PEM (PKCS#8) Ed25519 private key; throws with a plain message for anything else. */
export function signerFromPem(pem: string, source: string): LedgerSigner {
  let key: KeyObject;
  try {
    key = createPrivateKey(pem);
  } catch {
    throw new Error(`${source} is not a PEM private key`);
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`${source} is not an Ed25519 key`);
  return signerFromKey(key);
}

export function signerFromKey(privateKey: KeyObject): LedgerSigner {
  const publicKey = createPublicKey(privateKey);
  const jwk = publicKey.export({ format: 'jwk' }) as { x: string };
  const raw = Buffer.from(jwk.x, 'base64url');
  const keyId = keyIdOf(raw);
  const document: LedgerPublicKey = {
    format: PUBLIC_KEY_FORMAT,
    version: 1,
    keyId,
    algorithm: 'Ed25519',
    spki: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    jwk: { kty: 'OKP', crv: 'Ed25519', x: jwk.x },
  };
  const secretBase = privateKey.export({ format: 'der', type: 'pkcs8' });
  return {
    keyId,
    publicKey: document,
    sign: (message) => sign(null, message, privateKey).toString('base64'),
    deriveSecret: (label) =>
      Buffer.from(hkdfSync('sha256', secretBase, Buffer.alloc(0), `sai-ledger/${label}`, 32)),
  };
}
