import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LedgerPublicKey } from '../../domain/verifiable/formats.ts';
import { verifyDigest, verifyPublicKey } from '../../domain/verifiable/verify.ts';
import { publicKeyFromText } from './publicKey.ts';

/** The key an auditor brings (ledger:verify --public-key): a PEM, or a key document with its history. */
const VECTORS_DIR = path.resolve(import.meta.dirname, '../../docs/verifiable/vectors');
const text = (file: string) => readFileSync(path.join(VECTORS_DIR, file), 'utf8');

describe('publicKeyFromText', () => {
  it('keeps a key document’s history, so a digest of an earlier key verifies at its time', async () => {
    const document = publicKeyFromText(text('key-document.json'), 'key-document.json');
    const original = JSON.parse(text('key-document.json')) as LedgerPublicKey;
    expect(document.keys).toEqual(original.keys);
    expect(document.keyId).toBe(original.keyId);
    expect((await verifyPublicKey(document)).ok).toBe(true);
    // digest.json is signed by the test key, the history's first key, before the rotation.
    expect((await verifyDigest(JSON.parse(text('digest.json')), document)).ok).toBe(true);
  });

  it('computes the key id from the key, never from the file', () => {
    const lying = { ...(JSON.parse(text('public-key.json')) as LedgerPublicKey), keyId: '0'.repeat(32) };
    const document = publicKeyFromText(JSON.stringify(lying), 'lying.json');
    expect(document.keyId).toBe((JSON.parse(text('public-key.json')) as LedgerPublicKey).keyId);
    expect(document.keys).toBeUndefined();
    expect(() => publicKeyFromText('{"format":"x"}', 'x.json')).toThrow(
      /not a sai-ledger-public-key document/,
    );
  });
});
