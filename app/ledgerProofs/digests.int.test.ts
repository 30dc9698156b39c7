import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { bytesOfHex, hexOf } from '../../domain/verifiable/bytes.ts';
import type { LedgerDigest } from '../../domain/verifiable/formats.ts';
import { EMPTY_ROOT, eventLeaf, naiveRoot } from '../../domain/verifiable/merkle.ts';
import { verifyDigest } from '../../domain/verifiable/verify.ts';
import { readRawLog, replayedTree } from '../../testing/logTree.ts';
import { runLedgerSigner } from '../../testing/privacyKeys.ts';
import { setUpAdminClient, setUpTestApp, signedUpClient, type TestApp } from '../../testing/testApp.ts';
import { DigestMismatchError, DigestService, digestFileName, signDigest } from './digests.ts';

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sai-digests-'));
  dirs.push(dir);
  return dir;
}

function capture() {
  const lines: { level: number; msg: string }[] = [];
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk, _encoding, callback) {
        lines.push(JSON.parse(String(chunk)));
        callback();
      },
    }),
  );
  return { logger, lines };
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A digest service of the app's log and key, as a process runs one. */
const service = (
  t: TestApp,
  dir = tempDir(),
  logger = capture().logger,
  now?: () => Date,
  pool: pg.Pool = t.deps.pool,
) =>
  new DigestService({
    pool,
    signer: t.deps.ledgerProofs.signer,
    logger,
    dir,
    ...replayedTree(t.deps.store),
    ...(now ? { now } : {}),
  });

/** The pool as one process's schedule sees it, counting the connections it takes (one per tick). */
function countingConnections(pool: pg.Pool) {
  let count = 0;
  const counted = new Proxy(pool, {
    get(target, property) {
      if (property === 'connect') {
        return () => {
          count++;
          return target.connect();
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { pool: counted, taken: () => count };
}

const digestCount = async (t: TestApp) =>
  Number((await t.db.pool.query('SELECT count(*) AS n FROM ledger_digests')).rows[0].n);

/** One more person signed up, then a digest published: what a test that needs a digest starts from. */
async function publishAfterASignUp(t: TestApp) {
  await signedUpClient(t);
  await t.settle();
  return await service(t).publish();
}

describe('signed digests of the log', () => {
  const t = setUpTestApp();
  const admin = setUpAdminClient(t);

  it('serves the public key of the run’s signing key to anyone', async () => {
    const reply = await t.client().get('/api/ledger/public-key');
    expect(reply.status).toBe(200);
    // The key document: the key, with the key history this database recorded (one key so far).
    const { keys, ...key } = reply.body;
    expect(key).toEqual(runLedgerSigner().publicKey);
    expect(keys).toEqual([
      {
        keyId: key.keyId,
        jwk: key.jwk,
        validFrom: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        previousKeyId: null,
        rotationSignature: null,
      },
    ]);
    expect(reply.body.keyId).toMatch(/^[0-9a-f]{32}$/);
    expect(reply.text).not.toContain('PRIVATE');
  });

  it('publishes a digest of the log: a file in the digest folder and a catalogue row, verified by the public key', async () => {
    const alice = await signedUpClient(t);
    await admin.post('/api/transactions', {
      type: 'admin_deposit',
      amount: '10.00',
      receiver_id: alice.user.id,
    });
    await t.settle();
    const dir = tempDir();
    const published: LedgerDigest[] = [];
    const digests = service(t, dir);
    digests.onPublished((digest) => void published.push(digest));
    const digest = await digests.publish();
    const events = await readRawLog(t.deps.store);
    expect(digest.treeSize).toBe(String(events.length));
    // The root is RFC 9162's over every event's leaf, recomputed here the naive way.
    expect(digest.root).toBe(hexOf(naiveRoot(events.map((e, i) => eventLeaf(BigInt(i), e.metadata.hash)))));
    const verdict = await verifyDigest(digest, (await t.client().get('/api/ledger/public-key')).body);
    expect(verdict.checks.map((c) => [c.name, c.ok])).toEqual([
      ['public key', true],
      ['key history', true],
      ['signer', true],
      ['digest signature', true],
      ['digest blocks', true],
    ]);
    expect(readdirSync(dir)).toEqual([digestFileName(digest)]);
    expect(JSON.parse(readFileSync(path.join(dir, digestFileName(digest)), 'utf8'))).toEqual(digest);
    expect(published).toEqual([digest]);
    expect(await digests.latest()).toEqual(digest);
    // One byte of the root changed: the signature no longer holds.
    const root = bytesOfHex(digest.root)!;
    root[0]! ^= 1;
    const forged = await verifyDigest({ ...digest, root: hexOf(root) }, t.deps.ledgerProofs.signer.publicKey);
    expect(forged.ok).toBe(false);
    expect(forged.failure).toMatch(/signature does not match/);
  });

  it('lists the digests newest first for admins, a page at a time', async () => {
    // Digests of three lengths of the log, so that the order checked below is one to get wrong.
    for (let i = 0; i < 3; i++) await publishAfterASignUp(t);
    const total = await digestCount(t);
    expect(total).toBeGreaterThanOrEqual(3);
    const first = await admin.get('/api/admin/ledger/digests?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(2);
    expect(first.body.nextCursor).toMatch(/^\d+$/);
    const second = await admin.get(`/api/admin/ledger/digests?limit=200&cursor=${first.body.nextCursor}`);
    expect(second.body.items).toHaveLength(total - 2);
    expect(second.body.nextCursor).toBeNull();
    const all = [...first.body.items, ...second.body.items] as LedgerDigest[];
    for (let i = 1; i < all.length; i++)
      expect(BigInt(all[i - 1]!.treeSize)).toBeGreaterThanOrEqual(BigInt(all[i]!.treeSize));
    for (const digest of all)
      expect((await verifyDigest(digest, t.deps.ledgerProofs.signer.publicKey)).ok).toBe(true);
    expect((await admin.get('/api/admin/ledger/digests?cursor=abc')).status).toBe(400);
    expect((await admin.get('/api/admin/ledger/digests?limit=201')).status).toBe(400);
  });
});

describe('signed digests of the log: concurrent callers, processes and clocks', () => {
  const t = setUpTestApp();

  it('signs once for concurrent callers that need a newer digest, and not at all when the latest covers', async () => {
    const digests = service(t);
    await publishAfterASignUp(t);
    const before = await digestCount(t);
    const latest = (await digests.latest())!;
    // The same digest, without its block roots (a receipt is checked against the root alone).
    const { blocks: _blocks, ...withoutBlocks } = latest;
    expect(await digests.ensureCovers(BigInt(latest.treeSize))).toEqual(withoutBlocks);
    expect(await digestCount(t)).toBe(before);
    await signedUpClient(t);
    await t.settle();
    const size = BigInt((await readRawLog(t.deps.store)).length);
    // Two services stand for two processes: the publishing lock makes the second find the first's digest.
    const other = service(t);
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => digests.ensureCovers(size)),
      other.ensureCovers(size),
    ]);
    expect(new Set(answers.map((a) => a.signature)).size).toBe(1);
    expect(answers[0]!.treeSize).toBe(String(size));
    expect(await digestCount(t)).toBe(before + 1);
  });

  it('signs strictly increasing times when the clock steps back, and the signer refuses an earlier time', async () => {
    const { logger, lines } = capture();
    await publishAfterASignUp(t);
    const last = (await service(t).latest())!;
    const lastMs = Date.parse(last.time);
    // The host's clock stepped back an hour (NTP, a VM restored): the next digests must still be later.
    const back = new Date(lastMs - 3_600_000);
    const digests = service(t, tempDir(), logger, () => back);
    const first = await digests.publish();
    const second = await digests.publish();
    expect(Date.parse(first.time)).toBe(lastMs + 1);
    expect(Date.parse(second.time)).toBe(lastMs + 2);
    for (const digest of [first, second])
      expect((await verifyDigest(digest, t.deps.ledgerProofs.signer.publicKey)).ok).toBe(true);
    expect(lines.find((line) => line.level === 40)?.msg).toMatch(/clock is not after the last digest/);
    const head = { treeSize: 0n, root: EMPTY_ROOT, time: back };
    expect(() => signDigest(t.deps.ledgerProofs.signer, head, undefined, second.time)).toThrow(
      /must be after/,
    );
    expect(() =>
      signDigest(
        t.deps.ledgerProofs.signer,
        { ...head, time: new Date(second.time) },
        undefined,
        second.time,
      ),
    ).toThrow(/must be after/);
  });

  it('publishes on a schedule once across processes', async () => {
    await t.db.pool.query(`DELETE FROM scheduled_jobs WHERE name = 'ledger-digest'`);
    const before = await digestCount(t);
    const processes = Array.from({ length: 3 }, () => countingConnections(t.deps.pool));
    const stops = processes.map(({ pool }) =>
      service(t, tempDir(), capture().logger, undefined, pool).startSchedule(3600, 50),
    );
    // Waited for, not timed: the first digest, then two more ticks of every process after it (each tick
    // takes one connection), which find the job's lock taken or its interval not over.
    await vi.waitFor(async () => expect(await digestCount(t)).toBeGreaterThan(before), {
      timeout: 60_000,
      interval: 50,
    });
    const seen = processes.map(({ taken }) => taken());
    await vi.waitFor(() => expect(processes.every(({ taken }, i) => taken() >= seen[i]! + 2)).toBe(true), {
      timeout: 60_000,
      interval: 50,
    });
    for (const stop of stops) await stop();
    // The first tick of whichever process got the job's lock published; the interval is not over for the rest.
    expect(await digestCount(t)).toBe(before + 1);
  });
});

describe('signed digests of the log: a log or a folder not as signed', () => {
  const t = setUpTestApp();

  it('refuses to publish, and logs an error, when the tree does not extend the last digest', async () => {
    const { logger, lines } = capture();
    const digests = service(t, tempDir(), logger);
    // The last digest, over a log of a few events, which the tampered tree must extend.
    await publishAfterASignUp(t);
    const before = await digestCount(t);
    // An insider rewrites an old event's stored hash: the replayed tree is no longer the signed one's extension.
    const { rows } = await t.db.pool.query<{ event_id: string; hash: string }>(
      `SELECT event_id::text, metadata->>'hash' AS hash FROM es_events ORDER BY global_position LIMIT 1 OFFSET 2`,
    );
    const target = rows[0]!;
    const setHash = (hash: string) =>
      t.db.pool.query(
        `UPDATE es_events SET metadata = jsonb_set(metadata, '{hash}', to_jsonb($2::text)) WHERE event_id = $1`,
        [target.event_id, hash],
      );
    await setHash('0'.repeat(64));
    try {
      await expect(digests.publish()).rejects.toBeInstanceOf(DigestMismatchError);
      expect(await digestCount(t)).toBe(before);
      const error = lines.find((line) => line.level === 50);
      expect(error?.msg).toMatch(
        /ledger digest mismatch: the log's tree .* does not extend the last published digest/,
      );
    } finally {
      await setHash(target.hash);
    }
    await expect(digests.publish()).resolves.toMatchObject({ format: 'sai-ledger-digest' });
  });

  it('registers a signed file a failed catalogue insert left unlisted, and sets aside one it did not sign', async () => {
    const { logger, lines } = capture();
    const dir = tempDir();
    const digests = service(t, dir, logger);
    // The catalogue insert fails after the file is in place (a crash, a lost connection).
    await t.db.pool.query(`CREATE FUNCTION pg_temp_refuse() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN RAISE EXCEPTION 'simulated crash'; END $$`);
    await t.db.pool.query(
      'CREATE TRIGGER refuse BEFORE INSERT ON ledger_digests FOR EACH ROW EXECUTE FUNCTION pg_temp_refuse()',
    );
    try {
      await expect(digests.publish()).rejects.toThrow(/simulated crash/);
    } finally {
      await t.db.pool.query('DROP TRIGGER refuse ON ledger_digests');
      await t.db.pool.query('DROP FUNCTION pg_temp_refuse()');
    }
    const [orphan] = readdirSync(dir);
    expect(orphan).toMatch(/^digest-\d+-.*\.json$/);
    const unlisted = JSON.parse(readFileSync(path.join(dir, orphan!), 'utf8')) as LedgerDigest;
    // A temporary a crash left before its rename, and a file the key did not sign (its root changed).
    writeFileSync(path.join(dir, `${orphan}.123.abcd.tmp`), '{"half": ');
    const forged = {
      ...unlisted,
      time: new Date(Date.parse(unlisted.time) + 5).toISOString(),
      root: '00'.repeat(32),
    };
    writeFileSync(path.join(dir, digestFileName(forged)), JSON.stringify(forged));
    await signedUpClient(t);
    await t.settle();
    const next = await digests.publish();
    const { rows } = await t.db.pool.query<{ file_name: string; signature: string }>(
      'SELECT file_name, signature FROM ledger_digests ORDER BY id DESC LIMIT 2',
    );
    expect(rows.map((row) => row.file_name)).toEqual([digestFileName(next), orphan]);
    expect(rows[1]!.signature).toBe(unlisted.signature);
    expect(readdirSync(dir).sort()).toEqual(
      [orphan, digestFileName(next), `${digestFileName(forged)}.rejected`].sort(),
    );
    expect(lines.find((line) => line.level === 40)?.msg).toMatch(/unlisted digest file was registered/);
    expect(lines.find((line) => line.level === 50)?.msg).toMatch(/set aside: not a digest signed/);
  });
});

describe('a digest folder shared with another database', () => {
  const t = setUpTestApp();

  it("never lists another tree's digest signed by the same key, even with an empty catalogue", async () => {
    await signedUpClient(t);
    await t.settle();
    const { logger, lines } = capture();
    const dir = tempDir();
    const digests = service(t, dir, logger);
    const head = await replayedTree(t.deps.store).head();
    expect(head.size).toBeGreaterThan(1n);
    // Another database's digest at a size this tree has reached, by the same key (one key for both).
    const foreign = signDigest(t.deps.ledgerProofs.signer, {
      treeSize: head.size - 1n,
      root: bytesOfHex('ab'.repeat(32))!,
      time: new Date(),
    });
    writeFileSync(path.join(dir, digestFileName(foreign)), JSON.stringify(foreign));
    const published = await digests.publish();
    const { rows } = await t.db.pool.query<{ file_name: string }>('SELECT file_name FROM ledger_digests');
    expect(rows.map((row) => row.file_name)).toEqual([digestFileName(published)]);
    expect(readdirSync(dir).sort()).toEqual(
      [digestFileName(published), `${digestFileName(foreign)}.rejected`].sort(),
    );
    expect(lines.find((line) => line.level === 50)?.msg).toMatch(
      /set aside: its tree is not this database's/,
    );
  });
});
