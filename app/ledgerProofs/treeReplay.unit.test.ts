import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hexOf, uintBytes } from '../../domain/verifiable/bytes.ts';
import { leafHash, naiveRoot } from '../../domain/verifiable/merkle.ts';
import { checkBlocks, verifyDigest } from '../../domain/verifiable/verify.ts';
import { signDigest } from './digests.ts';
import { signerFromKey } from './signer.ts';
import { coarsenBlocks, rootOfBlocks, TreeReplay } from './treeReplay.ts';

const leaf = (i: number) => leafHash(uintBytes(BigInt(i), 8));

describe('the tree rebuilt in a replay, and a digest’s block hashes', () => {
  it('has the RFC root at every size, and blocks that recombine into it, however they are coarsened', async () => {
    const tree = new TreeReplay();
    const leaves: Uint8Array[] = [];
    for (let n = 1; n <= 300; n++) {
      leaves.push(leaf(n));
      tree.append(leaves[n - 1]!);
      expect(hexOf(tree.root())).toBe(hexOf(naiveRoot(leaves)));
      const blocks = tree.blocks();
      expect(hexOf(rootOfBlocks(tree.size, blocks))).toBe(hexOf(tree.root()));
      for (const max of [1, 2, 3, 7, 64]) {
        const coarse = coarsenBlocks(tree.size, blocks, max);
        expect(coarse.hashes.length).toBeLessThanOrEqual(max);
        expect(hexOf(rootOfBlocks(tree.size, coarse))).toBe(hexOf(tree.root()));
      }
    }
  });

  it('keeps memory flat on long logs: block size doubles past 4096 blocks, and a digest holds at most 2048', async () => {
    const tree = new TreeReplay();
    const leaves: Uint8Array[] = [];
    for (let n = 0; n < 9_001; n++) {
      leaves.push(leaf(n));
      tree.append(leaves[n]!);
    }
    const blocks = tree.blocks();
    expect(blocks.blockSize).toBe(4n);
    expect(blocks.hashes.length).toBe(Math.ceil(9_001 / 4));
    const signer = signerFromKey(generateKeyPairSync('ed25519').privateKey);
    const digest = signDigest(signer, { treeSize: tree.size, root: tree.root(), time: new Date() }, blocks);
    expect(digest.root).toBe(hexOf(naiveRoot(leaves)));
    expect(digest.blocks!.blockSize).toBe('8');
    expect(digest.blocks!.hashes.length).toBe(Math.ceil(9_001 / 8));
    // The checker (WebCrypto, what the browser runs) accepts the blocks, and the signature.
    expect(await checkBlocks(digest, tree.size, naiveRoot(leaves))).toBe(true);
    expect((await verifyDigest(digest, signer.publicKey)).ok).toBe(true);
    // Blocks that do not make the root are refused at signing.
    const wrong = { blockSize: blocks.blockSize, hashes: [leaf(1), ...blocks.hashes.slice(1)] };
    expect(() =>
      signDigest(signer, { treeSize: tree.size, root: tree.root(), time: new Date() }, wrong),
    ).toThrow(/do not make the root/);
  });
});
