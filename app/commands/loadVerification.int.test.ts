import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { createApp } from '../../api/app.ts';
import { eventHash } from '../../infra/eventStore/hashChain.ts';
import { rawStore } from '../../infra/eventStore/upcasting.ts';
import { fund } from '../../testing/ledgerApp.ts';
import {
  setUpAdminClient,
  setUpTestApp,
  signedUpClient,
  type TestApp,
  TestClient,
} from '../../testing/testApp.ts';
import { StateCache } from './stateCache.ts';

/**
 * An insider edits the log with SQL under a running system, and the write side loads the edited stream to
 * decide on it (docs/ledger.md, "What the write side checks as it loads a stream"). The tree follower read
 * each of these events once, before the edit, so it has nothing to say: the refusals and the freezes here
 * are the write side's alone.
 */

/** The API after a restart: the same database and services, a state cache that has never seen a stream. */
function restarted(t: TestApp, signedIn: TestClient): TestClient {
  const client = new TestClient(createApp({ ...t.deps, cache: new StateCache() }));
  for (const [name, value] of signedIn.cookies) client.cookies.set(name, value);
  return client;
}

async function transfer(client: TestClient, receiverId: string, amount: string) {
  return await client.post('/api/transactions', { type: 'transfer', amount, receiver_id: receiverId });
}

async function frozen(t: TestApp): Promise<string[]> {
  const { rows } = await t.db.pool.query<{ account: string }>(
    'SELECT account FROM ledger_frozen_accounts ORDER BY account',
  );
  return rows.map((row) => row.account);
}

async function head(t: TestApp, stream: string) {
  const { rows } = await t.db.pool.query<{ revision: string; last_hash: string }>(
    'SELECT revision::text, last_hash FROM es_streams WHERE stream_name = $1',
    [stream],
  );
  return { revision: BigInt(rows[0]!.revision), hash: rows[0]!.last_hash };
}

describe('the write side verifies a stream as it loads it', () => {
  const t = setUpTestApp();
  const admin = setUpAdminClient(t);

  it('refuses to decide on a stream whose old event was edited, names it, appends nothing and freezes its accounts', {
    timeout: 60_000,
  }, async () => {
    const alice = await signedUpClient(t);
    const bob = await signedUpClient(t);
    const carol = await signedUpClient(t);
    await fund(admin, alice.user.id, '10.00');
    await fund(admin, carol.user.id, '5.00');
    expect((await transfer(alice.client, bob.user.id, '1.00')).status).toBe(201);
    await t.treeCaughtUp();
    // Alice's mint, the first event of her stream, made 5,000 times larger; its stored hash left alone.
    const stream = `account-${alice.user.id}`;
    const edited = await t.db.pool.query(
      `UPDATE es_events SET data = data || '{"amount": "50010.00"}'::jsonb
        WHERE stream_name = $1 AND event_type = 'TokensMinted'`,
      [stream],
    );
    expect(edited.rowCount).toBe(1);
    const before = await t.eventCount();

    const refused = await transfer(restarted(t, alice.client), carol.user.id, '50000.00');
    expect(refused.status, refused.text).toBe(503);
    expect(refused.body).toMatchObject({ type: 'ledger-integrity', code: 'ledger_integrity', status: 503 });
    expect(refused.body.message).toContain(`stream ${stream}`);
    expect(await t.eventCount()).toBe(before);
    // Frozen and recorded as the continuous verifier's findings are: the accounts, the alert, the log line.
    expect(await frozen(t)).toEqual([`user:${alice.user.id}`]);
    const status = await admin.get('/api/admin/ledger/status');
    expect(status.body).toMatchObject({ mismatches: 1, frozenAccounts: [`user:${alice.user.id}`] });
    expect(status.body.lastMismatch).toContain(`Stream ${stream} fails its integrity check at revision 0`);
    expect(status.body.lastMismatch).toContain('content does not match its hash');
    expect(t.logs.some((line) => line.includes('"ledger mismatch"') && line.includes(stream))).toBe(true);

    // Asked again (the web app retries a 503), still refused: recorded once.
    expect((await transfer(restarted(t, alice.client), carol.user.id, '1.00')).status).toBe(503);
    expect((await admin.get('/api/admin/ledger/status')).body.mismatches).toBe(1);
    expect(await t.eventCount()).toBe(before);
    // A command on streams nobody touched goes through.
    const untouched = await transfer(restarted(t, carol.client), bob.user.id, '1.00');
    expect(untouched.status, untouched.text).toBe(201);
  });

  it('catches a stored hash changed on its own', { timeout: 60_000 }, async () => {
    const dave = await signedUpClient(t);
    const erin = await signedUpClient(t);
    await fund(admin, dave.user.id, '3.00');
    await t.settle();
    await t.treeCaughtUp();
    const stream = `account-${dave.user.id}`;
    const forged = createHash('sha256').update('not the event').digest('hex');
    await t.db.pool.query(
      `UPDATE es_events SET metadata = jsonb_set(metadata, '{hash}', to_jsonb($2::text))
        WHERE stream_name = $1 AND stream_revision = 0`,
      [stream, forged],
    );
    const before = await t.eventCount();
    const refused = await transfer(restarted(t, dave.client), erin.user.id, '1.00');
    expect(refused.status, refused.text).toBe(503);
    expect(refused.body.type).toBe('ledger-integrity');
    expect(refused.body.message).toContain(`stream ${stream}`);
    expect(await t.eventCount()).toBe(before);
    expect(await frozen(t)).toContain(`user:${dave.user.id}`);
  });

  it('reads a cached stream only beyond its cached revision, and checks that against the cached tail', {
    timeout: 60_000,
  }, async () => {
    const frank = await signedUpClient(t);
    const gina = await signedUpClient(t);
    await fund(admin, frank.user.id, '10.00');
    expect((await transfer(frank.client, gina.user.id, '1.00')).status).toBe(201);
    const stream = `account-${frank.user.id}`;
    const reads = vi.spyOn(rawStore(t.deps.store), 'readStream');
    const readsOf = () => reads.mock.calls.filter(([name]) => name === stream);
    try {
      // Cached: decided on the state in memory, no read at all, so nothing is hashed again.
      for (const amount of ['0.10', '0.20', '0.30'])
        expect((await transfer(frank.client, gina.user.id, amount)).status).toBe(201);
      expect(readsOf()).toEqual([]);
      const cached = await head(t, stream);

      // Another process appends to the stream; then the insider rewrites that new event's previous-hash and
      // recomputes its own hash and the stream's head: the event matches its hash, only its link is wrong.
      expect((await transfer(restarted(t, frank.client), gina.user.id, '0.40')).status).toBe(201);
      // The follower reads the new event before the edit, or it would report the edit itself (and last).
      await t.treeCaughtUp();
      const [appended] = await rawStore(t.deps.store).readStream(stream, {
        fromRevision: cached.revision + 1n,
      });
      const prevHash = createHash('sha256').update('another past').digest('hex');
      const hash = eventHash({ ...appended!, prevHash });
      await t.db.pool.query(
        `UPDATE es_events SET metadata = metadata || jsonb_build_object('prevHash', $2::text, 'hash', $3::text)
          WHERE event_id = $1`,
        [appended!.id, prevHash, hash],
      );
      await t.db.pool.query('UPDATE es_streams SET last_hash = $2 WHERE stream_name = $1', [stream, hash]);
      reads.mockClear();
      const before = await t.eventCount();

      // This process's cache still holds the stream at `cached`: its append finds the stream moved on, it
      // reads the one event beyond, which does not chain onto the tail it verified.
      const refused = await transfer(frank.client, gina.user.id, '0.50');
      expect(refused.status, refused.text).toBe(503);
      expect(refused.body.message).toContain(`stream ${stream}`);
      expect(readsOf()).toEqual([
        [stream, { fromRevision: cached.revision + 1n, verify: { prevHash: cached.hash } }],
      ]);
      expect(await t.eventCount()).toBe(before);
      expect(await frozen(t)).toContain(`user:${frank.user.id}`);
      const status = await admin.get('/api/admin/ledger/status');
      expect(status.body.lastMismatch).toContain('its previous-hash does not match the event before it');
    } finally {
      reads.mockRestore();
    }
  });
});
