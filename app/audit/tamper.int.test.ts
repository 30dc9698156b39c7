import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerDigest } from '../../domain/verifiable/formats.ts';
import { eventHash } from '../../infra/eventStore/hashChain.ts';
import { rawStore } from '../../infra/eventStore/upcasting.ts';
import { appStore } from '../../testing/appStore.ts';
import { type AuditLedger, auditLedger } from '../../testing/auditLedger.ts';
import { transfer } from '../../testing/ledgerApp.ts';
import { rechain } from '../../testing/logTamper.ts';
import { readRawLog } from '../../testing/logTree.ts';
import { runLedgerSigner } from '../../testing/privacyKeys.ts';
import { signedUpClient } from '../../testing/testApp.ts';
import { setUpCopies, type TestDatabase } from '../../testing/testDb.ts';
import { runTool as tool } from '../../testing/toolEnv.ts';
import { erasePerson } from '../privacy/erasure.ts';
import { DigestRefusedError, verifyLedger } from './verifyLedger.ts';

/**
 * The verifiable ledger's promise (docs/ledger.md invariant 8, docs/architecture/verifiable-ledger.md):
 * a digest signed earlier catches every way an insider with write access to the database can change the
 * past — each on a copy of a database holding a real log (made through the API), against a digest taken
 * with `npm run ledger:digest` before, and the honest log still verifies, after an erasure too.
 */
interface StoredRow {
  event_id: string;
  stream_name: string;
  stream_revision: string;
  global_position: string;
  transaction_id: string;
}

let ledger: AuditLedger;

let dir: string;

let digestFile: string;

let digest: LedgerDigest;

/** The log as it was when the digest was taken: event ids in public-position order. */
let signedOrder: string[];

let carolAccount: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'sai-tamper-'));
  ledger = await auditLedger();
  const { t, alice, bob } = ledger;
  // Carol only receives: her account stream books no posting of its own.
  const carol = await signedUpClient(t);
  carolAccount = `account-${carol.user.id}`;
  for (const amount of ['0.40', '0.10'])
    expect((await transfer(alice.client, carol.user.id, amount)).status).toBe(201);
  await t.settle();
  digestFile = path.join(dir, 'digest.json');
  const made = tool('ledgerDigest', ['--out', digestFile], t.db.url);
  expect(made.status, made.stdout + made.stderr).toBe(0);
  digest = JSON.parse(readFileSync(digestFile, 'utf8'));
  signedOrder = (await readRawLog(t.deps.store)).map((e) => e.id);
  expect(digest.treeSize).toBe(String(signedOrder.length));
  // The log goes on after the digest, and a person is erased (their data key destroyed): the digest
  // commits to ciphertext and pseudonymous stream names only, so it must still verify.
  await transfer(bob.client, alice.user.id, '1.00');
  const dave = await signedUpClient(t);
  await erasePerson(t.deps, {
    userId: dave.user.id,
    actorId: null,
    reason: 'asked to be forgotten',
    moveBalancesToDormant: true,
    metadata: { actorId: null, correlationId: randomUUID(), causationId: null },
  });
  await t.settle();
  await t.stopServices();
}, 300_000);

afterAll(async () => {
  await ledger?.t.stop();
  rmSync(dir, { recursive: true, force: true });
});

const copy = setUpCopies(() => ledger.t.db, 'tamper');

const verify = (db: TestDatabase, withDigest = true) =>
  verifyLedger(appStore(db.pool, db.url), db.pool, {
    digest: withDigest ? { digest, publicKey: runLedgerSigner().publicKey } : undefined,
  });

const row = async (db: TestDatabase, where: string, params: unknown[] = []) =>
  (
    await db.pool.query<StoredRow>(
      `SELECT event_id::text, stream_name, stream_revision::text, global_position::text, transaction_id::text
           FROM es_events WHERE ${where} ORDER BY transaction_id, global_position LIMIT 1`,
      params,
    )
  ).rows[0]!;

/** A transfer's sending leg signed in the digest (the second of alice's, well before its end). */
const signedTransfer = (db: TestDatabase) =>
  row(db, `event_type = 'TokensTransferred' AND data->>'fromUserId' = $1 AND stream_revision > 1`, [
    ledger.alice.user.id,
  ]);

const positionOf = (eventId: string) => signedOrder.indexOf(eventId);

describe('tampering with the log before a signed digest', () => {
  it('the honest log, grown and with a person erased since, extends the digest', async () => {
    const db = await copy();
    const report = await verify(db);
    expect(report.problems).toEqual([]);
    expect(report.digest).toMatchObject({ extends: true, treeSize: digest.treeSize });
    expect(BigInt(report.treeSize)).toBeGreaterThan(BigInt(digest.treeSize));
    const run = tool('verifyLedger', ['--digest', digestFile], db.url);
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('OK: the log extends the signed digest');
  }, 120_000);
  it('an edited event: its hash no longer matches; with its hash recomputed, the digest names its position', async () => {
    const db = await copy();
    const target = await signedTransfer(db);
    await db.pool.query(
      `UPDATE es_events SET data = jsonb_set(data, '{amount}', '"0.01"') WHERE event_id = $1`,
      [target.event_id],
    );
    // The leaf commits to the stored hash: an edit that leaves it is the chain check's to name.
    const plain = await verify(db);
    expect(plain.firstProblem).toContain(`event ${target.event_id}`);
    expect(plain.firstProblem).toContain('content does not match its hash');
    // The edit with the event's own hash recomputed: its leaf changes, and the digest says where.
    const [event] = await rawStore(appStore(db.pool, db.url)).readStream(target.stream_name, {
      fromRevision: BigInt(target.stream_revision),
      maxCount: 1,
    });
    await db.pool.query(
      `UPDATE es_events SET metadata = jsonb_set(metadata, '{hash}', to_jsonb($2::text)) WHERE event_id = $1`,
      [target.event_id, eventHash({ ...event!, prevHash: event!.metadata.prevHash ?? null })],
    );
    const report = await verify(db);
    expect(report.digest?.extends).toBe(false);
    expect(report.firstProblem).toContain(`first differing public position: ${positionOf(target.event_id)}`);
    expect(report.firstProblem).toContain(`event ${target.event_id}`);
  });
  it('a deleted event: the position where it was now holds the next one', async () => {
    const db = await copy();
    const target = await signedTransfer(db);
    await db.pool.query('DELETE FROM es_events WHERE event_id = $1', [target.event_id]);
    const report = await verify(db);
    const position = positionOf(target.event_id);
    expect(report.firstProblem).toContain(`first differing public position: ${position}`);
    expect(report.firstProblem).toContain(`event ${signedOrder[position + 1]}`);
  });
});

describe('tampering with the log before a signed digest', () => {
  it('an event inserted with a valid chain of its own: named where it went in', async () => {
    const db = await copy();
    const after = await signedTransfer(db);
    // Room after `after` in log order, then a well-formed event of a new stream there (its hash computed).
    await db.pool.query(
      'UPDATE es_events SET global_position = global_position + 1000000 WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)',
      [after.transaction_id, after.global_position],
    );
    const forged = {
      streamName: `account-${randomUUID()}`,
      revision: 0n,
      id: randomUUID(),
      type: 'TransferReceived',
      data: { transactionId: randomUUID(), amount: '5.00' },
      metadata: { actorId: null, correlationId: randomUUID(), causationId: null },
      prevHash: null,
    };
    const hash = eventHash(forged);
    await db.pool.query(
      `INSERT INTO es_events (global_position, transaction_id, stream_name, stream_revision, event_id, event_type, data, metadata)
       VALUES ($1::bigint + 1, $2, $3, 0, $4, $5, $6, $7)`,
      [
        after.global_position,
        after.transaction_id,
        forged.streamName,
        forged.id,
        forged.type,
        forged.data,
        { ...forged.metadata, idempotencyKey: null, prevHash: null, hash },
      ],
    );
    await db.pool.query('INSERT INTO es_streams (stream_name, revision, last_hash) VALUES ($1, 0, $2)', [
      forged.streamName,
      hash,
    ]);
    // Every chain and balance agrees; the money checks (moneyTamper.int.test.ts) see a credit with no debit.
    const withoutDigest = await verify(db, false);
    expect(withoutDigest.firstProblem).toContain(`event ${forged.id}`);
    expect(withoutDigest.problems.join('\n')).toContain('without its debit');
    const report = await verify(db);
    expect(report.firstProblem).toContain(
      `first differing public position: ${positionOf(after.event_id) + 1}`,
    );
    expect(report.firstProblem).toContain(`event ${forged.id}`);
  });
  it('two neighbouring events of different streams swapped in log order: their chains agree, the digest does not', async () => {
    const db = await copy();
    const log = await readRawLog(appStore(db.pool, db.url));
    const from = positionOf((await signedTransfer(db)).event_id);
    let i = from;
    while (log[i]!.streamName === log[i + 1]!.streamName) i++;
    const [first, second] = await Promise.all(
      [log[i]!.id, log[i + 1]!.id].map((id) => row(db, 'event_id = $1', [id])),
    );
    const place = (id: string, at: StoredRow) =>
      db.pool.query('UPDATE es_events SET transaction_id = $2, global_position = $3 WHERE event_id = $1', [
        id,
        at.transaction_id,
        at.global_position,
      ]);
    await db.pool.query('UPDATE es_events SET global_position = -1 WHERE event_id = $1', [first!.event_id]);
    await place(second!.event_id, first!);
    await place(first!.event_id, second!);
    // The chains agree; the money checks see the credit now before its debit (the transfer's two legs).
    const withoutDigest = await verify(db, false);
    expect(withoutDigest.firstProblem).toContain(`event ${second!.event_id}`);
    expect(withoutDigest.firstProblem).toContain('without its debit');
    const report = await verify(db);
    expect(report.firstProblem).toContain(`first differing public position: ${i}`);
    expect(report.firstProblem).toContain(`event ${second!.event_id}`);
  });
});

describe('tampering with the log before a signed digest', () => {
  it('a stream truncated, its head moved back: caught where its last event was', async () => {
    const db = await copy();
    const last = (
      await db.pool.query<StoredRow & { prev: string }>(
        `SELECT event_id::text, stream_name, stream_revision::text, metadata->>'prevHash' AS prev FROM es_events
          WHERE stream_name = $1 ORDER BY stream_revision DESC LIMIT 1`,
        [carolAccount],
      )
    ).rows[0]!;
    await db.pool.query('DELETE FROM es_events WHERE event_id = $1', [last.event_id]);
    await db.pool.query(
      'UPDATE es_streams SET revision = revision - 1, last_hash = $2 WHERE stream_name = $1',
      [carolAccount, last.prev],
    );
    const report = await verify(db);
    expect(report.firstProblem).toContain(`first differing public position: ${positionOf(last.event_id)}`);
  });
  it("an account's whole stream deleted: caught by the digest, and without it by the read models' streams", async () => {
    const db = await copy();
    const first = await row(db, 'stream_name = $1', [carolAccount]);
    await db.pool.query('DELETE FROM es_events WHERE stream_name = $1', [carolAccount]);
    await db.pool.query('DELETE FROM es_streams WHERE stream_name = $1', [carolAccount]);
    const withoutDigest = await verify(db, false);
    expect(withoutDigest.firstProblem).toContain(`stream ${carolAccount}: known to transaction_events`);
    const report = await verify(db);
    expect(report.firstProblem).toContain(`first differing public position: ${positionOf(first.event_id)}`);
  });
  it('the careful insider: both legs rewritten, every later hash and head recomputed, read models rebuilt', async () => {
    const db = await copy();
    const send = await signedTransfer(db);
    const { rows } = await db.pool.query<{ transaction_id: string; amount: string }>(
      `SELECT data->>'transactionId' AS transaction_id, data->>'amount' AS amount FROM es_events WHERE event_id = $1`,
      [send.event_id],
    );
    const { transaction_id: transactionId } = rows[0]!;
    const receive = await row(db, `event_type = 'TransferReceived' AND data->>'transactionId' = $1`, [
      transactionId,
    ]);
    // Both legs now say 0.05 was sent instead of the amount signed.
    await db.pool.query(
      `UPDATE es_events SET data = jsonb_set(data, '{amount}', '"0.05"') WHERE event_id = ANY($1::uuid[])`,
      [[send.event_id, receive.event_id]],
    );
    for (const stream of [send.stream_name, receive.stream_name]) await rechain(db, stream);
    const rebuilt = tool('rebuildProjections', ['--fresh'], db.url);
    expect(rebuilt.status, rebuilt.stdout + rebuilt.stderr).toBe(0);
    // Without the digest, nothing is left to see: chains, heads and balances all agree.
    expect((await verify(db, false)).problems).toEqual([]);
    const report = await verify(db);
    const position = Math.min(positionOf(send.event_id), positionOf(receive.event_id));
    expect(report.firstProblem).toContain(`first differing public position: ${position}`);
    const run = tool('verifyLedger', ['--digest', digestFile], db.url);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('digest: the log does NOT extend the digest');
    expect(run.stdout).toContain(`first bad: digest: the log's first ${digest.treeSize} events have root`);
    expect(run.stdout).toContain(`first differing public position: ${position}`);
  }, 180_000);
});

describe('tampering with the log before a signed digest', () => {
  it('refuses a digest another key signed, or with a changed byte, and an unknown flag', async () => {
    const db = await copy();
    const changed = { ...digest, treeSize: String(BigInt(digest.treeSize) - 1n) };
    await expect(
      verifyLedger(appStore(db.pool, db.url), db.pool, {
        digest: { digest: changed, publicKey: runLedgerSigner().publicKey },
      }),
    ).rejects.toThrow(DigestRefusedError);
    const forged = path.join(dir, 'changed.json');
    writeFileSync(forged, JSON.stringify(changed));
    const run = tool('verifyLedger', ['--digest', forged], db.url);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(
      "FAILED: the digest is refused: digest signature: the digest's signature does not match",
    );
    const otherKey = path.join(dir, 'other.pub');
    const { generateKeyPairSync } = await import('node:crypto');
    writeFileSync(
      otherKey,
      generateKeyPairSync('ed25519').publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    );
    const wrongKey = tool('verifyLedger', ['--digest', digestFile, '--public-key', otherKey], db.url);
    expect(wrongKey.status).toBe(1);
    expect(wrongKey.stdout).toMatch(
      /the digest was signed with key [0-9a-f]{32}, which is not a trusted key \(trusted: [0-9a-f]{32}\)/,
    );
    const unknown = tool('verifyLedger', ['--digets', digestFile], db.url);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('usage: npm run ledger:verify');
  }, 120_000);
});
