import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { uintBytes } from '../../domain/verifiable/bytes.ts';
import { leafHash } from '../../domain/verifiable/merkle.ts';
import { verifyDigest } from '../../domain/verifiable/verify.ts';
import { signDigest } from './digests.ts';
import { signerFromKey } from './signer.ts';
import { TreeReplay } from './treeReplay.ts';

describe('the digest checker on malformed block hashes', () => {
  it('fails the "digest blocks" check, rather than throwing, when the hashes are not a list', async () => {
    const signer = signerFromKey(generateKeyPairSync('ed25519').privateKey);
    const tree = new TreeReplay();
    for (let i = 0; i < 5; i++) tree.append(leafHash(uintBytes(BigInt(i), 8)));
    const digest = signDigest(
      signer,
      { treeSize: tree.size, root: tree.root(), time: new Date() },
      tree.blocks(),
    );
    expect((await verifyDigest(digest, signer.publicKey)).ok).toBe(true);
    for (const hashes of ['abc', null, { 0: 'x' }, 7]) {
      const verdict = await verifyDigest({ ...digest, blocks: { blockSize: '1', hashes } }, signer.publicKey);
      expect(verdict.ok).toBe(false);
      expect(verdict.checks.at(-1)).toMatchObject({ name: 'digest blocks', ok: false });
    }
  });
});
