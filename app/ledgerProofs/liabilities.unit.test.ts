import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  LIABILITY_PROOF_FORMAT,
  LIABILITY_PROOF_VERSION,
  type LiabilitiesStatement,
  type LiabilityProof,
  liabilitiesMessage,
} from '../../domain/verifiable/formats.ts';
import { decimalOfUnits, liabilityNodeHash } from '../../domain/verifiable/liabilities.ts';
import { verifyLiabilityProof } from '../../domain/verifiable/verify.ts';
import {
  type BalanceRow,
  LIABILITY_PARTS,
  LiabilitiesMismatchError,
  MIN_LIABILITY_LEAVES,
  makeLiabilitiesStatement,
  proofEntries,
  splitBalance,
} from './liabilities.ts';
import { signerFromKey } from './signer.ts';

/**
 * One fixed key: the split of a balance into parts is drawn from a secret derived from the signing key, so
 * a fresh key each run drew other parts each run, and one run in a few thousand drew a part of one
 * balance equal to another balance (500 of 20,000), failing "no leaf is another account's balance".
 * An Ed25519 private key from a fixed 32-byte seed (PKCS#8 DER: the fixed prefix, then the seed).
 */
const FIXED_SEED = Buffer.alloc(32, 7);
const signer = signerFromKey(
  createPrivateKey({
    key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), FIXED_SEED]),
    format: 'der',
    type: 'pkcs8',
  }),
);
const alice = 'user:0190f6a4-0000-7000-8000-00000000000a';
const bob = 'user:0190f6a4-0000-7000-8000-00000000000b';
const carol = 'user:0190f6a4-0000-7000-8000-00000000000c';

/** A ledger that balances: 300 SAI issued, 20 in fees, 200 + 50 + 25 held by users, 5 on hold. */
function balances(): BalanceRow[] {
  return [
    { account: 'issuance:SAI', asset: 'SAI', units: -30_000n },
    { account: 'fees:SAI', asset: 'SAI', units: 2_000n },
    { account: alice, asset: 'SAI', units: 20_000n },
    { account: bob, asset: 'SAI', units: 5_000n },
    { account: carol, asset: 'SAI', units: 2_500n },
    { account: 'holds:SAI', asset: 'SAI', units: 500n },
    { account: 'custody:ETH', asset: 'ETH', units: -(10n ** 8n) },
    { account: 'outbound:ETH', asset: 'ETH', units: 4n * 10n ** 7n },
    { account: alice, asset: 'ETH', units: 6n * 10n ** 7n },
  ];
}

const snapshot = (rows = balances()) => ({ size: 42n, root: new Uint8Array(32).fill(7), balances: rows });

async function proofOf(account: string, rows = balances()) {
  const made = await makeLiabilitiesStatement(signer, snapshot(rows));
  const proof: LiabilityProof = {
    format: LIABILITY_PROOF_FORMAT,
    version: LIABILITY_PROOF_VERSION,
    statement: made.statement,
    entries: proofEntries(signer, made.statement, made.trees, account),
    publicKey: signer.publicKey,
  };
  return { made, proof };
}

/** The statement re-signed with other totals: what an operator holding the key could publish. */
function resign(statement: LiabilitiesStatement): LiabilitiesStatement {
  const message = liabilitiesMessage({
    treeSize: BigInt(statement.treeSize),
    logRoot: Buffer.from(statement.logRoot, 'hex'),
    timeMs: BigInt(Date.parse(statement.time)),
    keyId: statement.keyId,
    assets: statement.assets.map((a) => ({
      asset: a.asset,
      decimals: a.decimals,
      totalUnits: BigInt(a.total.replace('.', '')),
      root: Buffer.from(a.root, 'hex'),
      leaves: BigInt(a.leaves),
    })),
  });
  return { ...statement, signature: signer.sign(message) };
}

const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value));

describe('liabilities statement', () => {
  it('sums every liability account per asset and signs a statement each proof verifies against', async () => {
    const { made, proof } = await proofOf(alice);
    const sai = made.statement.assets.find((a) => a.asset === 'SAI')!;
    expect(sai.total).toBe('280.00');
    // 4 accounts × 4 parts, padded to the minimum width.
    expect(sai.leaves).toBe(String(MIN_LIABILITY_LEAVES));
    expect(made.statement.assets.find((a) => a.asset === 'ETH')!.total).toBe('0.60000000');
    expect(made.statement.assets.find((a) => a.asset === 'BTC')!.total).toBe('0.00000000');
    expect(proof.entries.map((e) => [e.asset, e.balance])).toEqual([
      ['SAI', '200.00'],
      ['ETH', '0.60000000'],
    ]);
    const verdict = await verifyLiabilityProof(proof, signer.publicKey);
    expect(verdict.failure).toBeNull();
    expect(verdict.ok).toBe(true);
    for (const account of [bob, carol, 'holds:SAI'])
      expect(
        (
          await verifyLiabilityProof(
            {
              ...proof,
              entries: proofEntries(signer, made.statement, made.trees, account),
            },
            signer.publicKey,
          )
        ).ok,
      ).toBe(true);
  });

  it('gives the same trees for the same tree size (nonces derived, nothing stored) and others for another', async () => {
    const first = await makeLiabilitiesStatement(signer, snapshot());
    const again = await makeLiabilitiesStatement(signer, snapshot());
    const later = await makeLiabilitiesStatement(signer, { ...snapshot(), size: 43n });
    const root = (m: typeof first) => m.statement.assets.find((a) => a.asset === 'SAI')!.root;
    expect(root(again)).toBe(root(first));
    expect(root(later)).not.toBe(root(first));
    const other = signerFromKey(generateKeyPairSync('ed25519').privateKey);
    expect(root(await makeLiabilitiesStatement(other, snapshot()))).not.toBe(root(first));
  });

  it('refuses a total other than issued − outbound − fees, and signs nothing', async () => {
    const rows = balances();
    rows[3] = { ...rows[3]!, units: rows[3]!.units + 1n };
    await expect(makeLiabilitiesStatement(signer, snapshot(rows))).rejects.toThrow(LiabilitiesMismatchError);
    await expect(makeLiabilitiesStatement(signer, snapshot(rows))).rejects.toThrow(/liabilities in SAI/);
  });

  it('refuses a negative balance, even one the totals would hide', async () => {
    const rows = balances();
    // Bob −50 and Carol +50 more: the sum is unchanged, so only the sign check can catch it.
    rows[3] = { ...rows[3]!, units: -5_000n };
    rows[4] = { ...rows[4]!, units: 12_500n };
    await expect(makeLiabilitiesStatement(signer, snapshot(rows))).rejects.toThrow(/negative/);
  });

  it('refuses an account of no known kind and an unknown asset', async () => {
    await expect(
      makeLiabilitiesStatement(
        signer,
        snapshot([...balances(), { account: 'mystery:SAI', asset: 'SAI', units: 1n }]),
      ),
    ).rejects.toThrow(/no known kind/);
    await expect(
      makeLiabilitiesStatement(
        signer,
        snapshot([...balances(), { account: alice, asset: 'DOGE', units: 1n }]),
      ),
    ).rejects.toThrow(/unknown asset/);
  });
});

/** The hex string with its first digit changed. */
function flip(hex: string): string {
  return (hex[0] === '0' ? '1' : '0') + hex.slice(1);
}

/** One change to a proof each, with the check that is to fail first. */
const oneByteChanges: [string, (p: LiabilityProof) => void, string][] = [
  [
    'balance',
    (p) => {
      p.entries[0]!.balance = '200.01';
    },
    'parts',
  ],
  [
    'part amount',
    (p) => {
      const part = p.entries[0]!.parts[1]!;
      part.amount = decimalOfUnits(BigInt(part.amount.replace('.', '')) + 1n, 2);
    },
    'root',
  ],
  [
    'part amount and balance together',
    (p) => {
      const part = p.entries[0]!.parts[1]!;
      part.amount = decimalOfUnits(BigInt(part.amount.replace('.', '')) + 1n, 2);
      p.entries[0]!.balance = '200.01';
    },
    'root',
  ],
  [
    'a part left out',
    (p) => {
      p.entries[0]!.parts.pop();
    },
    'parts',
  ],
  [
    'a part given twice',
    (p) => {
      p.entries[0]!.parts[1] = p.entries[0]!.parts[0]!;
    },
    'parts',
  ],
  [
    'no parts',
    (p) => {
      p.entries[0]!.parts = [];
    },
    'parts',
  ],
  [
    'nonce',
    (p) => {
      p.entries[0]!.parts[0]!.nonce = flip(p.entries[0]!.parts[0]!.nonce);
    },
    'root',
  ],
  [
    'path hash of one part',
    (p) => {
      const path = p.entries[0]!.parts[2]!.path;
      path[3]!.hash = flip(path[3]!.hash);
    },
    'root',
  ],
  [
    'account',
    (p) => {
      p.entries[0]!.account = bob;
    },
    'root',
  ],
  [
    'total',
    (p) => {
      p.statement.assets[0]!.total = '280.01';
    },
    'statement signature',
  ],
  [
    'signature',
    (p) => {
      p.statement.signature = `${p.statement.signature[0] === 'A' ? 'B' : 'A'}${p.statement.signature.slice(1)}`;
    },
    'statement signature',
  ],
  [
    'index',
    (p) => {
      const part = p.entries[0]!.parts[0]!;
      part.index = String(Number(part.index) ^ 1);
    },
    'root',
  ],
];

describe('liability proof against forgeries', () => {
  it('fails a path that drops a balance while its sums still add up (Hu, Zhang and Guo)', async () => {
    // The operator leaves Bob's 50.00 out of the published total: it re-signs SAI's total 50.00 lower and
    // hands Alice a path whose sibling sums are lowered by the same amount, so that they still add up.
    const { proof } = await proofOf(alice);
    const forged = copy(proof);
    const entry = forged.entries.find((e) => e.asset === 'SAI')!;
    // The largest sibling on one part's path (the other half of the tree): lowered by what is dropped.
    const units = (text: string) => BigInt(text.replace('.', ''));
    const step = entry.parts[0]!.path.reduce((a, b) => (units(b.sum) > units(a.sum) ? b : a));
    const dropped = units(step.sum) < 5_000n ? units(step.sum) : 5_000n;
    expect(dropped).toBeGreaterThan(0n);
    step.sum = decimalOfUnits(units(step.sum) - dropped, 2);
    const sai = forged.statement.assets.find((a) => a.asset === 'SAI')!;
    sai.total = decimalOfUnits(units(sai.total) - dropped, 2);
    forged.statement = resign(forged.statement);
    const verdict = await verifyLiabilityProof(forged, signer.publicKey);
    expect(verdict.ok).toBe(false);
    expect(verdict.checks.find((c) => !c.ok)?.name).toBe('root');
  });

  it('fails a path whose sibling is replaced by a node of negative and positive sums that cancel', async () => {
    // The other form of the attack: a sibling presented as a parent of two nodes whose sums cancel (one
    // negative). The verifier only sees the sibling's sum and hash; a hash over (−x, h1, +x, h2) cannot be
    // made, since sums are unsigned 128-bit fields in every node hash: building one throws.
    expect(() => liabilityNodeHash(-5_000n, new Uint8Array(32), 5_000n, new Uint8Array(32))).toThrow(
      RangeError,
    );
    const { proof } = await proofOf(alice);
    const forged = copy(proof);
    forged.entries[0]!.parts[0]!.path[0]!.sum = '-50.00';
    expect((await verifyLiabilityProof(forged, signer.publicKey)).ok).toBe(false);
  });

  it('fails after one byte changes: balance, nonce, path hash, statement total, signature', async () => {
    const { proof } = await proofOf(alice);
    for (const [what, change, check] of oneByteChanges) {
      const changed = copy(proof);
      change(changed);
      const verdict = await verifyLiabilityProof(changed, signer.publicKey);
      expect(verdict.ok, what).toBe(false);
      expect(verdict.checks.find((c) => !c.ok)?.name, what).toBe(check);
    }
  });
});

describe('balances split, shuffled and padded', () => {
  const secret = Buffer.alloc(32, 9);

  it('splits a balance into parts that add up to it, none negative, the same each time', () => {
    for (const units of [0n, 1n, 3n, 4n, 2_150n, 9_850n, 10n ** 30n]) {
      const parts = splitBalance(secret, 42n, alice, 'SAI', units);
      expect(parts).toHaveLength(LIABILITY_PARTS);
      expect(
        parts.reduce((a, b) => a + b, 0n),
        String(units),
      ).toBe(units);
      for (const part of parts) expect(part >= 0n && part <= units, String(units)).toBe(true);
      expect(splitBalance(secret, 42n, alice, 'SAI', units)).toEqual(parts);
    }
    // Another statement, account, asset or secret: another split.
    const base = splitBalance(secret, 42n, alice, 'SAI', 1_000_000n);
    expect(splitBalance(secret, 43n, alice, 'SAI', 1_000_000n)).not.toEqual(base);
    expect(splitBalance(secret, 42n, bob, 'SAI', 1_000_000n)).not.toEqual(base);
    expect(splitBalance(secret, 42n, alice, 'ETH', 1_000_000n)).not.toEqual(base);
    expect(splitBalance(Buffer.alloc(32, 8), 42n, alice, 'SAI', 1_000_000n)).not.toEqual(base);
    // A large balance is not left whole in one part.
    expect(base.every((part) => part < 1_000_000n)).toBe(true);
    expect(() => splitBalance(secret, 42n, alice, 'SAI', -1n)).toThrow(RangeError);
  });

  it("gives each account its parts' paths; no leaf of the tree is another account's balance", async () => {
    const { made, proof } = await proofOf(alice);
    const sai = proof.entries.find((e) => e.asset === 'SAI')!;
    expect(sai.parts).toHaveLength(LIABILITY_PARTS);
    expect(new Set(sai.parts.map((p) => p.index)).size).toBe(LIABILITY_PARTS);
    const tree = made.trees.get('SAI')!;
    const leafSums = tree.levels[0]!.map((node) => node.sum);
    expect(leafSums.reduce((a, b) => a + b, 0n)).toBe(28_000n);
    // Every balance is in 4 leaves, none of which holds it whole.
    for (const units of [20_000n, 5_000n, 2_500n, 500n]) expect(leafSums).not.toContain(units);
    expect(leafSums.filter((sum) => sum > 0n).length).toBeLessThanOrEqual(16);
  });

  it('places the leaves anew in each statement, padding among them, not by account', async () => {
    const indices = async (size: bigint) => {
      const made = await makeLiabilitiesStatement(signer, { ...snapshot(), size });
      return [alice, bob, carol].map((account) =>
        proofEntries(signer, made.statement, made.trees, account)[0]!.parts.map((p) => Number(p.index)),
      );
    };
    const first = await indices(42n);
    expect(await indices(42n)).toEqual(first);
    const later = await indices(43n);
    expect(later).not.toEqual(first);
    // Not packed at the front with the padding after them: the leaves spread over the whole width.
    const all = [...first.flat(), ...later.flat()];
    expect(Math.max(...all)).toBeGreaterThan(MIN_LIABILITY_LEAVES / 2);
  });

  it('pads to the next power of two of the parts, at least the minimum width', async () => {
    const many: BalanceRow[] = [];
    for (let i = 0; i < 300; i++)
      many.push({ account: `user:${String(i).padStart(4, '0')}`, asset: 'SAI', units: 100n + BigInt(i) });
    const total = many.reduce((sum, row) => sum + row.units, 0n);
    const rows = [{ account: 'issuance:SAI', asset: 'SAI', units: -total }, ...many];
    const made = await makeLiabilitiesStatement(signer, snapshot(rows));
    // 300 × 4 = 1,200 parts: 2,048 leaves.
    expect(made.statement.assets.find((a) => a.asset === 'SAI')!.leaves).toBe('2048');
    // An asset nobody holds is still a tree of the minimum width.
    expect(made.statement.assets.find((a) => a.asset === 'BTC')!.leaves).toBe(String(MIN_LIABILITY_LEAVES));
    const proof: LiabilityProof = {
      format: LIABILITY_PROOF_FORMAT,
      version: LIABILITY_PROOF_VERSION,
      statement: made.statement,
      entries: proofEntries(signer, made.statement, made.trees, 'user:0123'),
      publicKey: signer.publicKey,
    };
    expect(proof.entries[0]!.balance).toBe('2.23');
    expect((await verifyLiabilityProof(proof, signer.publicKey)).ok).toBe(true);
  });
});
