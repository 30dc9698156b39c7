import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { setUpAdminClient, setUpTestApp, signedUpClient, type TestClient } from '../../testing/testApp.ts';

const address = {
  address: '12 Sheikh Zayed Road',
  city: 'Dubai',
  state: 'Dubai',
  zipCode: '00000',
  country: 'AE',
};

const t = setUpTestApp();
const admin = setUpAdminClient(t, 'cards-admin@example.com');

describe('cards over HTTP: from request to delivery', () => {
  it('follows a card from request to delivery, with a notification at every status change', async () => {
    const { client, user } = await signedUpClient(t);
    // No card yet is an answer, not an error.
    const none = await client.get(`/api/cards/user/${user.id}`);
    expect(none.status).toBe(200);
    expect(none.text).toBe('null');
    const requested = await client.post('/api/cards', { userId: user.id, tier: 'black', status: 'active' });
    expect(requested.status).toBe(201);
    // The server decides: no balance means gold, and a new card is pending whatever the client says.
    expect(requested.body).toMatchObject({
      tier: 'gold',
      status: 'pending',
      shippingStatus: 'not_shipped',
      address: null,
    });
    const cardId = requested.body.id;
    expect((await client.post('/api/cards', {})).status).toBe(409);

    const proof = await client.post('/api/payments/verify', { paymentMethod: 'USDT', amount: 300 });
    await t.settle();
    expect((await client.get(`/api/cards/user/${user.id}`)).body.status).toBe('verifying');
    await admin.patch(`/api/payments/${proof.body.id}/verify`, { approved: true });
    await t.settle();
    // Approval activated it and left its tier alone; with 300 SAI the holder upgrades to ruby by staking 250.
    expect((await client.get(`/api/cards/user/${user.id}`)).body).toMatchObject({
      status: 'active',
      tier: 'gold',
    });
    expect((await client.post(`/api/cards/${cardId}/upgrade`, { tier: 'ruby' })).body).toMatchObject({
      status: 'active',
      tier: 'ruby',
    });

    // Shipping needs an address: the admin is refused until the user adds one.
    const early = await admin.patch(`/api/admin/cards/${cardId}/ship`, {
      trackingNumber: 'DHL-123456',
      estimatedDelivery: '2026-12-01',
    });
    expect(early.status).toBe(409);
    expect((await client.patch(`/api/cards/${cardId}/shipping`, { ...address, zipCode: '12' })).status).toBe(
      400,
    );
    const withAddress = await client.patch(`/api/cards/${cardId}/shipping`, address);
    expect(withAddress.status).toBe(200);
    expect(withAddress.body.city).toBe('Dubai');

    await t.settle();
    const queue = await admin.get('/api/admin/cards?status=active');
    expect(queue.body.map((c: { id: string }) => c.id)).toContain(cardId);
    const shipped = await admin.patch(`/api/admin/cards/${cardId}/ship`, {
      trackingNumber: 'DHL-123456',
      estimatedDelivery: '2026-12-01',
    });
    expect(shipped.status).toBe(200);
    expect(shipped.body).toMatchObject({
      status: 'shipping',
      shippingStatus: 'shipped',
      trackingNumber: 'DHL-123456',
    });
    expect((await client.post(`/api/cards/${cardId}/freeze`)).status).toBe(409);
    expect((await client.patch(`/api/cards/${cardId}/shipping`, address)).status).toBe(409);
    expect(
      (
        await admin.patch(`/api/admin/cards/${cardId}/ship`, {
          trackingNumber: 'DHL-999999',
          estimatedDelivery: '2026-12-01',
        })
      ).status,
    ).toBe(409);
    const delivered = await admin.patch(`/api/admin/cards/${cardId}/deliver`);
    expect(delivered.body).toMatchObject({ status: 'active', shippingStatus: 'delivered' });
    expect((await admin.patch(`/api/admin/cards/${cardId}/deliver`)).status).toBe(409);

    await t.settle();
    const titles = (await client.get('/api/notifications')).body.map((n: { title: string }) => n.title);
    expect(titles).toEqual(
      expect.arrayContaining([
        'Card request submitted',
        'Verifying payment',
        'Card activated',
        'Card stake changed',
        'Card shipped',
        'Card delivered',
      ]),
    );
  });
});

describe('cards over HTTP: an active card and its holder', () => {
  it('freezes, unfreezes and changes the PIN of an active card; the PIN is never in the log', async () => {
    const { client, user } = await signedUpClient(t);
    const card = (await client.post('/api/cards', address)).body;
    expect(card.address).toBe(address.address);
    expect((await client.post(`/api/cards/${card.id}/pin`, { pin: '4827', confirmPin: '4827' })).status).toBe(
      409,
    );
    await admin.post('/api/transactions', { type: 'admin_deposit', receiver_id: user.id, amount: 10 });
    const proof = await client.post('/api/payments/verify', { paymentMethod: 'ETH', amount: 100 });
    await admin.patch(`/api/payments/${proof.body.id}/verify`, { approved: true });
    await t.settle();
    const mismatch = await client.post(`/api/cards/${card.id}/pin`, { pin: '4827', confirmPin: '4828' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.fieldErrors.confirmPin).toBe("PINs don't match");
    expect((await client.post(`/api/cards/${card.id}/pin`, { pin: '48a7', confirmPin: '48a7' })).status).toBe(
      400,
    );
    expect((await client.post(`/api/cards/${card.id}/pin`, { pin: '4827', confirmPin: '4827' })).status).toBe(
      200,
    );
    expect((await client.post(`/api/cards/${card.id}/freeze`)).body.status).toBe('inactive');
    expect((await client.post(`/api/cards/${card.id}/pin`, { pin: '1111', confirmPin: '1111' })).status).toBe(
      409,
    );
    expect((await client.post(`/api/cards/${card.id}/unfreeze`)).body.status).toBe('active');
    expect((await client.post(`/api/cards/${card.id}/unfreeze`)).status).toBe(409);
    const { rows } = await t.db.pool.query<{ text: string }>(
      `SELECT data::text || metadata::text AS text FROM es_events`,
    );
    // Hex hashes and UUIDs may contain the digits by chance; a PIN would appear as a JSON value or key.
    expect(
      rows.filter((r) => r.text.includes('"4827"') || /"(pin|confirmPin|pinHash)"/i.test(r.text)),
    ).toEqual([]);
    const changed = await t.db.pool.query(`SELECT data FROM es_events WHERE event_type = 'CardPinChanged'`);
    expect(Object.keys(changed.rows[0].data).sort()).toEqual(['at', 'cardId', 'userId']);
    const { rows: pins } = await t.db.pool.query<{ pin_hash: string }>(
      'SELECT pin_hash FROM card_pins WHERE card_id = $1',
      [card.id],
    );
    expect(pins[0]?.pin_hash).toMatch(/^\$argon2id\$/);
  });

  it("keeps a user's card to themselves", async () => {
    const alice = await signedUpClient(t);
    const bob = await signedUpClient(t);
    const card = (await alice.client.post('/api/cards', {})).body;
    expect((await bob.client.get(`/api/cards/user/${alice.user.id}`)).status).toBe(403);
    expect((await bob.client.post(`/api/cards/${card.id}/freeze`)).status).toBe(404);
    expect((await bob.client.patch(`/api/cards/${card.id}/shipping`, address)).status).toBe(404);
    expect((await bob.client.post('/api/cards', { userId: alice.user.id })).status).toBe(403);
    expect(
      (
        await bob.client.patch(`/api/admin/cards/${card.id}/ship`, {
          trackingNumber: 'X-1234',
          estimatedDelivery: '2026-12-01',
        })
      ).status,
    ).toBe(403);
    await t.settle();
    expect((await admin.get(`/api/cards/user/${alice.user.id}`)).status).toBe(200);
    expect((await admin.patch(`/api/admin/cards/${randomUUID()}/deliver`)).status).toBe(404);
  });
});

describe('every transition the card machine forbids, through the API', () => {
  const t = setUpTestApp();
  const admin = setUpAdminClient(t, 'machine-admin@example.com');

  type State = 'pending' | 'verifying' | 'active' | 'frozen' | 'shipping' | 'delivered' | 'activeNoAddress';
  /** Drives a fresh user's card into `state`; returns the user's client and the card id. */
  async function cardIn(state: State) {
    const { client } = await signedUpClient(t);
    const card = (await client.post('/api/cards', state === 'activeNoAddress' ? {} : address)).body;
    if (state === 'pending') return { client, id: card.id as string };
    const proof = await client.post('/api/payments/verify', { paymentMethod: 'USDT', amount: 100 });
    await t.settle();
    if (state === 'verifying') return { client, id: card.id as string };
    await admin.patch(`/api/payments/${proof.body.id}/verify`, { approved: true });
    await t.settle();
    if (state === 'frozen') await client.post(`/api/cards/${card.id}/freeze`);
    if (state === 'shipping' || state === 'delivered') {
      await admin.patch(`/api/admin/cards/${card.id}/ship`, {
        trackingNumber: 'UPS-1234',
        estimatedDelivery: '2026-12-05',
      });
    }
    if (state === 'delivered') await admin.patch(`/api/admin/cards/${card.id}/deliver`);
    return { client, id: card.id as string };
  }

  const ship = { trackingNumber: 'UPS-5678', estimatedDelivery: '2026-12-06' };
  const forbidden: [State, string, (c: TestClient, id: string) => Promise<{ status: number }>][] = [
    ['pending', 'ship', (_c, id) => admin.patch(`/api/admin/cards/${id}/ship`, ship)],
    ['verifying', 'ship', (_c, id) => admin.patch(`/api/admin/cards/${id}/ship`, ship)],
    ['activeNoAddress', 'ship', (_c, id) => admin.patch(`/api/admin/cards/${id}/ship`, ship)],
    ['shipping', 'ship', (_c, id) => admin.patch(`/api/admin/cards/${id}/ship`, ship)],
    ['delivered', 'ship', (_c, id) => admin.patch(`/api/admin/cards/${id}/ship`, ship)],
    ['frozen', 'ship', (_c, id) => admin.patch(`/api/admin/cards/${id}/ship`, ship)],
    ['pending', 'deliver', (_c, id) => admin.patch(`/api/admin/cards/${id}/deliver`)],
    ['active', 'deliver', (_c, id) => admin.patch(`/api/admin/cards/${id}/deliver`)],
    ['delivered', 'deliver', (_c, id) => admin.patch(`/api/admin/cards/${id}/deliver`)],
    ['pending', 'freeze', (c, id) => c.post(`/api/cards/${id}/freeze`)],
    ['verifying', 'freeze', (c, id) => c.post(`/api/cards/${id}/freeze`)],
    ['shipping', 'freeze', (c, id) => c.post(`/api/cards/${id}/freeze`)],
    ['frozen', 'freeze', (c, id) => c.post(`/api/cards/${id}/freeze`)],
    ['active', 'unfreeze', (c, id) => c.post(`/api/cards/${id}/unfreeze`)],
    ['pending', 'unfreeze', (c, id) => c.post(`/api/cards/${id}/unfreeze`)],
    [
      'pending',
      'change the PIN',
      (c, id) => c.post(`/api/cards/${id}/pin`, { pin: '1234', confirmPin: '1234' }),
    ],
    [
      'frozen',
      'change the PIN',
      (c, id) => c.post(`/api/cards/${id}/pin`, { pin: '1234', confirmPin: '1234' }),
    ],
    ['shipping', 'change the address', (c, id) => c.patch(`/api/cards/${id}/shipping`, address)],
    ['delivered', 'change the address', (c, id) => c.patch(`/api/cards/${id}/shipping`, address)],
    ['active', 'request a second card', (c) => c.post('/api/cards', {})],
    ['frozen', 'upgrade', (c, id) => c.post(`/api/cards/${id}/upgrade`, { tier: 'ruby' })],
  ];

  it('answers 409 with a message for each, and appends nothing', async () => {
    const failures: string[] = [];
    for (const [state, what, attempt] of forbidden) {
      const { client, id } = await cardIn(state);
      await t.settle();
      const before = await t.eventCount();
      const reply = (await attempt(client, id)) as { status: number; body: { message?: string } };
      if (reply.status !== 409 || !reply.body.message)
        failures.push(`${what} on a ${state} card: ${reply.status} ${reply.body.message}`);
      if ((await t.eventCount()) !== before) failures.push(`${what} on a ${state} card appended events`);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
