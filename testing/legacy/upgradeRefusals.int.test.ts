import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pseudonymousStreamName } from '../../app/privacy/upgrade/legacyNames.ts';
import { upgradeLog } from '../../app/privacy/upgrade/upgradeLog.ts';
import { eventHash } from '../../infra/eventStore/hashChain.ts';
import { migrateDatabase } from '../../infra/postgres/migrate.ts';
import { RUN_PRIVACY_KEYS } from '../privacyKeys.ts';
import { createTestDatabase, type TestDatabase } from '../testDb.ts';
import { legacyExpected, restoreLegacyFixture } from './legacyFixture.ts';

/**
 * What privacy:upgrade-log (docs/architecture/log-upgrade.md) refuses to rewrite, changing nothing: a
 * stream whose hash chain does not verify (recomputing it would launder the change), and a legacy
 * uniqueness stream whose pseudonymous name is taken already.
 */
const expected = legacyExpected();
const keys = {
  personalDataKey: Buffer.from(RUN_PRIVACY_KEYS.PERSONAL_DATA_KEY, 'base64'),
  pseudonymKey: Buffer.from(RUN_PRIVACY_KEYS.PSEUDONYM_KEY, 'base64'),
};
let db: TestDatabase;

async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const streamText = async (name: string) =>
  (
    await sql<{ t: string }>(
      'SELECT json_agg(e ORDER BY stream_revision)::text AS t FROM es_events e WHERE stream_name = $1',
      [name],
    )
  )[0]!.t;

describe('privacy:upgrade-log refuses', () => {
  beforeAll(async () => {
    db = await createTestDatabase('legacyrefuse');
    await restoreLegacyFixture(db.url);
    await migrateDatabase({ databaseUrl: db.url });
  }, 120_000);
  afterAll(async () => {
    await db?.drop();
  });

  it('a stream whose chain does not verify, naming the event; nothing of it changes', async () => {
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

  it('a legacy uniqueness stream whose pseudonymous stream exists already', async () => {
    const email = expected.users[1]!.email;
    const taken = pseudonymousStreamName(keys.pseudonymKey, 'email', email);
    // A reservation the new code would have written there (its own chain, so it verifies).
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
});
