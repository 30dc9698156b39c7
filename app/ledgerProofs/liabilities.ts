import { createHmac } from 'node:crypto';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { ASSET_DECIMALS, ASSETS, type Asset, isAsset } from '../../domain/shared/money.ts';
import { hexOf } from '../../domain/verifiable/bytes.ts';
import {
  LIABILITIES_FORMAT,
  LIABILITY_PROOF_FORMAT,
  LIABILITY_PROOF_VERSION,
  type LiabilitiesStatement,
  type LiabilityEntry,
  type LiabilityProof,
  liabilitiesMessage,
} from '../../domain/verifiable/formats.ts';
import {
  decimalOfUnits,
  type LiabilityLeafInput,
  type SumTree,
  sumPath,
} from '../../domain/verifiable/liabilities.ts';
import type { Pool } from '../../infra/postgres/pool.ts';
import { latestLiabilitiesStatement, liabilityLeavesAt } from './liabilities.table.ts';
import type { LedgerSigner } from './signer.ts';
import { buildSumTreeInSlices } from './sumTreeBuilder.ts';

/**
 * Proof of liabilities (docs/architecture/verifiable-ledger.md "Receipts and proof of liabilities"): per
 * asset a Merkle-sum tree over the liability accounts' balances at one tree size, signed, stored with its
 * leaves (migrations/1764201600009_ledger-liabilities.sql), and each user's path in it served on request.
 *
 * Each balance is split into LIABILITY_PARTS leaves of random amounts, the leaves (padding included) are
 * placed by their keyed identifiers, and the tree is padded to a power of two of at least
 * MIN_LIABILITY_LEAVES: a sibling on a user's path is a random share of some balance, never a balance.
 *
 * Nothing secret is stored: a part's nonce and the split are HMAC-SHA256 over `${treeSize}|${account}|
 * ${asset}|…` with a secret derived from the signing key, so the trees are rebuilt from the stored
 * balances when a proof is asked for, and only the key's holder can compute a nonce or a split.
 */

/** One account's balance in one asset, in minor units. */
export interface BalanceRow {
  account: string;
  asset: string;
  units: bigint;
}

/** The tree follower's balances of every account (system accounts included) at one tree size. */
export interface LedgerBalancesSnapshot {
  size: bigint;
  root: Uint8Array;
  balances: readonly BalanceRow[];
}

/** The statement's total does not equal the liabilities the ledger's system accounts imply, or a balance is impossible. */
export class LiabilitiesMismatchError extends Error {}

const NONCE_LABEL = 'liability-nonces';

/** Which leaves a statement sums: what the company owes (docs/ledger.md "Liabilities"). */
export function isLiabilityAccount(account: string): boolean {
  return /^(user|holds|dormant):/.test(account);
}

function hmac(secret: Buffer, text: string): Uint8Array {
  return new Uint8Array(createHmac('sha256', secret).update(text).digest());
}

/** Leaves each balance is split over: a sibling on a path is then a random share, not a balance. */
export const LIABILITY_PARTS = 4;

/**
 * The tree layout statements are made with now (the `layout` column): 1 was one leaf a balance; 2 splits
 * them over LIABILITY_PARTS shuffled leaves with padding. A stored statement of an older layout cannot serve
 * proofs (they are rebuilt with this one), so it is made again (`LiabilityStatements.make`).
 */
export const LIABILITY_LAYOUT = 2;

/** The narrowest tree: up to this many leaves, the width says nothing about how many accounts there are. */
export const MIN_LIABILITY_LEAVES = 1024;

/** The nonce of part `part` of an account's balance in an asset's tree at a tree size (only its owner is given it). */
export function liabilityNonce(
  secret: Buffer,
  treeSize: bigint,
  account: string,
  asset: string,
  part: number,
): Uint8Array {
  return hmac(secret, `${treeSize}|${account}|${asset}|part-${part}`);
}

/**
 * A balance split into `parts` non-negative amounts that add up to it: `parts − 1` cut points drawn in
 * [0, units] by HMAC (keyed by the statement's tree size, the account and the asset: the same split every
 * rebuild, a new one every statement), sorted, and the gaps between them. A 256-bit draw reduced modulo
 * units + 1 is uniform to within units / 2^256.
 */
export function splitBalance(
  secret: Buffer,
  treeSize: bigint,
  account: string,
  asset: string,
  units: bigint,
  parts: number = LIABILITY_PARTS,
): bigint[] {
  if (units < 0n) throw new RangeError(`balance of ${account} is negative`);
  const cuts: bigint[] = [];
  for (let j = 0; j < parts - 1; j++) {
    const draw = BigInt(`0x${hexOf(hmac(secret, `${treeSize}|${account}|${asset}|split-${j}`))}`);
    cuts.push(draw % (units + 1n));
  }
  cuts.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const out: bigint[] = [];
  let previous = 0n;
  for (const cut of [...cuts, units]) {
    out.push(cut - previous);
    previous = cut;
  }
  return out;
}

/** The key a part's leaf is found by in the tree's positions (no account name contains '#'). */
function partKey(account: string, part: number): string {
  return `${account}#${part}`;
}

/** The identifier of a zero leaf padding an asset's tree (no account name contains '#'). */
function paddingId(secret: Buffer, treeSize: bigint, asset: string, i: number): Uint8Array {
  return hmac(secret, `${treeSize}|#padding-${i}|${asset}`);
}

async function buildAssetTree(
  secret: Buffer,
  treeSize: bigint,
  asset: string,
  leaves: readonly BalanceRow[],
): Promise<SumTree> {
  const inputs: LiabilityLeafInput[] = [];
  for (const [i, leaf] of leaves.entries()) {
    const amounts = splitBalance(secret, treeSize, leaf.account, asset, leaf.units);
    amounts.forEach((amount, part) => {
      inputs.push({
        account: leaf.account,
        key: partKey(leaf.account, part),
        balance: amount,
        nonce: liabilityNonce(secret, treeSize, leaf.account, asset, part),
      });
    });
    if (i % 200 === 199) await yieldToEventLoop();
  }
  return await buildSumTreeInSlices(
    inputs,
    (i) => paddingId(secret, treeSize, asset, i),
    MIN_LIABILITY_LEAVES,
  );
}

/**
 * Per asset, issued − outbound − fees from the system accounts' balances (issuance: and custody: go
 * negative by what they let in), and the liability leaves. Refuses an account of no known kind, an
 * unknown asset, a negative liability balance, and an asset whose leaves do not add up to the first.
 */
function liabilitiesByAsset(balances: readonly BalanceRow[]): Map<Asset, BalanceRow[]> {
  const owed = new Map<Asset, { expected: bigint; leaves: BalanceRow[] }>(
    ASSETS.map((asset) => [asset, { expected: 0n, leaves: [] }]),
  );
  for (const row of balances) {
    if (!isAsset(row.asset)) throw new LiabilitiesMismatchError(`unknown asset ${row.asset} in the balances`);
    const side = owed.get(row.asset)!;
    const kind = row.account.slice(0, row.account.indexOf(':'));
    // Inflows are the negated balances of issuance: and custody:; outbound: and fees: hold what left.
    if (['issuance', 'custody', 'outbound', 'fees'].includes(kind)) side.expected -= row.units;
    else if (isLiabilityAccount(row.account)) {
      if (row.units < 0n)
        throw new LiabilitiesMismatchError(`${row.account} holds a negative ${row.asset} balance`);
      if (row.units > 0n) side.leaves.push(row);
    } else throw new LiabilitiesMismatchError(`account ${row.account} is of no known kind`);
  }
  const out = new Map<Asset, BalanceRow[]>();
  for (const [asset, side] of owed) {
    const total = side.leaves.reduce((sum, leaf) => sum + leaf.units, 0n);
    if (total !== side.expected)
      throw new LiabilitiesMismatchError(
        `liabilities in ${asset}: issued − outbound − fees is ${side.expected} minor units, the users, holds and dormant hold ${total}`,
      );
    out.set(asset, side.leaves);
  }
  return out;
}

export interface MadeStatement {
  statement: LiabilitiesStatement;
  /** The leaves summed (units > 0), to store beside it. */
  leaves: BalanceRow[];
  trees: Map<string, SumTree>;
}

/**
 * The signed statement of what the company owes per asset at the snapshot's tree size. Throws
 * LiabilitiesMismatchError (and signs nothing) when the total is not the ledger's liabilities. The
 * trees are built a slice at a time (sumTreeBuilder.ts), letting the process serve requests meanwhile.
 */
export async function makeLiabilitiesStatement(
  signer: LedgerSigner,
  snapshot: LedgerBalancesSnapshot,
  now: Date = new Date(),
): Promise<MadeStatement> {
  const byAsset = liabilitiesByAsset(snapshot.balances);
  const secret = signer.deriveSecret(NONCE_LABEL);
  const trees = new Map<string, SumTree>();
  const assets = [];
  for (const [asset, leaves] of byAsset) {
    const tree = await buildAssetTree(secret, snapshot.size, asset, leaves);
    trees.set(asset, tree);
    assets.push({
      asset,
      decimals: ASSET_DECIMALS[asset],
      totalUnits: tree.root.sum,
      root: tree.root.hash,
      leaves: BigInt(tree.levels[0]!.length),
    });
  }
  const time = now.toISOString();
  const signature = signer.sign(
    liabilitiesMessage({
      treeSize: snapshot.size,
      logRoot: snapshot.root,
      timeMs: BigInt(now.getTime()),
      keyId: signer.keyId,
      assets,
    }),
  );
  const statement: LiabilitiesStatement = {
    format: LIABILITIES_FORMAT,
    version: 1,
    treeSize: snapshot.size.toString(),
    logRoot: hexOf(snapshot.root),
    time,
    keyId: signer.keyId,
    assets: assets.map((a) => ({
      asset: a.asset,
      decimals: a.decimals,
      total: decimalOfUnits(a.totalUnits, a.decimals),
      root: hexOf(a.root),
      leaves: a.leaves.toString(),
    })),
    signature,
  };
  return { statement, leaves: [...byAsset.values()].flat(), trees };
}

/** A stored statement that cannot serve proofs (signed with another key, or its leaves do not rebuild it). */
export class LiabilityProofUnavailableError extends Error {}

interface CachedTrees {
  pool: Pool;
  signature: string;
  trees: Promise<Map<string, SumTree>>;
}

// The latest statement's trees, built once from its stored leaves and kept while it stays the latest.
let cached: CachedTrees | null = null;

async function rebuildTrees(
  pool: Pool,
  signer: LedgerSigner,
  statement: LiabilitiesStatement,
): Promise<Map<string, SumTree>> {
  const treeSize = BigInt(statement.treeSize);
  const rows = await liabilityLeavesAt(pool, statement.treeSize);
  const secret = signer.deriveSecret(NONCE_LABEL);
  const trees = new Map<string, SumTree>();
  for (const asset of statement.assets) {
    const leaves = rows
      .filter((row) => row.asset === asset.asset)
      .map((row) => ({ account: row.account, asset: row.asset, units: BigInt(row.units) }));
    const tree = await buildAssetTree(secret, treeSize, asset.asset, leaves);
    if (hexOf(tree.root.hash) !== asset.root)
      throw new LiabilityProofUnavailableError(
        `the stored leaves of ${asset.asset} at tree size ${treeSize} do not rebuild its signed root`,
      );
    trees.set(asset.asset, tree);
  }
  return trees;
}

/** An account's balance per asset in a statement's trees, each with its parts' nonces and paths to the root. */
export function proofEntries(
  signer: LedgerSigner,
  statement: LiabilitiesStatement,
  trees: ReadonlyMap<string, SumTree>,
  account: string,
): LiabilityEntry[] {
  const secret = signer.deriveSecret(NONCE_LABEL);
  const treeSize = BigInt(statement.treeSize);
  const entries: LiabilityEntry[] = [];
  for (const asset of statement.assets) {
    const tree = trees.get(asset.asset)!;
    const indices: number[] = [];
    for (let part = 0; part < LIABILITY_PARTS; part++) {
      const index = tree.positions.get(partKey(account, part));
      if (index !== undefined) indices.push(index);
    }
    if (indices.length === 0) continue;
    const units = indices.reduce((sum, index) => sum + tree.levels[0]![index]!.sum, 0n);
    entries.push({
      asset: asset.asset,
      account,
      balance: decimalOfUnits(units, asset.decimals),
      parts: indices.map((index, part) => ({
        amount: decimalOfUnits(tree.levels[0]![index]!.sum, asset.decimals),
        nonce: hexOf(liabilityNonce(secret, treeSize, account, asset.asset, part)),
        index: String(index),
        path: sumPath(tree, index).map((step) => ({
          sum: decimalOfUnits(step.sum, asset.decimals),
          hash: hexOf(step.hash),
        })),
      })),
    });
  }
  return entries;
}

/**
 * The user's liability proof against the latest statement: one entry per asset they held then. Null when
 * there is no statement yet; a proof with no entries when they held nothing.
 */
export async function liabilityProofFor(
  pool: Pool,
  signer: LedgerSigner,
  userId: string,
): Promise<LiabilityProof | null> {
  const latest = await latestLiabilitiesStatement(pool);
  if (!latest) return null;
  const statement = latest.statement;
  if (statement.keyId !== signer.keyId)
    throw new LiabilityProofUnavailableError(
      `the latest statement was signed with key ${statement.keyId}, not the current ${signer.keyId}`,
    );
  if (cached?.pool !== pool || cached.signature !== statement.signature) {
    const trees = rebuildTrees(pool, signer, statement);
    cached = { pool, signature: statement.signature, trees };
    trees.catch(() => {
      if (cached?.trees === trees) cached = null;
    });
  }
  const entries = proofEntries(signer, statement, await cached.trees, `user:${userId}`);
  return {
    format: LIABILITY_PROOF_FORMAT,
    version: LIABILITY_PROOF_VERSION,
    statement,
    entries,
    publicKey: signer.publicKey,
  };
}
