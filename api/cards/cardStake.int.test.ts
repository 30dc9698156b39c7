import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { logViolations } from '../../testing/ledgerInvariants.ts';
import { readWholeLog } from '../../testing/projections.ts';
import { setUpAdminClient, setUpTestApp, signedUpClient, type TestClient } from '../../testing/testApp.ts';

/**
 * A card tier by staking (docs/product-rules.md rule 30): the holder sets their card's stake to a tier's
 * amount (POST /api/cards/{id}/stake), held in holds:SAI; the card and the conversion fee follow the
 * stake, never the balance.
 */
const t = setUpTestApp();

const admin = setUpAdminClient(t, 'stake-admin@example.com');

/** A user holding `sai` SAI (an admin's distribution) with a card requested: pending. */
async function holder(sai: string) {
  const { client, user, registration } = await signedUpClient(t);
  const given = await admin.post('/api/transactions', {
    type: 'admin_deposit',
    receiver_id: user.id,
    amount: sai,
  });
  expect(given.status, given.text).toBe(201);
  await t.settle();
  const card = (await client.post('/api/cards', {})).body as { id: string; tier: string; status: string };
  return { client, user, card, password: registration.password };
}

const stake = (client: TestClient, cardId: string, tier: string, key?: string) =>
  client.post(`/api/cards/${cardId}/stake`, { tier }, key ? { 'idempotency-key': key } : {});

const saiBalance = async (client: TestClient) =>
  ((await client.get('/api/auth/user')).body as { balance: string | number }).balance;

const heldSai = async () =>
  (
    await t.db.pool.query<{ balance: string }>(
      `SELECT balance::text FROM account_balances WHERE account_id = 'holds:SAI' AND asset = 'SAI'`,
    )
  ).rows[0]?.balance ?? '0';

describe('a card stake over HTTP', () => {
  it('activates a pending card by staking: the amount is held in holds:SAI, the card takes the tier', async () => {
    const { client, user, card } = await holder('600');
    expect(card).toMatchObject({ tier: 'black', status: 'pending' });
    const heldBefore = Number(await heldSai());
    const staked = await stake(client, card.id, 'black', `stake-${card.id}`);
    expect(staked.status, staked.text).toBe(200);
    expect(staked.body).toMatchObject({
      staked: '500.00',
      tier: 'black',
      available: '100.00',
      card: { id: card.id, tier: 'black', status: 'active' },
    });
    await t.settle();
    expect(Number(await heldSai()) - heldBefore).toBe(500);
    expect((await client.get('/api/cards/stake')).body).toEqual({
      staked: '500.00',
      tier: 'black',
      available: '100.00',
    });
    expect((await client.get(`/api/cards/user/${user.id}`)).body).toMatchObject({
      tier: 'black',
      status: 'active',
    });
    const { rows } = await t.db.pool.query(
      `SELECT event_type, stream_name FROM es_events
        WHERE data->>'transactionId' = (SELECT data->>'transactionId' FROM es_events
                                         WHERE event_type = 'CardStakePlaced' AND data->>'userId' = $1)
        ORDER BY global_position`,
      [user.id],
    );
    expect(rows).toEqual([
      { event_type: 'CardStakePlaced', stream_name: `account-${user.id}` },
      { event_type: 'CardStaked', stream_name: `card-${card.id}` },
    ]);
    const notices = (await client.get('/api/notifications')).body as { title: string; message: string }[];
    expect(notices).toContainEqual(
      expect.objectContaining({
        title: 'Card stake changed',
        message: 'Your card is now Black. SAI staked for it: 500.00.',
      }),
    );
  });
  it('one outcome per Idempotency-Key: the same body replays, another body is refused with 422', async () => {
    const { client, card } = await holder('300');
    const key = `stake-once-${card.id}`;
    const first = await stake(client, card.id, 'ruby', key);
    expect(first.status, first.text).toBe(200);
    const count = await t.settledEventCount();
    const again = await stake(client, card.id, 'ruby', key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const other = await stake(client, card.id, 'gold', key);
    expect(other.status).toBe(422);
    expect(await t.settledEventCount()).toBe(count);
    expect((await client.get('/api/cards/stake')).body).toMatchObject({ staked: '250.00', tier: 'ruby' });
  });
  it('refuses with a clear 4xx and appends nothing: too little SAI, a bad tier, no card, not yours', async () => {
    const { client, card } = await holder('200');
    const cardless = await signedUpClient(t);
    const count = await t.settledEventCount();
    const short = await stake(client, card.id, 'ruby');
    expect(short.status).toBe(422);
    expect(short.body.message).toBe(
      'Staking for Ruby Steel holds 250.00 SAI: 250.00 SAI more than your stake, and you have 200.00 SAI available.',
    );
    expect((await stake(client, card.id, 'platinum')).status).toBe(400);
    expect((await client.post(`/api/cards/${card.id}/stake`, {})).status).toBe(400);
    const own = `/api/cards/stake`;
    expect((await cardless.client.get(own)).body).toEqual({
      staked: '0.00',
      tier: 'gold',
      available: '0.00',
    });
    expect((await stake(cardless.client, card.id, 'ruby')).status).toBe(404);
    expect((await stake(admin, card.id, 'ruby')).status).toBe(403);
    expect((await stake(t.client(), card.id, 'ruby')).status).toBe(401);
    expect(await t.settledEventCount()).toBe(count);
  });
});

describe('a card stake over HTTP', () => {
  it('what is staked cannot be spent; a downgrade or an unstake gives it back and the tier follows', async () => {
    const { client, user, card, password } = await holder('600');
    const bob = await signedUpClient(t);
    expect((await stake(client, card.id, 'black')).status).toBe(200);
    const send = (amount: string) =>
      client.post('/api/transactions', { type: 'transfer', amount, receiver_id: bob.user.id, password });
    const over = await send('100.01');
    expect(over.status).toBe(422);
    expect((await send('100.00')).status).toBe(201);
    const down = await stake(client, card.id, 'ruby');
    expect(down.body).toMatchObject({
      staked: '250.00',
      tier: 'ruby',
      available: '250.00',
      card: { tier: 'ruby' },
    });
    const none = await stake(client, card.id, 'gold');
    expect(none.body).toMatchObject({
      staked: '0.00',
      tier: 'gold',
      available: '500.00',
      card: { tier: 'gold', status: 'active' },
    });
    await t.settle();
    expect(Number(await saiBalance(client))).toBe(500);
    expect((await client.get(`/api/cards/user/${user.id}`)).body).toMatchObject({
      tier: 'gold',
      status: 'active',
    });
  });
  it('the fee follows the stake, not the balance: 500 SAI lent for a minute buys no Black rate', async () => {
    const { client, card, password } = await holder('600');
    const lender = await signedUpClient(t);
    const quote = async () =>
      ((await client.get('/api/payments/quote?amount=100&currency=USDT')).body as { tier: string }).tier;
    // Holding 600 SAI and a card requested as Black: the rate is still Gold's until the money is staked.
    expect(card.tier).toBe('black');
    expect(await quote()).toBe('gold');
    expect((await stake(client, card.id, 'black')).status).toBe(200);
    expect(await quote()).toBe('black');
    // Giving the lent money back needs the stake released first, and the rate goes with it.
    const back = () =>
      client.post('/api/transactions', {
        type: 'transfer',
        amount: '500',
        receiver_id: lender.user.id,
        password,
      });
    expect((await back()).status).toBe(422);
    expect((await stake(client, card.id, 'gold')).status).toBe(200);
    expect((await back()).status).toBe(201);
    expect(await quote()).toBe('gold');
  });
  it('races a stake with many parallel transfers: never both spend the same units', async () => {
    const { client, user, card, password } = await holder('600');
    const bob = await signedUpClient(t);
    const transfers = Array.from({ length: 12 }, () =>
      client.post('/api/transactions', {
        type: 'transfer',
        amount: '25',
        receiver_id: bob.user.id,
        password,
      }),
    );
    const [staked, ...sent] = await Promise.all([stake(client, card.id, 'black'), ...transfers]);
    const ok = sent.filter((r) => r.status === 201).length;
    for (const r of sent) expect([201, 422]).toContain(r.status);
    const held = staked.status === 200 ? 500 : 0;
    if (staked.status !== 200) expect(staked.status).toBe(422);
    // 600 SAI: a stake of 500 leaves room for four transfers of 25; without it all twelve fit.
    expect(ok * 25 + held).toBeLessThanOrEqual(600);
    await t.settle();
    expect(Number(await saiBalance(client))).toBe(600 - ok * 25 - held);
    const log = await readWholeLog(t.deps.store);
    expect(logViolations(log, { settled: true })).toEqual([]);
    expect(
      log.filter((e) => e.type === 'CardStakePlaced' && (e.data as { userId: string }).userId === user.id),
    ).toHaveLength(held ? 1 : 0);
  });
});

describe('a card stake over HTTP', () => {
  it("finishes a stake's card leg that a store without atomic appends lost: the follow-up writes it", async () => {
    const { client, user, card } = await holder('600');
    // The account's leg alone, as a crash between the legs on EventStoreDB would leave it.
    const transactionId = randomUUID();
    await t.deps.store.append(
      `account-${user.id}`,
      [
        {
          id: randomUUID(),
          type: 'CardStakePlaced',
          data: {
            transactionId,
            userId: user.id,
            asset: 'SAI',
            amount: '500.00',
            tier: 'black',
            staked: '500.00',
            placedAt: new Date().toISOString(),
          },
          metadata: { actorId: user.id, correlationId: randomUUID(), causationId: null },
        },
      ],
      { expectedRevision: 'stream_exists' },
    );
    await t.settle();
    const { rows } = await t.db.pool.query(
      `SELECT data->>'tier' AS tier, data->>'staked' AS staked FROM es_events
        WHERE event_type = 'CardStaked' AND stream_name = $1 AND data->>'transactionId' = $2`,
      [`card-${card.id}`, transactionId],
    );
    expect(rows).toEqual([{ tier: 'black', staked: '500.00' }]);
    expect((await client.get(`/api/cards/user/${user.id}`)).body).toMatchObject({
      tier: 'black',
      status: 'active',
    });
    expect(logViolations(await readWholeLog(t.deps.store), { settled: true })).toEqual([]);
  });
});
