import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytesOfHex, hexOf } from './bytes.ts';
import {
  consistencyRanges,
  inclusionRanges,
  leafHash,
  MerkleFrontier,
  naiveRoot,
  nodeId,
  nodesOf,
  rangeRoots,
  verifyConsistency,
  verifyInclusion,
  webCryptoSha256,
} from './merkle.ts';

// RFC 6962/9162 reference vectors (the leaves and roots Certificate Transparency's implementations test with).
const LEAVES = [
  '',
  '00',
  '10',
  '2021',
  '3031',
  '40414243',
  '5051525354555657',
  '606162636465666768696a6b6c6d6e6f',
];
const ROOTS = [
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];

function leaves(n: number): Uint8Array[] {
  return Array.from({ length: n }, (_, i) => leafHash(new TextEncoder().encode(`event ${i}`)));
}

/** Every complete node of a tree built by the frontier, as the store keeps them. */
function built(list: readonly Uint8Array[]) {
  const frontier = new MerkleFrontier();
  const nodes = new Map<string, Uint8Array>();
  const roots: Uint8Array[] = [];
  for (const leaf of list) {
    for (const made of frontier.append(leaf)) nodes.set(nodeId(made.key), made.hash);
    roots.push(frontier.root());
  }
  return { frontier, nodes, roots };
}

describe('the log commitment (RFC 9162 Merkle tree)', () => {
  it('gives the reference roots for the reference leaves', () => {
    const hashes = LEAVES.map((hex) => leafHash(bytesOfHex(hex)!));
    const { roots } = built(hashes);
    expect(roots.map(hexOf)).toEqual(ROOTS);
    for (let n = 1; n <= 8; n++) expect(hexOf(naiveRoot(hashes.slice(0, n)))).toBe(ROOTS[n - 1]);
  });

  it('appends with the same roots as the definition, for every prefix', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300 }), (n) => {
        const list = leaves(n);
        const { roots } = built(list);
        for (const size of [1, Math.ceil(n / 3), n - 1, n].filter((s) => s >= 1))
          expect(hexOf(roots[size - 1]!)).toBe(hexOf(naiveRoot(list.slice(0, size))));
      }),
      { numRuns: 40 },
    );
  });

  it('proves inclusion of any leaf in any tree, and refuses a moved or changed leaf', async () => {
    const list = leaves(137);
    const { nodes } = built(list);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 137 }), fc.nat(), async (size, pick) => {
        const index = BigInt(pick % size);
        const ranges = inclusionRanges(index, BigInt(size));
        const proof = rangeRoots(ranges, nodes);
        const root = naiveRoot(list.slice(0, size));
        const leaf = list[Number(index)]!;
        expect(await verifyInclusion(webCryptoSha256, index, BigInt(size), leaf, proof, root)).toBe(true);
        if (size > 1) {
          const other = (index + 1n) % BigInt(size);
          expect(await verifyInclusion(webCryptoSha256, other, BigInt(size), leaf, proof, root)).toBe(false);
          expect(
            await verifyInclusion(webCryptoSha256, index, BigInt(size), list[Number(other)]!, proof, root),
          ).toBe(false);
        }
        expect(nodesOf(ranges).every((key) => nodes.has(nodeId(key)))).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('proves any older root consistent with any newer one, and refuses a rewritten prefix', async () => {
    const list = leaves(90);
    const { nodes, roots } = built(list);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 90 }), fc.integer({ min: 1, max: 90 }), async (a, b) => {
        const [from, to] = a <= b ? [a, b] : [b, a];
        const proof = rangeRoots(consistencyRanges(BigInt(from), BigInt(to)), nodes);
        const ok = await verifyConsistency(
          webCryptoSha256,
          BigInt(from),
          BigInt(to),
          roots[from - 1]!,
          roots[to - 1]!,
          proof,
        );
        expect(ok).toBe(true);
        const forged = naiveRoot([leafHash(new Uint8Array([9])), ...list.slice(1, from)]);
        expect(
          await verifyConsistency(webCryptoSha256, BigInt(from), BigInt(to), forged, roots[to - 1]!, proof),
        ).toBe(false);
      }),
      { numRuns: 60 },
    );
  });

  it('restores a frontier from the stored nodes and carries on with the same roots', () => {
    const list = leaves(77);
    const { nodes } = built(list.slice(0, 50));
    const frontier = MerkleFrontier.fromNodes(50n, nodes);
    for (const leaf of list.slice(50)) frontier.append(leaf);
    expect(hexOf(frontier.root())).toBe(hexOf(naiveRoot(list)));
  });
});
