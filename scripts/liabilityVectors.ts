import { sha256 } from '@noble/hashes/sha2.js';
import type { LedgerSigner } from '../app/ledgerProofs/signer.ts';
import { hexOf, utf8 } from '../domain/verifiable/bytes.ts';
import {
  LIABILITIES_FORMAT,
  LIABILITY_PROOF_FORMAT,
  LIABILITY_PROOF_VERSION,
  type LiabilitiesStatement,
  type LiabilityProof,
  type LiabilityProofV1,
  liabilitiesMessage,
} from '../domain/verifiable/formats.ts';
import {
  buildSumTree,
  decimalOfUnits,
  liabilityId,
  liabilityLeafHash,
  liabilityNodeHash,
  sumPath,
  sumTreeWidth,
} from '../domain/verifiable/liabilities.ts';

/**
 * The liability-proof vectors' content (scripts/verifiableVectors.ts writes them): one user's proof in the
 * current version 2 (balances split over shuffled leaves) and in version 1 (one leaf per balance), both
 * signed by the test key over the test log's tree size and root at a fixed time.
 */
export function liabilityProofs(
  signer: LedgerSigner,
  log: { size: bigint; root: Uint8Array },
  time: Date,
): { proof: LiabilityProof; proofV1: LiabilityProofV1 } {
  // Liabilities: three users and the holds account in SAI (2 decimals), fixed nonces and padding. The
  // current proof (version 2) splits each balance over 4 leaves in a tree of at least 32; the version 1
  // proof (one leaf per balance, as made before) is kept to show it still verifies.
  const nonce = (i: number) => sha256(utf8(`test vector nonce ${i}`));
  const padding = (i: number) => sha256(utf8(`test vector padding ${i}`));
  const balances = [
    { account: 'user:user0001', balance: 9775n, parts: [4000n, 13n, 5000n, 762n] },
    { account: 'user:user0002', balance: 325n, parts: [117n, 8n, 151n, 49n] },
    { account: 'user:user0003', balance: 0n, parts: [0n, 0n, 0n, 0n] },
    { account: 'holds:SAI', balance: 1250n, parts: [300n, 400n, 50n, 500n] },
  ];
  const statementOf = (tree: ReturnType<typeof buildSumTree>): LiabilitiesStatement => {
    const leaves = BigInt(tree.levels[0]!.length);
    const assets = [{ asset: 'SAI', decimals: 2, totalUnits: tree.root.sum, root: tree.root.hash, leaves }];
    const timeMs = BigInt(time.getTime());
    const signature = signer.sign(
      liabilitiesMessage({
        treeSize: log.size,
        logRoot: log.root,
        timeMs,
        keyId: signer.keyId,
        assets,
      }),
    );
    return {
      format: LIABILITIES_FORMAT,
      version: 1,
      treeSize: String(log.size),
      logRoot: hexOf(log.root),
      time: time.toISOString(),
      keyId: signer.keyId,
      assets: [
        {
          asset: 'SAI',
          decimals: 2,
          total: decimalOfUnits(tree.root.sum, 2),
          root: hexOf(tree.root.hash),
          leaves: String(leaves),
        },
      ],
      signature,
    };
  };
  const pathOf = (tree: ReturnType<typeof buildSumTree>, index: number) =>
    sumPath(tree, index).map((step) => ({ sum: decimalOfUnits(step.sum, 2), hash: hexOf(step.hash) }));

  const partNonce = (i: number, part: number) => sha256(utf8(`test vector nonce ${i} part ${part}`));
  const splitTree = buildSumTree(
    balances.flatMap((leaf, i) =>
      leaf.parts.map((amount, part) => ({
        account: leaf.account,
        key: `${leaf.account}#${part}`,
        balance: amount,
        nonce: partNonce(i, part),
      })),
    ),
    padding,
    32,
  );
  const proof: LiabilityProof = {
    format: LIABILITY_PROOF_FORMAT,
    version: LIABILITY_PROOF_VERSION,
    statement: statementOf(splitTree),
    entries: [
      {
        asset: 'SAI',
        account: 'user:user0002',
        balance: decimalOfUnits(325n, 2),
        parts: balances[1]!.parts.map((amount, part) => {
          const index = splitTree.positions.get(`user:user0002#${part}`)!;
          return {
            amount: decimalOfUnits(amount, 2),
            nonce: hexOf(partNonce(1, part)),
            index: String(index),
            path: pathOf(splitTree, index),
          };
        }),
      },
    ],
    publicKey: signer.publicKey,
  };

  const wholeTree = versionOneTree(
    balances.map((leaf, i) => ({ account: leaf.account, balance: leaf.balance, nonce: nonce(i) })),
    padding,
  );
  const wholeIndex = wholeTree.positions.get('user:user0002')!;
  const proofV1: LiabilityProofV1 = {
    format: LIABILITY_PROOF_FORMAT,
    version: 1,
    statement: statementOf(wholeTree),
    entries: [
      {
        asset: 'SAI',
        account: 'user:user0002',
        balance: decimalOfUnits(325n, 2),
        nonce: hexOf(nonce(1)),
        index: String(wholeIndex),
        path: pathOf(wholeTree, wholeIndex),
      },
    ],
    publicKey: signer.publicKey,
  };
  return { proof, proofV1 };
}

/**
 * A tree as version 1 proofs were made: the leaves sorted by identifier, the padding after them (the
 * version 1 vector is the very file committed before balances were split).
 */
function versionOneTree(
  leaves: readonly { account: string; balance: bigint; nonce: Uint8Array }[],
  padding: (i: number) => Uint8Array,
): ReturnType<typeof buildSumTree> {
  const made = leaves
    .map((leaf) => {
      const id = liabilityId(leaf.nonce, leaf.account);
      return {
        account: leaf.account,
        id,
        node: { sum: leaf.balance, hash: liabilityLeafHash(leaf.balance, id) },
      };
    })
    .sort((a, b) => Buffer.compare(a.id, b.id));
  const width = sumTreeWidth(made.length);
  const level0 = made.map((m) => m.node);
  for (let i = made.length; i < width; i++) level0.push({ sum: 0n, hash: liabilityLeafHash(0n, padding(i)) });
  const levels = [level0];
  while (levels[levels.length - 1]!.length > 1) {
    const below = levels[levels.length - 1]!;
    const above = [];
    for (let i = 0; i < below.length; i += 2) {
      const [left, right] = [below[i]!, below[i + 1]!];
      above.push({
        sum: left.sum + right.sum,
        hash: liabilityNodeHash(left.sum, left.hash, right.sum, right.hash),
      });
    }
    levels.push(above);
  }
  return {
    levels,
    root: levels[levels.length - 1]![0]!,
    positions: new Map(made.map((m, i) => [m.account, i])),
  };
}
