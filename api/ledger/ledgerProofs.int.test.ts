import { beforeAll, describe, expect, it } from 'vitest';
import { ReceiptUnavailableError, receiptFor } from '../../app/ledgerProofs/receipts.ts';
import type { LedgerReceipt } from '../../domain/verifiable/formats.ts';
import { eventLeaf, naiveRoot } from '../../domain/verifiable/merkle.ts';
import { verifyReceipt } from '../../domain/verifiable/verify.ts';
import { receiptOf, seedProofParties, transferSai, trustedKey } from '../../testing/ledgerProofParties.ts';
import { replayLog } from '../../testing/ledgerReplay.ts';
import { setUpTestApp, signedUpClient, type TestClient } from '../../testing/testApp.ts';

/**
 * Receipts through the API, with the real tree follower and digest service, their roots checked against a
 * replay of the raw log (testing/ledgerReplay.ts): each verifies with the browser's checker and fails after
 * one byte changes. Liability proofs: ledgerProofs.liabilities.int.test.ts.
 */
const t = setUpTestApp();
const trusted = () => trustedKey(t);
let admin: TestClient;
let alice: { client: TestClient; id: string };
let bob: { client: TestClient; id: string };
let transferId: string;
let depositId: string;

const flip = (hex: string) => (hex[0] === '0' ? '1' : '0') + hex.slice(1);

/** One-byte changes to a receipt, each with the check it must fail (`proofAt`: an event with a proof). */
const RECEIPT_CHANGES: [string, (r: LedgerReceipt, proofAt: number) => void, string][] = [
  [
    'event data',
    (r) => {
      const data = r.events[0]!.data as Record<string, unknown>;
      data.amount = String(data.amount).replace('20.50', '20.51');
    },
    'event content',
  ],
  [
    'proof hash',
    (r, proofAt) => {
      r.events[proofAt]!.proof[0] = flip(r.events[proofAt]!.proof[0]!);
    },
    'inclusion',
  ],
  [
    'digest signature',
    (r) => {
      r.digest.signature = `${r.digest.signature[0] === 'A' ? 'B' : 'A'}${r.digest.signature.slice(1)}`;
    },
    'digest signature',
  ],
  [
    'digest root',
    (r) => {
      r.digest.root = flip(r.digest.root);
    },
    'digest signature',
  ],
  [
    'position',
    (r) => {
      // Past every event of the receipt: a position another event holds is refused as a repeat (`events`).
      const last = r.events.reduce((max, e) => (BigInt(e.position) > max ? BigInt(e.position) : max), 0n);
      r.events[0]!.position = String(last + 1n);
    },
    'inclusion',
  ],
];

describe('verifiable receipts and liability proofs: receipts', () => {
  beforeAll(async () => {
    ({ admin, alice, bob, transferId, depositId } = await seedProofParties(t));
  });

  it("serves a transaction's receipt to its parties and an admin, which verifies", async () => {
    const reply = await receiptOf(alice.client, transferId);
    expect(reply.status).toBe(200);
    const receipt = reply.body;
    // Both legs: the sender's debit and the receiver's credit, at their positions in the replayed log.
    expect(receipt.events.map((e) => e.type)).toEqual(['TokensTransferred', 'TransferReceived']);
    const replay = await replayLog(t.deps.store, BigInt(receipt.digest.treeSize));
    const root = naiveRoot(replay.events.map((e, i) => eventLeaf(BigInt(i), e.metadata.hash)));
    expect(receipt.digest.root).toBe(Buffer.from(root).toString('hex'));
    for (const event of receipt.events) expect(replay.events[Number(event.position)]!.id).toBe(event.id);
    const verdict = await verifyReceipt(receipt, await trusted());
    expect(verdict.failure).toBeNull();
    expect(verdict.ok).toBe(true);
    expect((await receiptOf(bob.client, transferId)).status).toBe(200);
    expect((await receiptOf(admin, transferId)).status).toBe(200);
  });

  it('answers 404 to anyone else and for an unknown transaction, 401 to a visitor', async () => {
    const stranger = (await signedUpClient(t)).client;
    expect((await receiptOf(stranger, transferId)).status).toBe(404);
    expect((await receiptOf(bob.client, depositId)).status).toBe(404);
    expect((await receiptOf(admin, 'no-such-transaction')).status).toBe(404);
    expect((await receiptOf(t.client(), transferId)).status).toBe(401);
  });

  it('fails after one byte changes: event data, a proof hash, the digest signature, the position', async () => {
    const receipt = (await receiptOf(alice.client, transferId)).body;
    const withProof = receipt.events.findIndex((e) => e.proof.length > 0);
    expect(withProof).toBeGreaterThanOrEqual(0);
    for (const [what, change, check] of RECEIPT_CHANGES) {
      const changed = JSON.parse(JSON.stringify(receipt)) as LedgerReceipt;
      change(changed, withProof);
      expect(JSON.stringify(changed), what).not.toBe(JSON.stringify(receipt));
      const verdict = await verifyReceipt(changed, await trusted());
      expect(verdict.ok, what).toBe(false);
      expect(verdict.checks.find((c) => !c.ok)?.name, what).toBe(check);
    }
  });

  it('reuses a digest that covers the events, and signs a fresh one for newer events', async () => {
    const first = (await receiptOf(alice.client, transferId)).body.digest;
    const again = (await receiptOf(bob.client, transferId)).body.digest;
    expect(again.signature).toBe(first.signature);
    const later = await transferSai(alice, bob, '1.00');
    await t.settle();
    const fresh = (await receiptOf(alice.client, later.body.id)).body;
    expect(BigInt(fresh.digest.treeSize)).toBeGreaterThan(BigInt(first.treeSize));
    expect((await verifyReceipt(fresh, await trusted())).ok).toBe(true);
  });

  it('refuses the receipt of an event changed in the log since (503), and logs the mismatch', async () => {
    expect((await receiptOf(alice.client, depositId)).status).toBe(200);
    // An insider edits the stored event without recomputing its hash.
    await t.db.pool.query(
      `UPDATE es_events SET data = data || '{"tampered": true}'
        WHERE event_id IN (SELECT event_id FROM transaction_events WHERE transaction_id = $1)`,
      [depositId],
    );
    const reply = await receiptOf(alice.client, depositId);
    expect(reply.status).toBe(503);
    expect((reply.body as unknown as { message: string }).message).toMatch(/no longer match/);
    expect(t.logs.some((line) => line.includes('a stored event differs from its leaf'))).toBe(true);
  });

  it('waits for the tree to reach the events, and answers 503 when it does not in time', async () => {
    const proofs = t.deps.ledgerProofs!;
    const deps = { ...proofs, pool: t.deps.pool, store: t.deps.store, logger: t.deps.logger };
    // A tree that has not reached the events on the first look, then has.
    let looks = 0;
    const lagging = {
      ...proofs.tree,
      leavesOfEvents: async (db: Parameters<typeof proofs.tree.leavesOfEvents>[0], ids: string[]) =>
        looks++ === 0 ? new Map() : await proofs.tree.leavesOfEvents(db, ids),
    };
    const caughtUp = await receiptFor({ ...deps, tree: lagging }, transferId);
    expect(looks).toBe(2);
    expect(caughtUp && (await verifyReceipt(caughtUp, await trusted())).ok).toBe(true);
    // One that never does: the wait gives up after TREE_WAIT_MS, and the route answers 503 (Retry-After).
    const stuck = {
      ...proofs.tree,
      leavesOfEvents: async () => new Map(),
      waitForTreeSize: async () => false,
    };
    await expect(receiptFor({ ...deps, tree: stuck }, transferId)).rejects.toThrow(ReceiptUnavailableError);
  }, 20_000);
});
