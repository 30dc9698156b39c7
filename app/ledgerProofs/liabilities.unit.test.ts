import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  LIABILITY_PROOF_FORMAT,
  type LiabilitiesStatement,
  type LiabilityProof,
  liabilitiesMessage,
} from '../../domain/verifiable/formats.ts';
import { decimalOfUnits, liabilityNodeHash } from '../../domain/verifiable/liabilities.ts';
import { verifyLiabilityProof } from '../../domain/verifiable/verify.ts';
import {
  type BalanceRow,
  LiabilitiesMismatchError,
  makeLiabilitiesStatement,
  proofEntries,
} from './liabilities.ts';
import { signerFromKey } from './signer.ts';

const signer = signerFromKey(generateKeyPairSync('ed25519').privateKey);
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

async function proofOf(account: string) {
  const made = await makeLiabilitiesStatement(signer, snapshot());
  const proof: LiabilityProof = {
    format: LIABILITY_PROOF_FORMAT,
    version: 1,
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
    expect(sai.leaves).toBe('4');
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

describe('liability proof against forgeries', () => {
  it('fails a path that drops a balance while its sums still add up (Hu, Zhang and Guo)', async () => {
    // The operator leaves Bob's 50.00 out of the published total: it re-signs SAI's total 50.00 lower and
    // hands Alice a path whose sibling sums are lowered by the same amount, so that they still add up.
    const { proof } = await proofOf(alice);
    const forged = copy(proof);
    const entry = forged.entries.find((e) => e.asset === 'SAI')!;
    const step = entry.path.find((s) => BigInt(s.sum.replace('.', '')) >= 5_000n)!;
    step.sum = decimalOfUnits(BigInt(step.sum.replace('.', '')) - 5_000n, 2);
    const sai = forged.statement.assets.find((a) => a.asset === 'SAI')!;
    sai.total = decimalOfUnits(BigInt(sai.total.replace('.', '')) - 5_000n, 2);
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
    forged.entries[0]!.path[0]!.sum = '-50.00';
    expect((await verifyLiabilityProof(forged, signer.publicKey)).ok).toBe(false);
  });

  it('fails after one byte changes: balance, nonce, path hash, statement total, signature', async () => {
    const { proof } = await proofOf(alice);
    const flip = (hex: string) => (hex[0] === '0' ? '1' : '0') + hex.slice(1);
    const variants: [string, (p: LiabilityProof) => void, string][] = [
      [
        'balance',
        (p) => {
          p.entries[0]!.balance = '200.01';
        },
        'root',
      ],
      [
        'nonce',
        (p) => {
          p.entries[0]!.nonce = flip(p.entries[0]!.nonce);
        },
        'root',
      ],
      [
        'path hash',
        (p) => {
          p.entries[0]!.path[0]!.hash = flip(p.entries[0]!.path[0]!.hash);
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
          p.entries[0]!.index = String(Number(p.entries[0]!.index) ^ 1);
        },
        'root',
      ],
    ];
    for (const [what, change, check] of variants) {
      const changed = copy(proof);
      change(changed);
      const verdict = await verifyLiabilityProof(changed, signer.publicKey);
      expect(verdict.ok, what).toBe(false);
      expect(verdict.checks.find((c) => !c.ok)?.name, what).toBe(check);
    }
  });
});
