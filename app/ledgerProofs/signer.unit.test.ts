import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hexOf } from '../../domain/verifiable/bytes.ts';
import { DIGEST_FORMAT, digestMessage, type LedgerDigest } from '../../domain/verifiable/formats.ts';
import { EMPTY_ROOT } from '../../domain/verifiable/merkle.ts';
import { verifyDigest } from '../../domain/verifiable/verify.ts';
import { signerFromKey, signerFromPem } from './signer.ts';

describe('the ledger signer', () => {
  it('signs digests that the WebCrypto checker accepts, and that fail with another key or a changed byte', async () => {
    const signer = signerFromKey(generateKeyPairSync('ed25519').privateKey);
    const time = '2026-11-27T21:00:00.000Z';
    const message = digestMessage({
      treeSize: 0n,
      root: EMPTY_ROOT,
      timeMs: BigInt(Date.parse(time)),
      keyId: signer.keyId,
    });
    const digest: LedgerDigest = {
      format: DIGEST_FORMAT,
      version: 1,
      treeSize: '0',
      root: hexOf(EMPTY_ROOT),
      time,
      keyId: signer.keyId,
      signature: signer.sign(message),
    };
    expect((await verifyDigest(digest, signer.publicKey)).ok).toBe(true);
    const other = signerFromKey(generateKeyPairSync('ed25519').privateKey);
    const wrongKey = await verifyDigest(digest, other.publicKey);
    expect(wrongKey.ok).toBe(false);
    expect(wrongKey.failure).toMatch(/signed with key/);
    const changed = await verifyDigest({ ...digest, treeSize: '1' }, signer.publicKey);
    expect(changed.failure).toMatch(/signature does not match/);
  });

  it('refuses a key that is not an Ed25519 PEM, and derives stable secrets per label', () => {
    expect(() => signerFromPem('nope', 'LEDGER_SIGNING_KEY')).toThrow(/not a PEM private key/);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({
      format: 'pem',
      type: 'pkcs8',
    });
    expect(() => signerFromPem(rsa.toString(), 'LEDGER_SIGNING_KEY')).toThrow(/not an Ed25519 key/);
    const pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const a = signerFromPem(pem, 'x');
    const b = signerFromPem(pem, 'x');
    expect(a.keyId).toBe(b.keyId);
    expect(a.deriveSecret('nonces').equals(b.deriveSecret('nonces'))).toBe(true);
    expect(a.deriveSecret('nonces').equals(a.deriveSecret('other'))).toBe(false);
    expect(JSON.stringify(a.publicKey)).not.toContain('PRIVATE');
  });
});
