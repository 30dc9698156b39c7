import { createPublicKey } from 'node:crypto';
import { type LedgerPublicKey, PUBLIC_KEY_FORMAT } from '../../domain/verifiable/formats.ts';
import { keyIdOf } from '../../domain/verifiable/verify.ts';

/**
 * A public key as an auditor may hold it (ledger:verify --public-key FILE): the public-key document
 * (`GET /api/ledger/public-key`, JSON, with its key history) or an SPKI PEM. Either way the result is the document, its key id
 * computed here from the key, never taken from the file; throws with a plain message for anything else.
 */
export function publicKeyFromText(text: string, source: string): LedgerPublicKey {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      throw new Error(`${source} is neither JSON nor a PEM public key`);
    }
    const { format, spki, keys } = parsed as { format?: unknown; spki?: unknown; keys?: unknown };
    if (format !== PUBLIC_KEY_FORMAT || typeof spki !== 'string')
      throw new Error(`${source} is not a ${PUBLIC_KEY_FORMAT} document`);
    const key = publicKeyFromText(spki, source);
    // A key document's history is kept as it is: the checker verifies every rotation and that it ends
    // with this key (domain/verifiable/trust.ts, trustedKeysOf), so digests of earlier keys verify too.
    return keys === undefined ? key : { ...key, keys: keys as LedgerPublicKey['keys'] };
  }
  let key: ReturnType<typeof createPublicKey>;
  try {
    key = createPublicKey(trimmed);
  } catch {
    throw new Error(`${source} is not a PEM public key`);
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`${source} is not an Ed25519 key`);
  const jwk = key.export({ format: 'jwk' }) as { x: string };
  return {
    format: PUBLIC_KEY_FORMAT,
    version: 1,
    keyId: keyIdOf(Buffer.from(jwk.x, 'base64url')),
    algorithm: 'Ed25519',
    spki: key.export({ format: 'pem', type: 'spki' }).toString(),
    jwk: { kty: 'OKP', crv: 'Ed25519', x: jwk.x },
  };
}
