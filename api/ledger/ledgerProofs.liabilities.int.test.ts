import { beforeAll, describe, expect, it, vi } from 'vitest';
import { LiabilityStatements } from '../../app/ledgerProofs/ledgerProofs.ts';
import { latestLiabilitiesStatement } from '../../app/ledgerProofs/liabilities.table.ts';
import { LiabilityProofUnavailableError, liabilityProofFor } from '../../app/ledgerProofs/liabilities.ts';
import type { LiabilitiesStatement, LiabilityProof } from '../../domain/verifiable/formats.ts';
import { verifyLiabilityProof, verifyReceipt } from '../../domain/verifiable/verify.ts';
import { runScheduledJob } from '../../infra/postgres/scheduledJobs.ts';
import { receiptOf, seedProofParties, transferSai, trustedKey } from '../../testing/ledgerProofParties.ts';
import { setUpTestApp, signedUpClient, type TestClient } from '../../testing/testApp.ts';

/**
 * Liability proofs through the API, with the real tree follower and digest service: the statements, made on
 * a schedule or by an admin, and each user's proof, which verifies with the browser's checker and fails
 * after one change. Receipts: ledgerProofs.int.test.ts.
 */
const t = setUpTestApp();
const trusted = () => trustedKey(t);
let admin: TestClient;
let alice: { client: TestClient; id: string };
let bob: { client: TestClient; id: string };
let transferId: string;

/** Statements made apart from the app's own schedule, as another process would make them. */
const statementMaker = () =>
  new LiabilityStatements({
    pool: t.deps.pool,
    signer: t.deps.ledgerProofs!.signer,
    tree: t.deps.ledgerProofs!.tree,
    logger: t.deps.logger,
  });

const statementCount = async () =>
  (await t.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_liabilities')).rows[0]!.n;

/** Takes the statements' lock, as another process making one holds it; returns its release. */
async function holdStatementsLock(): Promise<() => Promise<void>> {
  const holder = await t.db.pool.connect();
  await holder.query(`SELECT pg_advisory_lock(hashtextextended('sai:liabilities', 0))`);
  let held = true;
  return async () => {
    if (!held) return;
    held = false;
    try {
      await holder.query(`SELECT pg_advisory_unlock(hashtextextended('sai:liabilities', 0))`);
    } finally {
      holder.release();
    }
  };
}

/** The first statement, made by the scheduled job once within its interval, and published. */
async function expectScheduledStatementPublished() {
  const statements = statementMaker();
  // The digest a receipt asks for makes no statement: statements are made on a schedule.
  expect((await receiptOf(alice.client, transferId)).status).toBe(200);
  await t.deps.ledgerProofs!.statements.idle();
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
  return { statement, job };
}

/** Alice's and Bob's proofs verify, each of its owner's balance alone; Alice's with one change does not. */
async function expectProofsOfTheirOwn(): Promise<LiabilityProof> {
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
  return proof.body;
}

/**
 * Money moves and a fresh digest is signed for the new receipt; the proof asked for again within the
 * interval is of the same statement, and no new statement was made.
 */
async function expectSameStatementWithinInterval(
  { statement, job }: Awaited<ReturnType<typeof expectScheduledStatementPublished>>,
  proof: LiabilityProof,
) {
  const later = await transferSai(alice, bob, '2.00');
  expect(later.status).toBe(201);
  await t.settle();
  const fresh = (await receiptOf(alice.client, later.body.id)).body;
  expect(BigInt(fresh.digest.treeSize)).toBeGreaterThan(BigInt(statement.treeSize));
  await t.deps.ledgerProofs!.statements.idle();
  const again = await alice.client.get<LiabilityProof>('/api/ledger/liabilities/proof');
  expect(again.status).toBe(200);
  expect(again.body.statement).toEqual(statement);
  expect(again.body.entries[0]!.balance).toBe('98.50');
  expect(again.body).toEqual(proof);
  expect(await runScheduledJob(t.deps.pool, job)).toEqual({ ran: false, reason: 'not due' });
  expect(await statementCount()).toBe(1);
}

/** A user cannot ask for a statement; an admin can (after an incident, before an audit). */
async function expectStatementOnAdminRequest(previous: LiabilitiesStatement) {
  expect((await alice.client.post('/api/admin/ledger/liabilities', {})).status).toBe(403);
  await t.treeCaughtUp();
  const asked = await admin.post('/api/admin/ledger/liabilities', {});
  expect(asked.status, asked.text).toBe(200);
  expect(BigInt(asked.body.statement.treeSize)).toBeGreaterThan(BigInt(previous.treeSize));
  expect(await statementCount()).toBe(2);
  const newer = await alice.client.get<LiabilityProof>('/api/ledger/liabilities/proof');
  expect(newer.body.entries[0]!.balance).toBe('96.50');
  expect((await verifyLiabilityProof(newer.body, await trusted())).ok).toBe(true);

  // While another process makes one (its lock held), the admin is told to ask again: a 409, not a 503.
  const release = await holdStatementsLock();
  try {
    const busy = await admin.post('/api/admin/ledger/liabilities', {});
    expect(busy.status, busy.text).toBe(409);
    expect(busy.body.code).toBe('liabilities_statement_busy');
    expect(busy.headers.get('retry-after')).toBe('5');
  } finally {
    await release();
  }
  expect(await statementCount()).toBe(2);
}

/**
 * The latest statement as an upgrade finds it: made with layout 1 (one leaf a balance), so its stored
 * leaves do not rebuild its root with today's split (the leaf the test before changed stands for that).
 */
async function downgradeLatestStatement() {
  await t.treeCaughtUp();
  const before = (await latestLiabilitiesStatement(t.deps.pool))!;
  await t.db.pool.query('UPDATE ledger_liabilities SET layout = 1 WHERE tree_size = $1', [
    before.statement.treeSize,
  ]);
  expect((await alice.client.get('/api/ledger/liabilities/proof')).status).toBe(503);
  return before.statement;
}

/** With no schedule and the lock held elsewhere, each tick tries the older layout again until it is made. */
async function expectOlderLayoutRetriedUntilMade() {
  const statements = statementMaker();
  // No schedule at all (LIABILITIES_INTERVAL=0), and another process holding the statements' lock on
  // the first ticks: the older layout is tried again on every tick until one of today's is stored.
  const release = await holdStatementsLock();
  const attempts = vi.spyOn(statements, 'attempt');
  const stop = statements.startSchedule(0, 20);
  try {
    await expect.poll(() => attempts.mock.calls.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    await statements.idle();
    expect((await latestLiabilitiesStatement(t.deps.pool))!.layout).toBe(1);
    await release();
    await expect
      .poll(async () => (await latestLiabilitiesStatement(t.deps.pool))!.layout, { timeout: 30_000 })
      .toBe(2);
  } finally {
    await release();
    await stop();
  }
}

/**
 * Made again at the log's head: in place when the log has not moved, else at the newer size; either
 * way there is one statement per tree size and the latest one carries today's layout.
 */
async function expectMadeAgainWithTodaysLayout(before: LiabilitiesStatement) {
  const after = (await latestLiabilitiesStatement(t.deps.pool))!;
  expect(Number(after.statement.treeSize)).toBeGreaterThanOrEqual(Number(before.treeSize));
  expect(after.statement.signature).not.toBe(before.signature);
  const count = await t.db.pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM ledger_liabilities WHERE tree_size = $1',
    [after.statement.treeSize],
  );
  expect(count.rows[0]!.n).toBe(1);
  const proof = await alice.client.get<LiabilityProof>('/api/ledger/liabilities/proof');
  expect(proof.status, proof.text).toBe(200);
  expect(proof.body.statement).toEqual(after.statement);
  expect((await verifyLiabilityProof(proof.body, await trusted())).ok).toBe(true);
}

/** Bob erased: the receipt taken before and one taken now verify, the events' hashes unchanged. */
async function expectReceiptsKeptThroughErasure() {
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
}

/** Still owed after Bob's erasure: 120 SAI in all, his share now in dormant:SAI. */
async function expectDormantBalanceCounted() {
  await t.treeCaughtUp();
  const statement = await statementMaker().make();
  expect(statement!.assets.find((a) => a.asset === 'SAI')!.total).toBe('120.00');
  const leaves = await t.db.pool.query<{ account: string }>(
    'SELECT account FROM ledger_liability_leaves WHERE tree_size = $1',
    [statement!.treeSize],
  );
  expect(leaves.rows.map((r) => r.account)).toContain('dormant:SAI');
  expect(leaves.rows.map((r) => r.account)).not.toContain(`user:${bob.id}`);
  const proof = await alice.client.get('/api/ledger/liabilities/proof');
  expect((await verifyLiabilityProof(proof.body, await trusted())).ok).toBe(true);
}

describe('verifiable receipts and liability proofs: liabilities', () => {
  beforeAll(async () => {
    ({ admin, alice, bob, transferId } = await seedProofParties(t));
    // Then 1.00 more: Alice keeps 98.50 and Bob has 21.50.
    expect((await transferSai(alice, bob, '1.00')).status).toBe(201);
    await t.settle();
  });

  it('publishes the liabilities and gives each user a proof that verifies', async () => {
    const published = await expectScheduledStatementPublished();
    const proof = await expectProofsOfTheirOwn();
    await expectSameStatementWithinInterval(published, proof);
    await expectStatementOnAdminRequest(published.statement);
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
    const before = await downgradeLatestStatement();
    await expectOlderLayoutRetriedUntilMade();
    await expectMadeAgainWithTodaysLayout(before);
  });

  it('refuses a statement whose total is not issued − outbound − fees, and records the mismatch', async () => {
    const statements = statementMaker();
    await transferSai(alice, bob, '0.10');
    await t.settle();
    await t.treeCaughtUp();
    const before = await statementCount();
    // An insider adds 5 SAI to a user's balance without the matching issuance.
    await t.db.pool.query(
      "UPDATE ledger_tree_balances SET units = units + 500 WHERE account = $1 AND asset = 'SAI'",
      [`user:${alice.id}`],
    );
    expect(await statements.make()).toBeNull();
    expect(await statementCount()).toBe(before);
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
    await expectReceiptsKeptThroughErasure();
    await expectDormantBalanceCounted();
  });
});
