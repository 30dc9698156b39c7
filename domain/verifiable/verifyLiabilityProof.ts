import { bytesOfHex, concatBytes, equalBytes, parseCount, uintBytes, utf8 } from './bytes.ts';
import { Checks, hash32, isRecord, type Verdict } from './checks.ts';
import {
  LIABILITIES_FORMAT,
  LIABILITY_PROOF_FORMAT,
  type LiabilitiesStatement,
  type LiabilityProof,
  type LiabilityProofV1,
  liabilitiesMessage,
  timeMillis,
} from './formats.ts';
import { decimalOfUnits, MAX_SUM, unitsOfDecimal } from './liabilities.ts';
import { type AsyncSha256, webCryptoSha256 } from './merkle.ts';
import { importKey, signatureValid, signerOf, trustedKeysOf } from './trust.ts';

/** The liability proof's checks (docs/architecture/verifiable-formats.md), held to the trusted keys. */

/** Checks a liabilities statement's signature, with the trusted key that signed it (as checkDigest). */
async function checkStatement(value: unknown, publicKey: unknown, trusted: unknown, checks: Checks) {
  const key = await importKey(publicKey, checks);
  const keys = key ? await trustedKeysOf(trusted, checks) : null;
  if (!isRecord(value) || value.format !== LIABILITIES_FORMAT || value.version !== 1)
    return checks.fail('statement', `the statement is not a ${LIABILITIES_FORMAT} version 1`) || null;
  const statement = value as unknown as LiabilitiesStatement;
  const treeSize = parseCount(statement.treeSize);
  const logRoot = hash32(statement.logRoot);
  const timeMs = typeof statement.time === 'string' ? timeMillis(statement.time) : null;
  const assets = Array.isArray(statement.assets)
    ? statement.assets.map((a) => {
        const totalUnits =
          isRecord(a) && Number.isInteger(a.decimals) ? unitsOfDecimal(a.total, a.decimals) : null;
        const root = isRecord(a) ? hash32(a.root) : null;
        const leaves = isRecord(a) ? parseCount(a.leaves) : null;
        return totalUnits === null || root === null || leaves === null || typeof a.asset !== 'string'
          ? null
          : { asset: a.asset, decimals: a.decimals, totalUnits, root, leaves };
      })
    : [null];
  if (!key || !keys) return null;
  if (treeSize === null || logRoot === null || timeMs === null || assets.some((a) => a === null))
    return checks.fail('statement', 'the statement has a malformed field') || null;
  if (statement.keyId !== key.keyId)
    return (
      checks.fail(
        'statement signature',
        `the statement was signed with key ${statement.keyId}, not ${key.keyId}`,
      ) || null
    );
  const signer = signerOf(keys, statement.keyId, timeMs, 'statement', checks);
  if (!signer) return null;
  const message = liabilitiesMessage({
    treeSize,
    logRoot,
    timeMs,
    keyId: statement.keyId,
    assets: assets as NonNullable<(typeof assets)[number]>[],
  });
  if (!(await signatureValid(signer.key, statement.signature, message)))
    return (
      checks.fail('statement signature', "the statement's signature does not match its contents and key") ||
      null
    );
  checks.pass(
    'statement signature',
    `signed by key ${key.keyId} at ${statement.time} for the log's first ${treeSize} events`,
  );
  return { statement, assets: assets as NonNullable<(typeof assets)[number]>[] };
}

/** The most leaves one balance may be split over in a proof (the service splits into 4). */
const MAX_PARTS = 64;

/**
 * Checks a user's liability proof against the key document the reader trusts: each balance is split over leaves of its asset's signed sum tree
 * (version 2: `parts`, which must add up to the balance, each a distinct leaf), or is one leaf itself
 * (version 1, made before balances were split: still verified).
 */
export async function verifyLiabilityProof(
  proof: unknown,
  trusted: unknown,
  hash: AsyncSha256 = webCryptoSha256,
): Promise<Verdict> {
  const checks = new Checks();
  const proves =
    'Your balance in each asset listed is summed in full, in the leaves shown, into the total liabilities the operator signed: the published total cannot leave it out.';
  if (
    !isRecord(proof) ||
    proof.format !== LIABILITY_PROOF_FORMAT ||
    (proof.version !== 1 && proof.version !== 2)
  ) {
    checks.fail('format', `this is not a ${LIABILITY_PROOF_FORMAT} version 1 or 2 file`);
    return checks.verdict('liability-proof', proves);
  }
  const typed = proof as unknown as LiabilityProof | LiabilityProofV1;
  const statement = await checkStatement(typed.statement, typed.publicKey, trusted, checks);
  if (!statement) return checks.verdict('liability-proof', proves);
  if (!Array.isArray(typed.entries) || typed.entries.length === 0) {
    checks.fail('entries', 'the proof holds no balances');
    return checks.verdict('liability-proof', proves);
  }
  for (const entry of typed.entries as unknown[]) {
    const asset = statement.assets.find((a) => isRecord(entry) && a.asset === entry.asset);
    const label = `${String(isRecord(entry) ? entry.asset : entry)} balance`;
    if (!isRecord(entry) || !asset) {
      checks.fail('asset', `${label}: the statement has no tree for this asset`);
      continue;
    }
    await checkEntry(entry, typed.version, asset, hash, label, checks);
  }
  return checks.verdict('liability-proof', proves);
}

type SignedAsset = { decimals: number; totalUnits: bigint; root: Uint8Array; leaves: bigint };

async function checkEntry(
  entry: Record<string, unknown>,
  version: 1 | 2,
  asset: SignedAsset,
  hash: AsyncSha256,
  label: string,
  checks: Checks,
): Promise<void> {
  const balance = unitsOfDecimal(entry.balance, asset.decimals);
  if (balance === null || typeof entry.account !== 'string')
    return void checks.fail('leaf', `${label}: the leaf is malformed`);
  // Version 1: the balance is its one leaf.
  const parts =
    version === 1
      ? [{ amount: entry.balance, nonce: entry.nonce, index: entry.index, path: entry.path }]
      : entry.parts;
  if (!Array.isArray(parts) || parts.length === 0 || parts.length > MAX_PARTS)
    return void checks.fail('parts', `${label}: the balance is not split into 1 to ${MAX_PARTS} leaves`);
  const seen = new Set<bigint>();
  let added = 0n;
  for (const part of parts as unknown[]) {
    const checked = isRecord(part) ? await checkPart(part, entry.account, asset, hash, label, checks) : null;
    if (checked === false) return;
    if (checked === null) return void checks.fail('leaf', `${label}: a leaf is malformed`);
    if (seen.has(checked.index))
      return void checks.fail('parts', `${label}: leaf ${checked.index} is given twice as a part`);
    seen.add(checked.index);
    added += checked.amount;
  }
  if (added !== balance)
    return void checks.fail(
      'parts',
      `${label}: its leaves add up to ${decimalOfUnits(added, asset.decimals)}, not the balance ${String(entry.balance)}`,
    );
  checks.pass(
    'leaf',
    `${label} ${String(entry.balance)} is counted in the total of ${decimalOfUnits(asset.totalUnits, asset.decimals)} (in ${parts.length} ${parts.length === 1 ? 'part' : 'parts'})`,
  );
}

/** One leaf's path to the signed root: its amount and index when it leads there, false (with the failed check) when not, null when malformed. */
async function checkPart(
  part: Record<string, unknown>,
  account: string,
  asset: SignedAsset,
  hash: AsyncSha256,
  label: string,
  checks: Checks,
): Promise<{ amount: bigint; index: bigint } | false | null> {
  const amount = unitsOfDecimal(part.amount, asset.decimals);
  const nonce = typeof part.nonce === 'string' ? bytesOfHex(part.nonce) : null;
  const index = parseCount(part.index);
  const depth = asset.leaves.toString(2).length - 1;
  if (amount === null || nonce === null || nonce.length !== 32 || index === null) return null;
  if (index >= asset.leaves || !Array.isArray(part.path) || part.path.length !== depth)
    return checks.fail(
      'path',
      `${label}: the path does not lead from leaf ${index} to the root of ${asset.leaves} leaves`,
    );
  const id = await hash(concatBytes(utf8('sai-liability-id'), new Uint8Array([0]), nonce, utf8(account)));
  let sum = amount;
  let node = await hash(concatBytes(new Uint8Array([0]), uintBytes(amount, 16), id));
  let i = index;
  for (const step of part.path as unknown[]) {
    const siblingSum = isRecord(step) ? unitsOfDecimal(step.sum, asset.decimals) : null;
    const siblingHash = isRecord(step) ? hash32(step.hash) : null;
    if (siblingSum === null || siblingHash === null || siblingSum > MAX_SUM)
      return checks.fail('path', `${label}: a sum on the path is negative, malformed or too large`);
    const [leftSum, leftHash, rightSum, rightHash] =
      (i & 1n) === 0n ? [sum, node, siblingSum, siblingHash] : [siblingSum, siblingHash, sum, node];
    sum = leftSum + rightSum;
    if (sum > MAX_SUM) return checks.fail('path', `${label}: the sums overflow`);
    node = await hash(
      concatBytes(new Uint8Array([1]), uintBytes(leftSum, 16), leftHash, uintBytes(rightSum, 16), rightHash),
    );
    i >>= 1n;
  }
  if (!equalBytes(node, asset.root))
    return checks.fail('root', `${label}: the path does not lead to the signed root`);
  if (sum !== asset.totalUnits)
    return checks.fail('total', `${label}: the path sums to a total other than the signed one`);
  return { amount, index };
}
