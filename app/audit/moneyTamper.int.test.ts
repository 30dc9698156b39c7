import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TIME_TOLERANCE_MS } from '../../domain/ledger/eventTime.ts';
import { appStore } from '../../testing/appStore.ts';
import { type AuditLedger, auditLedger } from '../../testing/auditLedger.ts';
import { fundEth, transfer, withdrawEth } from '../../testing/ledgerApp.ts';
import { appendForged, editEvent, type LoggedRow } from '../../testing/logTamper.ts';
import { signedUpClient } from '../../testing/testApp.ts';
import { setUpCopies, type TestDatabase } from '../../testing/testDb.ts';
import { runTool as tool } from '../../testing/toolEnv.ts';
import { verifyLedger } from './verifyLedger.ts';

/**
 * What the hash chains cannot see (docs/ledger.md invariants 1, 9-11; domain/ledger/moneyAudit.ts, eventTime.ts): an
 * insider with write access edits or appends events and recomputes every hash and head, and rebuilds the
 * read models, so only the money checks of `npm run ledger:verify` are left to name the event. Each case
 * works on a copy of a database holding a real log made through the API.
 */
type Row = LoggedRow;

let ledger: AuditLedger;

let carolId: string;

beforeAll(async () => {
  ledger = await auditLedger();
  const { t, admin, alice } = ledger;
  // A purchase (a payment approved, then minted), crypto in and a withdrawal sent out.
  const proof = await alice.client.post('/api/payments/verify', { paymentMethod: 'USDT', amount: '300' });
  expect(proof.status, proof.text).toBe(201);
  await t.settle();
  expect((await admin.patch(`/api/payments/${proof.body.id}/verify`, { approved: true })).status).toBe(200);
  await fundEth(admin, alice.client, '1');
  await t.settle();
  const withdrawal = await withdrawEth(alice, '0.25');
  expect(withdrawal.status, withdrawal.text).toBe(201);
  await t.settle();
  const sent = await admin.patch(`/api/admin/crypto/withdrawals/${withdrawal.body.id}`, {
    action: 'complete',
    txHash: '0xdeadbeef01',
  });
  expect(sent.status, sent.text).toBe(200);
  // Carol only receives, last: her last credit is the newest event of her stream.
  const carol = await signedUpClient(t);
  carolId = carol.user.id;
  for (const amount of ['0.40', '0.10']) {
    const r = await transfer(alice.client, carol.user.id, amount);
    expect(r.status, r.text).toBe(201);
  }
  await t.settle();
  await t.stopServices();
}, 300_000);

afterAll(async () => {
  await ledger?.t.stop();
});

const copy = setUpCopies(() => ledger.t.db, 'money');

const one = async (db: TestDatabase, where: string, params: unknown[] = []) =>
  (
    await db.pool.query<Row>(
      `SELECT event_id::text, stream_name, data FROM es_events WHERE ${where}
          ORDER BY transaction_id, global_position LIMIT 1`,
      params,
    )
  ).rows[0]!;

/** The first transfer `userId` sent, and the first credit they received. */
const sentBy = (db: TestDatabase, userId: string) =>
  one(db, `event_type = 'TokensTransferred' AND data->>'fromUserId' = $1`, [userId]);
const receivedBy = (db: TestDatabase, userId: string) =>
  one(db, `event_type = 'TransferReceived' AND data->>'toUserId' = $1`, [userId]);

const edit = editEvent;

const append = appendForged;

/** The read models rebuilt from the tampered log, so they agree with it as the insider wants. */
const rebuild = (db: TestDatabase) => {
  const run = tool('rebuildProjections', ['--fresh'], db.url);
  expect(run.status, run.stdout + run.stderr).toBe(0);
};

/** `npm run ledger:verify` fails, naming the event, with the problem given. */
const expectNamed = (db: TestDatabase, eventId: string, problem: string) => {
  const run = tool('verifyLedger', [], db.url);
  expect(run.status, run.stdout + run.stderr).toBe(1);
  const named = run.stdout.split('\n').filter((line) => line.includes(`event ${eventId}`));
  expect(named.join('\n'), run.stdout).toContain(problem);
};

const verify = (db: TestDatabase, options: { now?: Date } = {}) =>
  verifyLedger(appStore(db.pool, db.url), db.pool, options);

describe('ledger:verify against money an insider made up', () => {
  it('the honest log passes: nothing awaited, time in order, every mint backed', async () => {
    const db = await copy();
    const report = await verify(db);
    expect(report.problems).toEqual([]);
    expect(report.warnings).toEqual([]);
    const run = tool('verifyLedger', [], db.url);
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).not.toContain('warning:');
    // The measure behind the 5 s bound (eventTime.ts): how far created_at steps back along the log, and
    // how far it lags the time the data was decided at.
    const { rows } = await db.pool.query<{ back_ms: number; lag_ms: number; ahead_ms: number }>(
      `WITH e AS (
         SELECT created_at, lag(created_at) OVER (ORDER BY transaction_id, global_position) AS prev,
                coalesce(data->>'transferredAt', data->>'receivedAt', data->>'mintedAt', data->>'placedAt',
                         data->>'creditedAt', data->>'requestedAt', data->>'approvedAt', data->>'at')::timestamptz AS decided
           FROM es_events)
       SELECT coalesce(max(extract(epoch FROM prev - created_at)), 0)::float * 1000 AS back_ms,
              max(extract(epoch FROM created_at - decided))::float * 1000 AS lag_ms,
              max(extract(epoch FROM decided - created_at))::float * 1000 AS ahead_ms FROM e`,
    );
    expect(rows[0]!.back_ms).toBeLessThan(EVENT_TIME_TOLERANCE_MS);
    expect(rows[0]!.lag_ms).toBeLessThan(EVENT_TIME_TOLERANCE_MS);
    expect(rows[0]!.ahead_ms).toBeLessThan(EVENT_TIME_TOLERANCE_MS);
    console.info(`event times: ${JSON.stringify(rows[0])}`);
  }, 60_000);
  it("a transfer's created_at moved back an hour: named as backdated, and as time running backwards", async () => {
    const db = await copy();
    const send = await sentBy(db, ledger.alice.user.id);
    await db.pool.query(
      `UPDATE es_events SET created_at = created_at - interval '1 hour' WHERE event_id = $1`,
      [send.event_id],
    );
    const report = await verify(db);
    expect(report.firstProblem).toContain(`event ${send.event_id}`);
    expect(report.firstProblem).toContain('time runs backwards');
    expect(report.problems[1]).toContain(`event ${send.event_id}`);
    expect(report.problems[1]).toContain('(backdated)');
    expectNamed(db, send.event_id, 'backdated');
  }, 60_000);
  it('the same with every event before it moved back too, so the order holds: the hashed time names it', async () => {
    const db = await copy();
    const send = await sentBy(db, ledger.alice.user.id);
    await db.pool.query(
      `UPDATE es_events SET created_at = created_at - interval '1 hour'
        WHERE (transaction_id, global_position) <= (SELECT transaction_id, global_position FROM es_events WHERE event_id = $1)`,
      [send.event_id],
    );
    const report = await verify(db);
    const problems = report.problems.join('\n');
    expect(problems).not.toContain('time runs backwards');
    expect(problems).toContain(`event ${send.event_id} (TokensTransferred)`);
    expect(report.problems.find((p) => p.includes(`event ${send.event_id}`))).toContain('(backdated)');
  }, 60_000);
  it('an event moved an hour ahead with its hashed time and chain: the next event runs backwards', async () => {
    const db = await copy();
    const send = await sentBy(db, ledger.alice.user.id);
    const ahead = new Date(new Date(String(send.data.transferredAt)).getTime() + 60 * 60_000);
    await db.pool.query('UPDATE es_events SET created_at = $2 WHERE event_id = $1', [send.event_id, ahead]);
    await edit(db, send, { transferredAt: ahead.toISOString() });
    const next = (
      await db.pool.query<{ event_id: string }>(
        `SELECT event_id::text FROM es_events
          WHERE (transaction_id, global_position) > (SELECT transaction_id, global_position FROM es_events WHERE event_id = $1)
          ORDER BY transaction_id, global_position LIMIT 1`,
        [send.event_id],
      )
    ).rows[0]!;
    const report = await verify(db);
    expect(report.firstProblem).toContain(`event ${next.event_id}`);
    expect(report.firstProblem).toContain('time runs backwards');
    expectNamed(db, next.event_id, 'time runs backwards');
  }, 60_000);
});

describe('ledger:verify against money an insider made up', () => {
  it('a transfer grown past what alice held, both legs and chains rewritten: her balance below zero', async () => {
    const db = await copy();
    const { alice } = ledger;
    const send = await sentBy(db, alice.user.id);
    const receive = await one(db, `event_type = 'TransferReceived' AND data->>'transactionId' = $1`, [
      send.data.transactionId,
    ]);
    for (const row of [send, receive]) await edit(db, row, { amount: '5000.00' });
    rebuild(db);
    const report = await verify(db);
    expect(report.firstProblem).toContain(`event ${send.event_id}`);
    expect(report.firstProblem).toContain(`balance of user:${alice.user.id} in SAI goes below zero`);
    expectNamed(db, send.event_id, 'goes below zero');
  }, 120_000);
  it('a hold shrunk under its withdrawal: named at the request, and holds: below zero when it is sent', async () => {
    const db = await copy();
    const hold = await one(db, `event_type = 'WithdrawalHoldPlaced'`);
    const request = await one(db, `event_type = 'WithdrawalRequested'`);
    const completed = await one(db, `event_type = 'WithdrawalCompleted'`);
    await edit(db, hold, { amount: '0.01000000' });
    rebuild(db);
    const report = await verify(db);
    expect(report.firstProblem).toContain(`event ${request.event_id}`);
    expect(report.firstProblem).toContain('the withdrawal differs from its hold');
    expect(report.problems.join('\n')).toContain(
      `event ${completed.event_id} (WithdrawalCompleted) in stream ${completed.stream_name}`,
    );
    expect(report.problems.join('\n')).toContain('balance of holds:ETH in ETH goes below zero');
    expectNamed(db, request.event_id, 'amount 0.25000000');
  }, 120_000);
  it('a credit larger than its debit: named, and the write side no longer the ledger', async () => {
    const db = await copy();
    const receive = await receivedBy(db, ledger.bob.user.id);
    // The receiving leg books no posting: the read models and every balance stay as they were.
    await edit(db, receive, { amount: '120.00' });
    const report = await verify(db);
    expect(report.firstProblem).toContain(`event ${receive.event_id}`);
    expect(report.firstProblem).toContain('the credit differs from its debit');
    expect(report.problems[1]).toContain(`event ${receive.event_id}`);
    expect(report.problems[1]).toContain(`the write side of ${ledger.bob.user.id} may spend`);
    expectNamed(db, receive.event_id, 'amount 120.00 ≠');
  }, 60_000);
  it('a second credit of one transfer appended to the receiver: named', async () => {
    const db = await copy();
    const receive = await receivedBy(db, ledger.bob.user.id);
    const id = await append(db, receive.stream_name, 'TransferReceived', {
      ...receive.data,
      receivedAt: new Date().toISOString(),
    });
    expectNamed(db, id, `a second credit of transaction ${receive.data.transactionId}`);
  }, 60_000);
});

describe('ledger:verify against money an insider made up', () => {
  it('a transfer into a closed account, both legs agreeing: named at its credit', async () => {
    const db = await copy();
    const send = await one(db, `event_type = 'TokensTransferred' AND data->>'toUserId' = $1`, [carolId]);
    const receive = await receivedBy(db, carolId);
    await append(db, `account-${carolId}`, 'AccountClosed', {
      transactionId: randomUUID(),
      userId: carolId,
      closedBy: null,
      closedAt: new Date().toISOString(),
    });
    // The honest log with Carol closed passes: closing is no money problem by itself.
    expect((await verify(db)).problems).toEqual([]);
    const transactionId = randomUUID();
    const at = new Date().toISOString();
    // In plain text: a sealed value opens only in the event it was sealed for.
    await append(db, send.stream_name, 'TokensTransferred', {
      ...send.data,
      transactionId,
      transferredAt: at,
      description: 'Rent',
      fromLabel: 'Alice',
      toLabel: 'Carol',
    });
    const id = await append(db, receive.stream_name, 'TransferReceived', {
      ...receive.data,
      transactionId,
      receivedAt: at,
    });
    rebuild(db);
    expectNamed(db, id, `${carolId}'s account is closed since`);
    // Only the closed check names it: legs, balances and the write side agree.
    const { problems } = await verify(db);
    expect(problems.length, problems.join('\n')).toBe(1);
  }, 120_000);
  it('a distribution minted by someone who is not an admin: named', async () => {
    const db = await copy();
    const { alice, bob } = ledger;
    const mint = await one(db, `event_type = 'TokensMinted' AND data->>'source' = 'distribution'`);
    const id = await append(db, `account-${bob.user.id}`, 'TokensMinted', {
      ...mint.data,
      transactionId: randomUUID(),
      userId: bob.user.id,
      mintedBy: alice.user.id,
      mintedAt: new Date().toISOString(),
      // In plain text: a sealed value opens only in the event it was sealed for.
      description: 'Bonus',
    });
    rebuild(db);
    expectNamed(db, id, `minted by ${alice.user.id}, who is not an admin at this point of the log`);
  }, 120_000);
  it('a purchase minted without an approval, and one minted twice: each named', async () => {
    const db = await copy();
    const mint = await one(db, `event_type = 'TokensMinted' AND data->>'source' = 'payment'`);
    const paymentId = randomUUID();
    const unapproved = await append(db, mint.stream_name, 'TokensMinted', {
      ...mint.data,
      transactionId: paymentId,
      paymentId,
      mintedAt: new Date().toISOString(),
      description: 'Tokens bought',
    });
    const twice = await append(db, mint.stream_name, 'TokensMinted', {
      ...mint.data,
      transactionId: randomUUID(),
      mintedAt: new Date().toISOString(),
      description: 'Tokens bought',
    });
    rebuild(db);
    const report = await verify(db);
    const problems = report.problems.join('\n');
    expect(problems).toContain(`event ${unapproved}`);
    expect(problems).toContain(`a mint for payment ${paymentId}, which no admin approved before it`);
    expect(problems).toContain(`event ${twice}`);
    expect(problems).toContain(`payment ${String(mint.data.paymentId)} was minted before`);
    expectNamed(db, unapproved, 'which no admin approved');
  }, 120_000);
});

describe('ledger:verify against money an insider made up', () => {
  it("a transfer's credit deleted: a warning while recent, a problem once older than the bound", async () => {
    const db = await copy();
    const stream = `account-${carolId}`;
    const last = (
      await db.pool.query<{ event_id: string; prev: string; tx: string }>(
        `SELECT event_id::text, metadata->>'prevHash' AS prev, data->>'transactionId' AS tx FROM es_events
          WHERE stream_name = $1 ORDER BY stream_revision DESC LIMIT 1`,
        [stream],
      )
    ).rows[0]!;
    // The credit, its head and its leaf gone; the read models rebuilt: nothing knows it was there.
    await db.pool.query('DELETE FROM es_events WHERE event_id = $1', [last.event_id]);
    await db.pool.query('DELETE FROM ledger_tree_leaves WHERE event_id = $1', [last.event_id]);
    await db.pool.query(
      'UPDATE es_streams SET revision = revision - 1, last_hash = $2 WHERE stream_name = $1',
      [stream, last.prev],
    );
    rebuild(db);
    const recent = await verify(db);
    expect(recent.problems).toEqual([]);
    expect(recent.warnings.join('\n')).toContain(
      `transaction ${last.tx} is debited, not yet credited (a follow-up may still be running)`,
    );
    const later = await verify(db, { now: new Date(Date.now() + 60 * 60_000) });
    expect(later.firstProblem).toContain(`transaction ${last.tx} is debited, not yet credited for more than`);
  }, 120_000);
});
