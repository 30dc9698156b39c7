import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyRing } from '../../app/privacy/keyRing.ts';
import { PersonalDataKeys } from '../../app/privacy/personalDataKeys.ts';
import { openEvents } from '../../app/privacy/sealedEvents.ts';
import { isSealedValue, type SealedValue } from '../../app/privacy/sealing.ts';
import { sealingStore } from '../../app/privacy/sealingStore.ts';
import { pseudonymousStreamName } from '../../app/privacy/upgrade/legacyNames.ts';
import { upgradeLog } from '../../app/privacy/upgrade/upgradeLog.ts';
import { eventHash } from '../../infra/eventStore/hashChain.ts';
import { PostgresEventStore } from '../../infra/eventStore/postgresEventStore.ts';
import { migrateDatabase } from '../../infra/postgres/migrate.ts';
import { createPool } from '../../infra/postgres/pool.ts';
import { RUN_PRIVACY_KEYS } from '../privacyKeys.ts';
import { createTestDatabase, queryOnce, type TestDatabase } from '../testDb.ts';
import { legacyExpected, restoreLegacyFixture } from './legacyFixture.ts';

/**
 * The cases of privacy:upgrade-log (docs/architecture/log-upgrade.md) the fixture lacks. What it refuses to
 * rewrite, changing nothing: a stream whose hash chain does not verify (recomputing it would launder the
 * change), and a legacy uniqueness stream whose pseudonymous name is taken already. And a legacy stream the
 * new code appended to before the upgrade (a release, its value sealed), renamed all the same.
 */
const expected = legacyExpected();
const keys = {
  personalDataKey: Buffer.from(RUN_PRIVACY_KEYS.PERSONAL_DATA_KEY, 'base64'),
  pseudonymKey: Buffer.from(RUN_PRIVACY_KEYS.PSEUDONYM_KEY, 'base64'),
};
let db: TestDatabase;

function sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  return queryOnce<T>(db.url, text, values);
}

const streamText = async (name: string) =>
  (
    await sql<{ t: string }>(
      'SELECT json_agg(e ORDER BY stream_revision)::text AS t FROM es_events e WHERE stream_name = $1',
      [name],
    )
  )[0]!.t;

type LegacyUser = (typeof expected.users)[number];

/** A reservation the new code would have written at `taken` (its own chain, so it verifies). */
async function reserveAsTheNewCode(taken: string) {
  const id = randomUUID();
  const data = { kind: 'email', value: '', userId: 'someone', reservedAt: new Date().toISOString() };
  const metadata = { actorId: null, correlationId: id, causationId: null, idempotencyKey: null };
  const hash = eventHash({
    streamName: taken,
    revision: 0n,
    id,
    type: 'UniqueValueReserved',
    data,
    metadata,
    prevHash: null,
  });
  await sql(
    `INSERT INTO es_events (stream_name, stream_revision, event_id, event_type, data, metadata)
     VALUES ($1, 0, $2, 'UniqueValueReserved', $3, $4)`,
    [taken, id, JSON.stringify(data), JSON.stringify({ ...metadata, prevHash: null, hash })],
  );
  await sql('INSERT INTO es_streams (stream_name, revision, last_hash) VALUES ($1, 0, $2)', [taken, hash]);
}

/**
 * Through the app's own store, as the new code writes: Carol's release of her legacy username appended to
 * its legacy stream (the value sealed), and Dave erased (his key gone, his fields in clear).
 */
async function releaseAndEraseAsTheNewCode(carol: LegacyUser, dave: LegacyUser, legacy: string) {
  const pool = createPool(db.url, 2);
  const ring = new KeyRing(new PersonalDataKeys(pool, keys.personalDataKey), keys.pseudonymKey);
  const store = sealingStore(new PostgresEventStore(pool, db.url), ring);
  const release = {
    id: randomUUID(),
    type: 'UniqueValueReleased',
    data: {
      kind: 'username',
      value: 'carol_legacy',
      userId: carol.id,
      releasedAt: new Date().toISOString(),
      reason: 'changed',
    },
    metadata: { actorId: carol.id, correlationId: randomUUID(), causationId: null },
  };
  try {
    await store.append(legacy, [release], { expectedRevision: 0n });
    await ring.keys.destroy(dave.id);
  } finally {
    await store.close();
    await pool.end();
  }
  const [stored] = await sql<{ value: unknown }>(
    `SELECT data->'value' AS value FROM es_events WHERE event_id = $1`,
    [release.id],
  );
  expect(isSealedValue(stored!.value)).toBe(true);
  return release;
}

/** A credit an earlier version left due kept the whole transfer, its text included. */
async function leaveCreditDue(carol: LegacyUser, dave: LegacyUser) {
  const due = {
    id: randomUUID(),
    data: {
      transactionId: 'tx-due',
      fromUserId: carol.id,
      toUserId: dave.id,
      fromLabel: 'carol_legacy',
      toLabel: 'dave_legacy',
      asset: 'SAI',
      amount: '1.00',
      description: 'for the legacy fishing trip',
    },
    metadata: { correlationId: randomUUID() },
  };
  await sql(
    `INSERT INTO ledger_follow_ups_due (transaction_id, due_at, debit) VALUES ('tx-due', now(), $1)`,
    [JSON.stringify(due)],
  );
  return due;
}

/** The due credit kept, its labels and text gone. */
async function expectDueCreditStripped(due: Awaited<ReturnType<typeof leaveCreditDue>>) {
  const [kept] = await sql<{ debit: unknown }>(
    `SELECT debit FROM ledger_follow_ups_due WHERE transaction_id = 'tx-due'`,
  );
  expect(kept!.debit).toEqual({
    ...due,
    data: {
      transactionId: 'tx-due',
      fromUserId: due.data.fromUserId,
      toUserId: due.data.toUserId,
      asset: 'SAI',
      amount: '1.00',
    },
  });
}

/** Carol's legacy username stream renamed, the release the new code appended kept in it. */
async function expectRenamed(legacy: string, releaseId: string) {
  const renamed = pseudonymousStreamName(keys.pseudonymKey, 'username', 'carol_legacy');
  const events = await sql<{ id: string; type: string }>(
    'SELECT event_id::text AS id, event_type AS type FROM es_events WHERE stream_name = $1 ORDER BY stream_revision',
    [renamed],
  );
  expect(events.map((event) => event.type)).toEqual(['UniqueValueReserved', 'UniqueValueReleased']);
  expect(events[1]!.id).toBe(releaseId);
  expect(await sql('SELECT 1 FROM es_streams WHERE stream_name = $1', [legacy])).toEqual([]);
}

/**
 * Dave's reservations: renamed, their values shredded (sealed for him, opening as erased), nothing of
 * his e-mail or username left in the log.
 */
async function expectShredded(dave: LegacyUser) {
  const daveStream = pseudonymousStreamName(keys.pseudonymKey, 'email', dave.email);
  const [reservation] = await sql<{ id: string; type: string; value: SealedValue }>(
    `SELECT event_id::text AS id, event_type AS type, data->'value' AS value FROM es_events WHERE stream_name = $1`,
    [daveStream],
  );
  expect(isSealedValue(reservation!.value) && reservation!.value.s).toBe(dave.id);
  const readPool = createPool(db.url, 1);
  try {
    const reader = new KeyRing(new PersonalDataKeys(readPool, keys.personalDataKey), keys.pseudonymKey);
    const [opened] = await openEvents(reader, [
      { ...reservation!, data: { value: reservation!.value, userId: dave.id } },
    ]);
    expect(opened!.data).toEqual({ value: '', userId: dave.id });
  } finally {
    await readPool.end();
  }
  const dump = (await sql<{ t: string }>('SELECT json_agg(e)::text AS t FROM es_events e'))[0]!.t;
  expect(dump).not.toContain(dave.email);
  expect(dump).not.toContain('dave_legacy');
}

describe('privacy:upgrade-log, beyond the fixture', () => {
  beforeAll(async () => {
    db = await createTestDatabase('legacyrefuse');
    await restoreLegacyFixture(db.url);
    await migrateDatabase({ databaseUrl: db.url });
  }, 120_000);
  afterAll(async () => {
    await db?.drop();
  });

  it('refuses a stream whose chain does not verify, naming the event; nothing of it changes', async () => {
    const [alice] = expected.users;
    const stream = `account-${alice!.id}`;
    const [minted] = await sql<{ id: string; amount: string }>(
      `SELECT event_id::text AS id, data->>'amount' AS amount FROM es_events
        WHERE stream_name = $1 AND event_type = 'TokensMinted' ORDER BY stream_revision LIMIT 1`,
      [stream],
    );
    await sql(`UPDATE es_events SET data = jsonb_set(data, '{amount}', '"6000.00"') WHERE event_id = $1`, [
      minted!.id,
    ]);
    const tampered = await streamText(stream);
    await expect(upgradeLog({ databaseUrl: db.url, ...keys })).rejects.toThrow(
      new RegExp(
        `stream ${stream}, event ${minted!.id} as stored, before the upgrade: its content does not match its hash`,
      ),
    );
    expect(await streamText(stream)).toBe(tampered);
    const done = await sql<{ stream_name: string }>('SELECT stream_name FROM privacy_log_upgrade_streams');
    expect(done.map((row) => row.stream_name)).not.toContain(stream);
    await sql(
      `UPDATE es_events SET data = jsonb_set(data, '{amount}', to_jsonb($2::text)) WHERE event_id = $1`,
      [minted!.id, minted!.amount],
    );
  });

  it('refuses a legacy uniqueness stream whose pseudonymous stream exists already', async () => {
    const email = expected.users[1]!.email;
    const taken = pseudonymousStreamName(keys.pseudonymKey, 'email', email);
    await reserveAsTheNewCode(taken);
    const legacy = `userEmail-${email}`;
    const before = await streamText(legacy);
    await expect(upgradeLog({ databaseUrl: db.url, ...keys })).rejects.toThrow(
      `the email of stream ${legacy} already has a pseudonymous stream ${taken}`,
    );
    expect(await streamText(legacy)).toBe(before);
    // Every stream before it (in name order) was done, and verified: the refusal stopped the run there.
    const done = await sql<{ n: number }>('SELECT count(*)::int AS n FROM privacy_log_upgrade_streams');
    expect(done[0]!.n).toBeGreaterThan(0);
    const finished = await sql<{ n: number }>(
      'SELECT count(*)::int AS n FROM privacy_log_upgrade_runs WHERE finished_at IS NOT NULL',
    );
    expect(finished[0]!.n).toBe(0);
  });

  it("renames a legacy stream the new code appended a sealed release to, shreds an erased person's fields, and finishes", async () => {
    // The reservation the test before left in the way, taken out of it.
    const taken = pseudonymousStreamName(keys.pseudonymKey, 'email', expected.users[1]!.email);
    await sql('DELETE FROM es_events WHERE stream_name = $1', [taken]);
    await sql('DELETE FROM es_streams WHERE stream_name = $1', [taken]);
    await sql('DELETE FROM privacy_log_upgrade_streams WHERE stream_name = $1', [taken]);
    const [carol, dave] = [expected.users[2]!, expected.users[3]!];
    const legacy = 'userName-carol_legacy';
    const release = await releaseAndEraseAsTheNewCode(carol, dave, legacy);
    const due = await leaveCreditDue(carol, dave);

    const report = await upgradeLog({ databaseUrl: db.url, ...keys });
    expect(report).toMatchObject({
      alreadyFinished: false,
      verified: { ...expected.ledgerVerify, events: expected.ledgerVerify.events + 1 },
    });
    await expectDueCreditStripped(due);
    await expectRenamed(legacy, release.id);
    await expectShredded(dave);
  });

  it('refuses a log in EventStoreDB, which cannot be rewritten, pointing at the copy', () => {
    const run = spawnSync(process.execPath, ['scripts/tool.mjs', 'privacyUpgradeLog'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: db.url,
        EVENT_STORE: 'eventstoredb',
        EVENTSTORE_URL: 'esdb://localhost:1?tls=false',
        LOG_LEVEL: 'silent',
        ...RUN_PRIVACY_KEYS,
      },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect({ status: run.status, stderr: run.stderr }).toEqual({
      status: 1,
      stderr: expect.stringMatching(
        /^privacy:upgrade-log failed: the log is in EventStoreDB.*copy it into a new store/m,
      ),
    });
  }, 180_000);
});
