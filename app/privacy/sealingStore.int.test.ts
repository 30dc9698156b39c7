import { describe, expect, it } from 'vitest';
import { createPool } from '../../infra/postgres/pool.ts';
import { fund, fundEth, transfer, withdrawEth } from '../../testing/ledgerApp.ts';
import { RUN_PRIVACY_KEYS } from '../../testing/privacyKeys.ts';
import { setUpAdminClient, setUpTestApp, signedUpClient } from '../../testing/testApp.ts';
import { verifyLedger } from '../audit/verifyLedger.ts';
import { KeyRing } from './keyRing.ts';
import { PersonalDataKeys } from './personalDataKeys.ts';
import { openEvents } from './sealedEvents.ts';
import { isSealedValue } from './sealing.ts';

/**
 * The log holds personal fields sealed (app/privacy/sealingStore.ts, docs/decisions/0014-crypto-shredding.md):
 * values a person typed into every form are nowhere in es_events in clear, every reader still sees them,
 * the hash chain verifies over the sealed form, and a destroyed key reaches every process.
 */
const t = setUpTestApp({ RATE_LIMITS: 'off' });

const admin = setUpAdminClient(t, 'sealing-admin@example.com');

const typed = {
  firstName: 'Zebulonia',
  lastName: 'Quaxwhistle',
  bio: 'Breeds ornamental carp in Hellerup',
  description: 'rent for the houseboat Marigold',
  withdrawalNotes: 'to my vault at Kestrelbank',
  paymentNotes: 'wired from account Plumtree 99812',
  street: '41 Glimmerfen Row',
  city: 'Ystradgynlais',
  contactMessage: 'Please call me about the Vorpal invoice',
  anonymousName: 'Ottoline Brackenwhite',
};

async function scene() {
  const alice = await signedUpClient(t, { firstName: typed.firstName, lastName: typed.lastName });
  const bob = await signedUpClient(t);
  expect((await alice.client.patch('/api/account/profile', { bio: typed.bio })).status).toBe(200);
  await fund(admin, alice.user.id, '100');
  const sent = await transfer(alice.client, bob.user.id, '12.50', typed.description);
  expect(sent.status, sent.text).toBe(201);
  await fundEth(admin, alice.client, '1');
  await t.settle();
  const withdrawal = await withdrawEth(alice, '0.25', {
    address: '0x1111111111111111111111111111111111111111',
    notes: typed.withdrawalNotes,
  });
  expect(withdrawal.status, withdrawal.text).toBe(201);
  const card = await alice.client.post('/api/cards', {
    address: typed.street,
    city: typed.city,
    state: 'Powys',
    zipCode: 'SA9 1AA',
    country: 'GB',
  });
  expect(card.status, card.text).toBe(201);
  const proof = await alice.client.post('/api/payments/verify', {
    paymentMethod: 'USDT',
    amount: '300',
    notes: typed.paymentNotes,
  });
  expect(proof.status, proof.text).toBe(201);
  const contact = await alice.client.post('/api/contact', {
    fullName: `${typed.firstName} ${typed.lastName}`,
    email: alice.user.email,
    subject: 'Invoice',
    message: typed.contactMessage,
  });
  expect(contact.status, contact.text).toBe(201);
  const anonymous = await t.client().post('/api/contact', {
    fullName: typed.anonymousName,
    email: 'ottoline@example.org',
    subject: 'Hello',
    message: 'A question from someone without an account',
  });
  expect(anonymous.status, anonymous.text).toBe(201);
  await t.settle();
  return { alice, bob };
}

describe('sealed personal fields in the log', () => {
  it('keeps every typed value out of the log in clear, while every reader still sees it', async () => {
    const { alice, bob } = await scene();
    const { rows } = await t.db.pool.query<{ text: string }>(
      `SELECT string_agg(data::text || metadata::text, E'\\n') AS text FROM es_events`,
    );
    const log = rows[0]!.text.toLowerCase();
    for (const value of [
      ...Object.values(typed),
      alice.user.email,
      alice.user.username,
      bob.user.username,
      'ottoline@example.org',
    ])
      expect(log, value).not.toContain(value.toLowerCase());

    // The sealed form is what is stored: envelopes where the values were.
    const [registered] = await t.db.pool
      .query<{ data: Record<string, unknown> }>(
        `SELECT data FROM es_events WHERE event_type = 'UserRegistered' AND data->>'userId' = $1`,
        [alice.user.id],
      )
      .then((r) => r.rows);
    expect(isSealedValue(registered!.data.email)).toBe(true);
    expect(isSealedValue(registered!.data.firstName)).toBe(true);

    // Readers: the API (read models built by the projections) and the log read through the app.
    const me = await alice.client.get('/api/auth/user');
    expect(me.body).toMatchObject({ firstName: typed.firstName, lastName: typed.lastName, bio: typed.bio });
    const history = await bob.client.get('/api/transactions');
    expect(JSON.stringify(history.body)).toContain(typed.description);
    const transfers = await t.loggedEvents<{ description: string; fromLabel: string }>(
      'TokensTransferred',
      `data->>'fromUserId' = $2`,
      [alice.user.id],
    );
    expect(transfers[0]?.data).toMatchObject({
      description: typed.description,
      fromLabel: alice.user.username,
    });
    const messages = await admin.get('/api/contact');
    expect(JSON.stringify(messages.body)).toContain(typed.anonymousName);

    // The hash chain covers what is stored: it verifies.
    const report = await verifyLedger(t.deps.store, t.deps.pool);
    expect(report.problems).toEqual([]);
    expect(report.events).toBe(await t.eventCount());
  });
});

describe('sealed personal fields in the log', () => {
  it('reaches every process when a key is destroyed: reads then give the placeholders', async () => {
    const carol = await signedUpClient(t, { firstName: 'Carolyne', lastName: 'Fenwhistle' });
    await t.settle();
    // Another process: its own pool, keys and ring over the same database, its cache warmed.
    const pool = createPool(t.db.url, 2);
    const master = Buffer.from(RUN_PRIVACY_KEYS.PERSONAL_DATA_KEY, 'base64');
    const other = new KeyRing(
      new PersonalDataKeys(pool, master),
      Buffer.from(RUN_PRIVACY_KEYS.PSEUDONYM_KEY, 'base64'),
      t.db.url,
    );
    try {
      const read = async (ring: KeyRing) => {
        const events = await t.db.pool.query<{ id: string; data: unknown }>(
          `SELECT event_id::text AS id, data FROM es_events WHERE event_type = 'UserRegistered' AND data->>'userId' = $1`,
          [carol.user.id],
        );
        const [event] = await openEvents(
          ring,
          events.rows.map((row) => ({ id: row.id, type: 'UserRegistered', data: row.data })),
        );
        return event!.data as Record<string, string>;
      };
      expect(await read(other)).toMatchObject({ firstName: 'Carolyne', username: carol.user.username });
      // Cached from here on: a second read does not ask the table (the listener is up by now).
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await read(other)).lastName).toBe('Fenwhistle');

      // The other process serves from its cache: a change to the table alone does not reach it…
      await t.db.pool.query(
        `UPDATE personal_data_keys SET wrapped_key = NULL, master_key_id = NULL, destroyed_at = now()
          WHERE subject_id = $1`,
        [carol.user.id],
      );
      expect((await read(other)).firstName).toBe('Carolyne');
      // …the destroy's announcement does. This process forgets at once.
      await t.deps.privacy.keys.destroy(carol.user.id);
      expect(await read(t.deps.privacy.ring)).toMatchObject({
        firstName: '',
        lastName: '',
        email: '',
        username: 'Erased user',
      });
      // The other process as soon as the NOTIFY arrives.
      let seen: Record<string, string> = {};
      for (let i = 0; i < 50; i++) {
        seen = await read(other);
        if (seen.username === 'Erased user') break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(seen).toMatchObject({ firstName: '', lastName: '', username: 'Erased user' });
      // A request that races an erasure (here: the key gone, the erasure's event not yet written) is
      // refused when its personal fields cannot be sealed: 409, nothing appended, never a 500.
      const events = await t.settledEventCount();
      const update = await carol.client.patch('/api/account/profile', { bio: 'written too late' });
      expect(update.status, update.text).toBe(409);
      expect(update.body.detail).toMatch(/erased/);
      expect(await t.settledEventCount()).toBe(events);
    } finally {
      await other.close();
      await pool.end();
    }
  });
});
