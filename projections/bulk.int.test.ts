import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardStream } from '../domain/cards/card.ts';
import { TYPE_LABELS } from '../domain/ledger/history.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../testing/faults/workload.ts';
import { transfer } from '../testing/ledgerApp.ts';
import { readWholeLog, snapshotTables } from '../testing/projections.ts';
import { SoftAuthenticator } from '../testing/softAuthenticator.ts';
import { createTestApp, signedUpClient, type TestApp, type TestClient } from '../testing/testApp.ts';
import { servedWithWorkload } from '../testing/workloadApp.ts';
import { loadLocale } from '../web/src/i18n/i18n.ts';
import { notificationText, shownDay, WORDED_KINDS } from '../web/src/lib/notificationText.ts';
import type { AppNotification } from '../web/src/queries/notifications.queries.ts';
import { allProjections } from './index.ts';
import { handledTypes } from './projection.ts';
import { rebuildProjections } from './rebuild.ts';

/**
 * A rebuild of a log in its own Postgres database computes the projections that have `bulkSql` in SQL
 * (projections/rebuild.ts, bulk pass): that SQL is compiled from the posting rules (projections/ledger/
 * postingsSql.ts) and restates the notices and the transaction ids. It must leave exactly the rows the TypeScript projections made of the same log as the live worker
 * applied it, over a log holding every event type that SQL reads: the money workload (transfers, deposit
 * proofs approved and rejected, ETH deposits, withdrawals completed and failed, distributions), a card from
 * request to delivery with its freezes and PIN, crypto deposits rejected with and without a reason, and
 * notifications read one by one and all at once, and a person erased after sending money (their balance
 * moved to dormant). The other read models, rebuilt in the same pass from
 * their own event types only, must equal theirs too.
 */
const rebuildable = allProjections.filter((p) => p.tables.length > 0);
const inSql = rebuildable.filter((p) => p.bulkSql);
// Every read model: the others are fed in Node meanwhile, with their own event types only.
const tables = rebuildable.flatMap((p) => p.tables);

let t: TestApp;

let close = () => {};

const seed = Number(process.env.BULK_SEED ?? Date.now() % 100_000);

type Signed = Awaited<ReturnType<typeof signedUpClient>>;

const expectOk = async (reply: Promise<{ status: number; body: unknown }>, what: string) => {
  const r = await reply;
  expect(r.status, `${what}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
  return r.body as Record<string, unknown>;
};

/**
 * A card from request to delivery: payment, activation, the holder's upgrade (and a legacy automatic
 * one), shipping, freezes and a PIN; the holder's sign-ins on the way.
 */
async function aCardDelivered(admin: TestClient, holder: Signed) {
  const card = await expectOk(holder.client.post('/api/cards', {}), 'card request');
  const proof = await expectOk(
    holder.client.post('/api/payments/verify', { paymentMethod: 'USDT', amount: 300 }),
    'payment proof',
  );
  await expectOk(admin.patch(`/api/payments/${proof.id}/verify`, { approved: true }), 'approval');
  await t.settle(); // the card activates once the payment's process manager has seen the approval
  // The holder upgrades by staking 250 of their 300 SAI for ruby, then releases the stake; the upgrades
  // older releases wrote (automatic, then by balance), appended as they wrote them, must still read.
  await expectOk(holder.client.post(`/api/cards/${card.id}/upgrade`, { tier: 'ruby' }), 'upgrade');
  await expectOk(holder.client.post(`/api/cards/${card.id}/stake`, { tier: 'gold' }), 'unstake');
  const legacy = (type: string, data: Record<string, unknown>) => ({
    id: randomUUID(),
    type,
    data: { cardId: card.id, userId: holder.user.id, at: new Date().toISOString(), ...data },
    metadata: { actorId: null, correlationId: randomUUID(), causationId: null },
  });
  await signInsFromOneBrowser(holder);
  await t.deps.store.append(
    cardStream(String(card.id)),
    [
      legacy('CardUpgraded', { from: 'gold', to: 'ruby', balance: '300.00' }),
      legacy('CardTierUpgraded', { from: 'ruby', to: 'black' }),
    ],
    { expectedRevision: 'stream_exists' },
  );
  const address = { address: '1 Main Street', city: 'Lisbon', state: 'LX', zipCode: '1000', country: 'PT' };
  await expectOk(holder.client.patch(`/api/cards/${card.id}/shipping`, address), 'shipping address');
  await expectOk(
    admin.patch(`/api/admin/cards/${card.id}/ship`, {
      trackingNumber: 'TRACK-1234',
      estimatedDelivery: '2026-12-01',
    }),
    'card shipped',
  );
  await expectOk(admin.patch(`/api/admin/cards/${card.id}/deliver`), 'card delivered');
  // A sign-in from a browser the User-Agent names (the admin's, above, names none): both notices.
  await expectOk(
    t
      .client()
      .post(
        '/api/auth/login',
        { email: holder.registration.email, password: holder.registration.password },
        { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0' },
      ),
    'sign-in',
  );
  await expectOk(holder.client.post(`/api/cards/${card.id}/freeze`), 'freeze');
  await expectOk(holder.client.post(`/api/cards/${card.id}/unfreeze`), 'unfreeze');
  await expectOk(holder.client.post(`/api/cards/${card.id}/pin`, { pin: '4827', confirmPin: '4827' }), 'pin');
}

/**
 * Two sign-ins from one browser over a socket (the address is the place): the first is announced, the
 * second, a known device and place (docs/security.md), is not.
 */
async function signInsFromOneBrowser(holder: Signed) {
  const socket = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => socket.once('listening', resolve));
  const signIn = (cookie: string) =>
    fetch(`http://127.0.0.1:${(socket.address() as AddressInfo).port}/api/auth/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: `http://127.0.0.1:${(socket.address() as AddressInfo).port}`,
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
        cookie,
      },
      body: JSON.stringify({ email: holder.registration.email, password: holder.registration.password }),
    });
  const first = await signIn('');
  expect(first.status, await first.text()).toBe(200);
  const device = first.headers.getSetCookie().find((cookie) => cookie.startsWith('sai_device='));
  expect((await signIn(device!.split(';')[0]!)).status).toBe(200);
  socket.close();
  const quiet = await t.db.pool.query(
    `SELECT 1 FROM es_events WHERE event_type = 'SignedIn' AND data->>'newDevice' = 'false'`,
  );
  expect(quiet.rowCount).toBe(1);
}

/** A passkey added and removed: both are told to the holder. */
async function aPasskeyAddedAndRemoved(holder: Signed) {
  const password = holder.registration.password;
  const passkeyOptions = await expectOk(
    holder.client.post('/api/account/passkeys/options', { password }),
    'passkey options',
  );
  const response = new SoftAuthenticator(t.deps.config.PUBLIC_URL).create(passkeyOptions.options as never);
  const passkey = await expectOk(
    holder.client.post('/api/account/passkeys', { name: 'Key', response }),
    'passkey',
  );
  await expectOk(
    holder.client.request('DELETE', `/api/account/passkeys/${passkey.id}`, { password }),
    'passkey removed',
  );
}

/** Crypto deposits rejected, with a reason and without one; a proof rejected without a reason. */
async function rejections(admin: TestClient, holder: Signed) {
  for (const reason of ['Not received', undefined]) {
    const declared = await expectOk(
      holder.client.post('/api/crypto/deposits', { currency: 'ETH', network: 'arbitrum' }),
      'declared deposit',
    );
    await expectOk(
      admin.patch(`/api/admin/crypto/deposits/${declared.id}`, { action: 'reject', reason }),
      'deposit rejected',
    );
  }
  const unpaid = await expectOk(
    holder.client.post('/api/payments/verify', { paymentMethod: 'ETH', amount: 50 }),
    'payment proof',
  );
  await expectOk(admin.patch(`/api/payments/${unpaid.id}/verify`, { approved: false }), 'rejection');
}

/** Notifications read one by one and all at once, then new ones. */
async function notificationsRead(admin: TestClient, holder: Signed) {
  await t.settle();
  const listed = (await holder.client.get('/api/notifications?limit=5')).body as { id: string }[];
  expect(listed.length).toBeGreaterThan(2);
  await expectOk(holder.client.patch(`/api/notifications/${listed[1]!.id}/read`, {}), 'one read');
  const other = await signedUpClient(t);
  await expectOk(
    admin.post('/api/transactions', { type: 'admin_deposit', receiver_id: other.user.id, amount: '20.00' }),
    'deposit',
  );
  await expectOk(transfer(other.client, holder.user.id, '1.00', 'a “quoted” note'), 'transfer');
  await expectOk(holder.client.patch('/api/notifications/mark-all-read', {}), 'all read');
  await expectOk(transfer(other.client, holder.user.id, '2.00'), 'transfer');
}

/**
 * An erased person who had sent the holder money with a note: their residual balance moves to dormant,
 * their notifications go and the holder's names them "Erased user", their texts are blanked.
 */
async function anErasedSender(admin: TestClient, holder: Signed) {
  const gone = await signedUpClient(t);
  await expectOk(
    admin.post('/api/transactions', { type: 'admin_deposit', receiver_id: gone.user.id, amount: '5.00' }),
    'deposit',
  );
  await expectOk(transfer(gone.client, holder.user.id, '1.50', 'from someone soon erased'), 'transfer');
  await t.settle();
  await expectOk(
    admin.post(`/api/admin/users/${gone.user.id}/erase`, {
      reason: 'erasure request',
      confirm: 'ERASE',
      moveBalancesToDormant: true,
    }),
    'erasure',
  );
  await t.settle();
}

beforeAll(async () => {
  t = await createTestApp();
  const served = await servedWithWorkload(t, { users: 4, tag: 'bulk', seed });
  close = served.close;

  const admin = t.client();
  expect((await admin.post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status).toBe(
    200,
  );
  const holder = await signedUpClient(t);
  await aCardDelivered(admin, holder);
  await aPasskeyAddedAndRemoved(holder);
  await rejections(admin, holder);
  await notificationsRead(admin, holder);
  await anErasedSender(admin, holder);
}, 180_000);

afterAll(async () => {
  close();
  await t?.stop();
});

describe('a rebuild computed in SQL equals the TypeScript projections', () => {
  it('over every event type the SQL reads, row for row, as the rebuild through Node does', async () => {
    const log = await readWholeLog(t.deps.store);
    const present = new Set(log.map((event) => event.type));
    for (const projection of inSql)
      expect(
        handledTypes(projection).filter((type) => !present.has(type)),
        `${projection.name}: event types the log lacks`,
      ).toEqual([]);
    const live = await snapshotTables(t.db.pool, tables);
    expect(live.notifications!.some((row) => (row as { is_read: boolean }).is_read)).toBe(true);

    const rebuild = (bulk: boolean) =>
      rebuildProjections({
        databaseUrl: t.db.url,
        pool: t.db.pool,
        store: t.deps.store,
        projections: rebuildable,
        fresh: true,
        bulk,
      });
    const result = await rebuild(true);
    expect(result.inSql.sort()).toEqual(inSql.map((p) => p.name).sort());
    const rebuilt = await snapshotTables(t.db.pool, tables);
    for (const table of tables) expect(rebuilt[table], table).toEqual(live[table]);
    // And the path every other case takes (an EventStoreDB log, REBUILD_BULK=off): the same rows.
    expect((await rebuild(false)).inSql).toEqual([]);
    const throughNode = await snapshotTables(t.db.pool, tables);
    for (const table of tables) expect(throughNode[table], table).toEqual(live[table]);
  }, 120_000);
  it('keeps in each notification what the web words it in every language from (its kind and params)', async () => {
    const { rows } = await t.db.pool.query<{
      title: string;
      message: string;
      kind: string;
      params: Record<string, string>;
      type: AppNotification['type'];
    }>('SELECT title, message, kind, params, type FROM notifications ORDER BY id');
    expect(new Set(rows.map((row) => row.kind)).size).toBeGreaterThan(15);
    const shown = (row: (typeof rows)[number]) =>
      notificationText({ ...row, id: '', relatedId: null, movementId: null, isRead: false, createdAt: '' });
    // Thousands grouping and the reader's date are the screen's own notation; the words are the server's.
    const ungrouped = (text: string) => text.replace(/(\d),(\d{3})/g, '$1$2');
    await loadLocale('en');
    for (const row of rows) {
      expect(WORDED_KINDS, row.kind).toContain(row.kind);
      const expected = row.params.estimatedDelivery
        ? row.message.replace(row.params.estimatedDelivery, shownDay(row.params.estimatedDelivery))
        : row.message;
      expect(ungrouped(shown(row).message), row.kind).toBe(ungrouped(expected));
      expect(shown(row).title, row.kind).toBe(row.title);
    }
    for (const locale of ['de', 'fr', 'es'] as const) {
      await loadLocale(locale);
      for (const row of rows) {
        const { title, message } = shown(row);
        expect(`${title} ${message}`, `${locale} ${row.kind}`).not.toMatch(/[{}]/);
        expect(message, `${locale} ${row.kind}`).not.toBe(row.message);
        expect(title, `${locale} ${row.kind}`).not.toBe(row.title);
        // What a person typed or a system named is kept as it is (a distribution's default note is worded).
        for (const key of ['reason', 'description', 'trackingNumber', 'txHash', 'browser', 'os'])
          if (row.params[key] && row.params[key] !== TYPE_LABELS.admin_deposit)
            expect(message, `${locale} ${row.kind} ${key}`).toContain(row.params[key]);
      }
    }
    await loadLocale('en');
  });
});
