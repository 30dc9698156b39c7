import { describe, expect, it } from 'vitest';
import { setUpAdminClient, setUpTestApp, signedUpClient, type TestClient } from '../../testing/testApp.ts';

/**
 * A card keeps the tier it was requested with; it changes only when its holder stakes for a tier
 * (POST /api/cards/{id}/upgrade: a stake that only goes up; docs/product-rules.md rule 30).
 */
describe("a card's tier over HTTP", () => {
  const t = setUpTestApp();
  const admin = setUpAdminClient(t, 'tier-admin@example.com');

  /** A user with `saiBalance` SAI and an active card requested at `requestedAt` SAI (of that balance). */
  async function holder(requestedAt: number, saiBalance: number) {
    const { client, user } = await signedUpClient(t);
    if (requestedAt > 0)
      await admin.post('/api/transactions', {
        type: 'admin_deposit',
        receiver_id: user.id,
        amount: requestedAt,
      });
    await t.settle();
    const card = (await client.post('/api/cards', {})).body as { id: string; tier: string };
    const proof = await client.post('/api/payments/verify', {
      paymentMethod: 'USDT',
      amount: saiBalance - requestedAt,
    });
    await t.settle();
    expect((await admin.patch(`/api/payments/${proof.body.id}/verify`, { approved: true })).status).toBe(200);
    await t.settle();
    return { client, user, card };
  }

  const cardOf = async (client: TestClient, userId: string) =>
    (await client.get(`/api/cards/user/${userId}`)).body as { id: string; tier: string; status: string };

  it('keeps a Ruby Steel card Ruby Steel when the approval that activates it takes the balance to Black', async () => {
    const { client, user, card } = await holder(300, 600);
    expect(card.tier).toBe('ruby');
    expect(await cardOf(client, user.id)).toMatchObject({ status: 'active', tier: 'ruby' });
    const { rows } = await t.db.pool.query(
      `SELECT count(*)::int AS n FROM es_events WHERE event_type IN ('CardTierUpgraded', 'CardUpgraded')`,
    );
    expect(rows[0].n).toBe(0);
  });

  it('upgrades by staking when the holder asks, once; a retry answers the same card and appends nothing', async () => {
    const { client, user, card } = await holder(300, 600);
    const before = await t.settledEventCount();
    const upgraded = await client.post(`/api/cards/${card.id}/upgrade`, { tier: 'black' });
    expect(upgraded.status).toBe(200);
    expect(upgraded.body).toMatchObject({ id: card.id, tier: 'black', status: 'active' });
    const after = await t.settledEventCount();
    expect(after - before).toBeGreaterThanOrEqual(1);
    const { rows } = await t.db.pool.query(
      `SELECT data FROM es_events WHERE event_type = 'CardStaked' AND data->>'cardId' = $1`,
      [card.id],
    );
    expect(rows.map((r) => r.data)).toEqual([
      expect.objectContaining({ tier: 'black', staked: '500.00', userId: user.id }),
    ]);
    expect((await client.get('/api/cards/stake')).body).toEqual({
      staked: '500.00',
      tier: 'black',
      available: '100.00',
    });

    // The same request again (a retry after a lost answer): the card as it is, nothing written.
    const retry = await client.post(`/api/cards/${card.id}/upgrade`, { tier: 'black' });
    expect(retry.status).toBe(200);
    expect(retry.body.tier).toBe('black');
    expect(await t.settledEventCount()).toBe(after);
    expect(await cardOf(client, user.id)).toMatchObject({ tier: 'black' });

    const notices = (await client.get('/api/notifications')).body as { title: string; message: string }[];
    expect(notices).toContainEqual(
      expect.objectContaining({
        title: 'Card stake changed',
        message: 'Your card is now Black. SAI staked for it: 500.00.',
      }),
    );
  });

  it('replays the first answer for a repeated Idempotency-Key', async () => {
    const { client, card } = await holder(0, 300);
    const key = { 'idempotency-key': `upgrade-${card.id}` };
    const first = await client.post(`/api/cards/${card.id}/upgrade`, { tier: 'ruby' }, key);
    expect(first.status).toBe(200);
    const count = await t.settledEventCount();
    const again = await client.post(`/api/cards/${card.id}/upgrade`, { tier: 'ruby' }, key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await t.settledEventCount()).toBe(count);
  });

  it('refuses with a clear 4xx and appends nothing: a stake not covered, a lower tier, a bad tier', async () => {
    const { client, user, card } = await holder(0, 300);
    expect(card.tier).toBe('gold');
    const count = await t.settledEventCount();
    const short = await client.post(`/api/cards/${card.id}/upgrade`, { tier: 'black' });
    expect(short.status).toBe(422);
    expect(short.body.message).toBe(
      'Staking for Black holds 500.00 SAI: 500.00 SAI more than your stake, and you have 300.00 SAI available.',
    );
    const bad = await client.post(`/api/cards/${card.id}/upgrade`, { tier: 'platinum' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Tier must be one of gold, ruby, black');
    expect((await client.post(`/api/cards/${card.id}/upgrade`, {})).status).toBe(400);
    expect(await t.settledEventCount()).toBe(count);

    expect((await client.post(`/api/cards/${card.id}/upgrade`, { tier: 'ruby' })).body.tier).toBe('ruby');
    const down = await client.post(`/api/cards/${card.id}/upgrade`, { tier: 'gold' });
    expect(down.status).toBe(409);
    expect(down.body.message).toBe('Your card is already Ruby Steel; an upgrade never lowers it');
    expect(await cardOf(client, user.id)).toMatchObject({ tier: 'ruby' });
  });

  it("refuses someone else's card: another user gets 404, an admin 403, no session 401", async () => {
    const { card } = await holder(0, 600);
    const other = await signedUpClient(t);
    await admin.post('/api/transactions', { type: 'admin_deposit', receiver_id: other.user.id, amount: 600 });
    await t.settle();
    const count = await t.eventCount();
    expect((await other.client.post(`/api/cards/${card.id}/upgrade`, { tier: 'black' })).status).toBe(404);
    const byAdmin = await admin.post(`/api/cards/${card.id}/upgrade`, { tier: 'black' });
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.message).toBe("Only the card's holder can upgrade it");
    expect((await t.client().post(`/api/cards/${card.id}/upgrade`, { tier: 'black' })).status).toBe(401);
    expect(await t.eventCount()).toBe(count);
  });
});
