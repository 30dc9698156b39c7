import { beforeAll, describe, expect, it, vi } from 'vitest';
import { LiabilityStatements } from '../../app/ledgerProofs/ledgerProofs.ts';
import {
  LiabilityProofUnavailableError,
  latestLiabilitiesStatement,
  liabilityProofFor,
} from '../../app/ledgerProofs/liabilities.ts';
import { ReceiptUnavailableError, receiptFor } from '../../app/ledgerProofs/receipts.ts';
import type { LedgerReceipt, LiabilityProof } from '../../domain/verifiable/formats.ts';
import { eventLeaf, naiveRoot } from '../../domain/verifiable/merkle.ts';
import { verifyLiabilityProof, verifyReceipt } from '../../domain/verifiable/verify.ts';
import { runScheduledJob } from '../../infra/postgres/scheduledJobs.ts';
import { replayLog } from '../../testing/ledgerReplay.ts';
import { setUpTestApp, signedInAdmin, signedUpClient, type TestClient } from '../../testing/testApp.ts';

/**
 * Receipts and liability proofs through the API, with the real tree follower and digest service, their
 * roots checked against a replay of the raw log (testing/ledgerReplay.ts): each verifies with the browser's
 * checker and fails after one byte changes.
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: over 100 lines, to split (issue 49)
describe('verifiable receipts and liability proofs', () => {
  const t = setUpTestApp();
  /** The key document the service publishes: what a reader trusts (the /verify page fetches it so). */
  const trusted = async () => (await t.client().get('/api/ledger/public-key')).body as unknown;
  let admin: TestClient;
  let alice: { client: TestClient; id: string };
  let bob: { client: TestClient; id: string };
  let transferId: string;
  let depositId: string;

  beforeAll(async () => {
    admin = (await signedInAdmin(t)).client;
    const a = await signedUpClient(t);
    const b = await signedUpClient(t);
    alice = { client: a.client, id: a.user.id };
    bob = { client: b.client, id: b.user.id };
    const deposit = await admin.post('/api/transactions', {
      type: 'admin_deposit',
      amount: '120.00',
      receiver_id: alice.id,
    });
    expect(deposit.status).toBe(201);
    depositId = deposit.body.id;
    await t.settle();
    const transfer = await alice.client.post('/api/transactions', {
      type: 'transfer',
      amount: '20.50',
      receiver_id: bob.id,
    });
    expect(transfer.status).toBe(201);
    transferId = transfer.body.id;
    await t.settle();
  });

  const receiptOf = async (client: TestClient, id: string) =>
    await client.get<LedgerReceipt>(`/api/transactions/${id}/receipt`);

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
    const copy = () => JSON.parse(JSON.stringify(receipt)) as LedgerReceipt;
    const flip = (hex: string) => (hex[0] === '0' ? '1' : '0') + hex.slice(1);
    const withProof = receipt.events.findIndex((e) => e.proof.length > 0);
    expect(withProof).toBeGreaterThanOrEqual(0);
    const variants: [string, (r: LedgerReceipt) => void, string][] = [
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
        (r) => {
          r.events[withProof]!.proof[0] = flip(r.events[withProof]!.proof[0]!);
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
    for (const [what, change, check] of variants) {
      const changed = copy();
      change(changed);
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
    const later = await alice.client.post('/api/transactions', {
      type: 'transfer',
      amount: '1.00',
      receiver_id: bob.id,
    });
    await t.settle();
    const fresh = (await receiptOf(alice.client, later.body.id)).body;
    expect(BigInt(fresh.digest.treeSize)).toBeGreaterThan(BigInt(first.treeSize));
    expect((await verifyReceipt(fresh, await trusted())).ok).toBe(true);
  });

  it('publishes the liabilities and gives each user a proof that verifies', async () => {
    const statements = new LiabilityStatements({
      pool: t.deps.pool,
      signer: t.deps.ledgerProofs!.signer,
      tree: t.deps.ledgerProofs!.tree,
      logger: t.deps.logger,
    });
    // The digests the receipts above asked for made no statement: statements are made on a schedule.
    await t.deps.ledgerProofs!.statements.idle();
    const statementCount = async () =>
      (await t.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_liabilities')).rows[0]!.n;
    expect(await statementCount()).toBe(0);
    await t.treeCaughtUp();
    // The scheduled job (an hour's interval here) makes one; run again within the interval, it is not due.
    const job = statements.scheduledJob(3_600_000);
    const first = await runScheduledJob(t.deps.pool, job);
    expect(first.ran).toBe(true);
    expect(await runScheduledJob(t.deps.pool, job)).toEqual({ ran: false, reason: 'not due' });
    expect(await statementCount()).toBe(1);
    const statement = (await latestLiabilitiesStatement(t.deps.pool))!.statement;
    expect(first.ran && first.result).toBe(statement.treeSize);
    // Asked again with the log unmoved: the same statement, not a second one of the same tree size.
    expect(await statements.make()).toEqual(statement);
    const published = await t.client().get('/api/ledger/liabilities');
    expect(published.status).toBe(200);
    expect(published.body.statement).toEqual(statement);
    expect(published.body.publicKey.keyId).toBe(statement!.keyId);
    // 120 SAI were distributed and nothing left the ledger: everything is owed.
    expect(statement!.assets.find((a) => a.asset === 'SAI')!.total).toBe('120.00');

    const proof = await alice.client.get<LiabilityProof>('/api/ledger/liabilities/proof');
    expect(proof.status).toBe(200);
    expect(proof.body.entries.map((e) => [e.asset, e.account, e.balance])).toEqual([
      ['SAI', `user:${alice.id}`, '98.50'],
    ]);
    expect((await verifyLiabilityProof(proof.body, await trusted())).ok).toBe(true);
    const bobs = await bob.client.get<LiabilityProof>('/api/ledger/liabilities/proof');
    expect(bobs.body.entries[0]!.balance).toBe('21.50');
    expect((await verifyLiabilityProof(bobs.body, await trusted())).ok).toBe(true);
    // Neighbours learn nothing of each other: a proof names only its owner's account.
    expect(JSON.stringify(proof.body)).not.toContain(bob.id);

    // Each balance is split over 4 leaves: no leaf on either path is the other's exact balance, nor their
    // own (a sibling leaf is a random share of some balance, or padding).
    for (const [own, other] of [
      [proof.body, '21.50'],
      [bobs.body, '98.50'],
    ] as const) {
      const entry = own.entries[0]!;
      expect(entry.parts).toHaveLength(4);
      const leafSums = entry.parts.flatMap((part) => [part.amount, part.path[0]!.sum]);
      expect(leafSums).not.toContain(other);
      expect(leafSums).not.toContain(entry.balance);
    }

    const changed = JSON.parse(JSON.stringify(proof.body)) as LiabilityProof;
    changed.entries[0]!.balance = '98.51';
    const refused = await verifyLiabilityProof(changed, await trusted());
    expect(refused.ok).toBe(false);
    expect(refused.checks.find((c) => !c.ok)?.name).toBe('parts');

    // Money moves and a fresh digest is signed for the new receipt; the proof asked for again within the
    // interval is of the same statement, and no new statement was made.
    const later = await alice.client.post('/api/transactions', {
      type: 'transfer',
      amount: '2.00',
      receiver_id: bob.id,
    });
    expect(later.status).toBe(201);
    await t.settle();
    const fresh = (await receiptOf(alice.client, later.body.id)).body;
    expect(BigInt(fresh.digest.treeSize)).toBeGreaterThan(BigInt(statement.treeSize));
    await t.deps.ledgerProofs!.statements.idle();
    const again = await alice.client.get<LiabilityProof>('/api/ledger/liabilities/proof');
    expect(again.status).toBe(200);
    expect(again.body.statement).toEqual(statement);
    expect(again.body.entries[0]!.balance).toBe('98.50');
    expect(again.body).toEqual(proof.body);
    expect(await runScheduledJob(t.deps.pool, job)).toEqual({ ran: false, reason: 'not due' });
    expect(await statementCount()).toBe(1);
    // A user cannot ask for a statement; an admin can (after an incident, before an audit).
    expect((await alice.client.post('/api/admin/ledger/liabilities', {})).status).toBe(403);
    await t.treeCaughtUp();
    const asked = await admin.post('/api/admin/ledger/liabilities', {});
    expect(asked.status, asked.text).toBe(200);
    expect(BigInt(asked.body.statement.treeSize)).toBeGreaterThan(BigInt(statement.treeSize));
    expect(await statementCount()).toBe(2);
    const newer = await alice.client.get<LiabilityProof>('/api/ledger/liabilities/proof');
    expect(newer.body.entries[0]!.balance).toBe('96.50');
    expect((await verifyLiabilityProof(newer.body, await trusted())).ok).toBe(true);

    // While another process makes one (its lock held), the admin is told to ask again: a 409, not a 503.
    const holder = await t.db.pool.connect();
    try {
      await holder.query(`SELECT pg_advisory_lock(hashtextextended('sai:liabilities', 0))`);
      const busy = await admin.post('/api/admin/ledger/liabilities', {});
      expect(busy.status, busy.text).toBe(409);
      expect(busy.body.code).toBe('liabilities_statement_busy');
      expect(busy.headers.get('retry-after')).toBe('5');
    } finally {
      await holder.query(`SELECT pg_advisory_unlock(hashtextextended('sai:liabilities', 0))`);
      holder.release();
    }
    expect(await statementCount()).toBe(2);

    const nobody = (await signedUpClient(t)).client;
    const none = await nobody.get('/api/ledger/liabilities/proof');
    expect(none.status).toBe(404);
    expect(none.body.type).toBe('no-liability-proof');
    expect((await t.client().get('/api/ledger/liabilities/proof')).status).toBe(401);
  });

  it('serves proofs from the stored leaves, with the trees rebuilt from them (nothing secret stored)', async () => {
    const stored = await t.db.pool.query<{ n: string }>(
      "SELECT count(*)::text AS n FROM ledger_liability_leaves WHERE account LIKE 'user:%'",
    );
    expect(Number(stored.rows[0]!.n)).toBeGreaterThanOrEqual(2);
    const columns = await t.db.pool.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns
        WHERE table_name IN ('ledger_liabilities', 'ledger_liability_leaves')`,
    );
    expect(columns.rows.map((r) => r.column_name).sort()).toEqual(
      ['account', 'asset', 'created_at', 'layout', 'statement', 'tree_size', 'tree_size', 'units'].sort(),
    );
    const proof = await liabilityProofFor(t.deps.pool, t.deps.ledgerProofs!.signer, alice.id);
    expect(proof && (await verifyLiabilityProof(proof, await trusted())).ok).toBe(true);
    // A stored leaf changed behind the statement's back no longer rebuilds its signed root: refused.
    await t.db.pool.query(
      `UPDATE ledger_liability_leaves SET units = units + 1
        WHERE account = $1 AND tree_size = (SELECT max(tree_size) FROM ledger_liabilities)`,
      [`user:${bob.id}`],
    );
    // Another pool has no cached trees: it rebuilds them from the changed leaves, and refuses.
    await expect(liabilityProofFor(t.db.pool, t.deps.ledgerProofs!.signer, alice.id)).rejects.toThrow(
      LiabilityProofUnavailableError,
    );
    // The trees are cached per statement (one, the latest's): that call dropped them, so the route rebuilds
    // them too, and answers 503 rather than serve a proof of leaves the statement did not sign.
    const refused = await alice.client.get('/api/ledger/liabilities/proof');
    expect(refused.status).toBe(503);
    expect(refused.body.code).toBe('liability_proof_unavailable');
  });

  it('makes a statement of an older layout again at start, so proofs are served again', async () => {
    // The latest statement as an upgrade finds it: made with layout 1 (one leaf a balance), so its stored
    // leaves do not rebuild its root with today's split (the leaf changed above stands for that).
    await t.treeCaughtUp();
    const before = (await latestLiabilitiesStatement(t.deps.pool))!;
    await t.db.pool.query('UPDATE ledger_liabilities SET layout = 1 WHERE tree_size = $1', [
      before.statement.treeSize,
    ]);
    expect((await alice.client.get('/api/ledger/liabilities/proof')).status).toBe(503);
    const statements = new LiabilityStatements({
      pool: t.deps.pool,
      signer: t.deps.ledgerProofs!.signer,
      tree: t.deps.ledgerProofs!.tree,
      logger: t.deps.logger,
    });
    // No schedule at all (LIABILITIES_INTERVAL=0), and another process holding the statements' lock on
    // the first ticks: the older layout is tried again on every tick until one of today's is stored.
    const holder = await t.db.pool.connect();
    await holder.query(`SELECT pg_advisory_lock(hashtextextended('sai:liabilities', 0))`);
    let held = true;
    const attempts = vi.spyOn(statements, 'attempt');
    const stop = statements.startSchedule(0, 20);
    try {
      await expect.poll(() => attempts.mock.calls.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
      await statements.idle();
      expect((await latestLiabilitiesStatement(t.deps.pool))!.layout).toBe(1);
      await holder.query(`SELECT pg_advisory_unlock(hashtextextended('sai:liabilities', 0))`);
      held = false;
      await expect
        .poll(async () => (await latestLiabilitiesStatement(t.deps.pool))!.layout, { timeout: 30_000 })
        .toBe(2);
    } finally {
      if (held) await holder.query(`SELECT pg_advisory_unlock(hashtextextended('sai:liabilities', 0))`);
      holder.release();
      await stop();
    }
    // Made again at the log's head: in place when the log has not moved, else at the newer size; either
    // way there is one statement per tree size and the latest one carries today's layout.
    const after = (await latestLiabilitiesStatement(t.deps.pool))!;
    expect(Number(after.statement.treeSize)).toBeGreaterThanOrEqual(Number(before.statement.treeSize));
    expect(after.statement.signature).not.toBe(before.statement.signature);
    const count = await t.db.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM ledger_liabilities WHERE tree_size = $1',
      [after.statement.treeSize],
    );
    expect(count.rows[0]!.n).toBe(1);
    const proof = await alice.client.get<LiabilityProof>('/api/ledger/liabilities/proof');
    expect(proof.status, proof.text).toBe(200);
    expect(proof.body.statement).toEqual(after.statement);
    expect((await verifyLiabilityProof(proof.body, await trusted())).ok).toBe(true);
  });

  it('refuses a statement whose total is not issued − outbound − fees, and records the mismatch', async () => {
    const statements = new LiabilityStatements({
      pool: t.deps.pool,
      signer: t.deps.ledgerProofs!.signer,
      tree: t.deps.ledgerProofs!.tree,
      logger: t.deps.logger,
    });
    await alice.client.post('/api/transactions', { type: 'transfer', amount: '0.10', receiver_id: bob.id });
    await t.settle();
    await t.treeCaughtUp();
    const before = await t.db.pool.query('SELECT count(*)::int AS n FROM ledger_liabilities');
    // An insider adds 5 SAI to a user's balance without the matching issuance.
    await t.db.pool.query(
      "UPDATE ledger_tree_balances SET units = units + 500 WHERE account = $1 AND asset = 'SAI'",
      [`user:${alice.id}`],
    );
    expect(await statements.make()).toBeNull();
    const after = await t.db.pool.query('SELECT count(*)::int AS n FROM ledger_liabilities');
    expect(after.rows[0].n).toBe(before.rows[0].n);
    const state = await t.db.pool.query(
      'SELECT mismatches::int AS n, last_mismatch FROM ledger_tree_state WHERE id = 1',
    );
    expect(state.rows[0].n).toBe(1);
    expect(state.rows[0].last_mismatch).toMatch(/liabilities in SAI/);
    expect(t.logs.some((line) => line.includes('ledger mismatch'))).toBe(true);
    // Put back, for the tests after this one (the follower's balances are live, not a replay's).
    await t.db.pool.query(
      "UPDATE ledger_tree_balances SET units = units - 500 WHERE account = $1 AND asset = 'SAI'",
      [`user:${alice.id}`],
    );
  });

  it('keeps receipts verifying after a party is erased, and counts their dormant balance', async () => {
    const before = (await receiptOf(alice.client, transferId)).body;
    const erased = await admin.post(`/api/admin/users/${bob.id}/erase`, {
      reason: 'Art. 17 request',
      confirm: 'ERASE',
      moveBalancesToDormant: true,
    });
    expect(erased.status, erased.text).toBe(200);
    await t.settle();
    // The receipt taken before, and one taken now: the log kept every event, sealed fields as ciphertext.
    expect((await verifyReceipt(before, await trusted())).ok).toBe(true);
    const after = (await receiptOf(admin, transferId)).body;
    expect(after.events.map((e) => e.hash)).toEqual(before.events.map((e) => e.hash));
    expect((await verifyReceipt(after, await trusted())).ok).toBe(true);
    await t.treeCaughtUp();
    const statement = await new LiabilityStatements({
      pool: t.deps.pool,
      signer: t.deps.ledgerProofs!.signer,
      tree: t.deps.ledgerProofs!.tree,
      logger: t.deps.logger,
    }).make();
    // Still owed: 120 SAI in all, Bob's share now in dormant:SAI.
    expect(statement!.assets.find((a) => a.asset === 'SAI')!.total).toBe('120.00');
    const leaves = await t.db.pool.query<{ account: string }>(
      'SELECT account FROM ledger_liability_leaves WHERE tree_size = $1',
      [statement!.treeSize],
    );
    expect(leaves.rows.map((r) => r.account)).toContain('dormant:SAI');
    expect(leaves.rows.map((r) => r.account)).not.toContain(`user:${bob.id}`);
    expect(
      (
        await verifyLiabilityProof(
          (
            await alice.client.get('/api/ledger/liabilities/proof')
          ).body,
          await trusted(),
        )
      ).ok,
    ).toBe(true);
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
