import { describe, expect, it } from 'vitest';
import { exportLedger } from '../../app/audit/exportLedger.ts';
import { verifyLedger } from '../../app/audit/verifyLedger.ts';
import { parseUserId } from '../../domain/shared/ids.ts';
import { balance, fund } from '../../testing/ledgerApp.ts';
import { type Acknowledged, expectCaughtUpAndConserved } from '../../testing/ledgerInvariants.ts';
import { setUpAdminClient, setUpTestApp, signedUpClient } from '../../testing/testApp.ts';

/**
 * The conversion fee on token purchases (docs/product-rules.md rule 25), through the API: the quote, the
 * submission that records it, the approval that credits the amount and posts the fee to fees:SAI, the
 * admin's rates, and the ledger's books (verify, conservation, stats) after it.
 */
const t = setUpTestApp();

const admin = setUpAdminClient(t, 'fees-admin@example.com');

const acknowledged: Acknowledged[] = [];

const userIds: string[] = [];

const feesBalance = async () => {
  const { rows } = await t.db.pool.query<{ balance: string }>(
    `SELECT balance::text FROM account_balances WHERE account_id = 'fees:SAI' AND asset = 'SAI'`,
  );
  return rows[0]?.balance ?? null;
};

const putRate = (tier: string, rate: unknown, client = admin) =>
  client.request('PUT', `/api/admin/settings/fees/${tier}`, { rate });

describe('the conversion fee on token purchases', () => {
  it('quotes a purchase: the amount, the fee on top at the tier rate, and the crypto to pay rounded up', async () => {
    const buyer = await signedUpClient(t);
    const quote = await buyer.client.get('/api/payments/quote?amount=250&currency=ETH');
    expect(quote.status, quote.text).toBe(200);
    expect(quote.body).toEqual({
      amount: '250.00',
      tier: 'gold',
      tierSource: 'stake',
      rate: '0.50',
      fee: '1.25',
      total: '251.25',
      currency: 'ETH',
      // 251.25 × 2.50 USDT × 1.00 USD ÷ 3500 USD = 0.179464285… → 0.17946429
      cryptoAmount: '0.17946429',
      tokenPrice: '2.50',
      currencyPrice: '3500.00',
      usdtPrice: '1.00',
    });
    // The market prices are the admin's: a new ETH price is quoted at once.
    const price = await admin.request('PUT', '/api/admin/settings/prices/ETH', { price: '3000' });
    expect(price.status, price.text).toBe(200);
    const after = await buyer.client.get('/api/payments/quote?amount=250&currency=ETH');
    expect(after.body.cryptoAmount).toBe('0.20937500'); // 628.125 ÷ 3000, exact
  });
  it('refuses a bad quote request with a 400 that says why, and a visitor with 401', async () => {
    const buyer = await signedUpClient(t);
    for (const [query, message] of [
      ['amount=250&currency=BNB', 'BNB has no price set, so a purchase in it cannot be quoted'],
      ['amount=0&currency=ETH', 'Amount must be a positive number'],
      ['amount=1.001&currency=ETH', 'Amount has more than 2 decimal places for SAI'],
      ['amount=10&currency=DOGE', 'Currency must be one of ETH, USDT, USDC, BTC, BNB'],
    ] as const) {
      const reply = await buyer.client.get(`/api/payments/quote?${query}`);
      expect(reply.status, query).toBe(400);
      expect(reply.text, query).toContain(message);
    }
    expect((await t.client().get('/api/payments/quote?amount=10&currency=ETH')).status).toBe(401);
    // A purchase that cannot be quoted cannot be submitted either, and leaves nothing in the log.
    const before = await t.settledEventCount();
    const refused = await buyer.client.post('/api/payments/verify', { paymentMethod: 'BNB', amount: '10' });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.fieldErrors).toEqual({
      paymentMethod: 'BNB has no price set, so a purchase in it cannot be quoted',
    });
    expect(await t.settledEventCount()).toBe(before);
  });
});

describe('the conversion fee on token purchases', () => {
  it('records the quote on submission, keeps its rate when the admin changes it, and posts the fee on approval', async () => {
    const buyer = await signedUpClient(t);
    userIds.push(buyer.user.id);
    const quote = (await buyer.client.get('/api/payments/quote?amount=250&currency=USDT')).body;
    const submitted = await buyer.client.post('/api/payments/verify', {
      paymentMethod: 'USDT',
      amount: '250',
    });
    expect(submitted.status, submitted.text).toBe(201);
    expect(submitted.body).toMatchObject({
      amount: '250.00',
      fee: quote.fee,
      feeRate: quote.rate,
      tier: quote.tier,
      cryptoAmount: quote.cryptoAmount,
    });
    expect([quote.fee, quote.rate, quote.cryptoAmount]).toEqual(['1.25', '0.50', '628.12500000']);
    const paymentId = submitted.body.id as string;
    acknowledged.push({ id: paymentId });

    // The admin raises the gold rate before approving: the proof keeps the rate it was submitted at.
    expect((await putRate('gold', '1.00')).status).toBe(200);
    expect((await buyer.client.get('/api/payments/quote?amount=250&currency=USDT')).body.fee).toBe('2.50');
    const pending = await admin.get('/api/payments/pending');
    expect(pending.body.find((p: { id: string }) => p.id === paymentId)).toMatchObject({
      fee: '1.25',
      feeRate: '0.50',
      tier: 'gold',
      cryptoAmount: '628.12500000',
    });
    const approved = await admin.patch(`/api/payments/${paymentId}/verify`, { approved: true });
    expect(approved.status, approved.text).toBe(200);
    await t.settle();

    // 250 SAI credited whole (the Ruby threshold is reached), 1.25 to fees:SAI, both issued.
    expect(await balance(buyer.client)).toBe('250.00');
    expect(await feesBalance()).toBe('1.25000000');
    const { rows: legs } = await t.db.pool.query(
      `SELECT leg, amount::text, from_account, to_account, kind FROM ledger_postings
        WHERE transaction_id = $1 ORDER BY leg`,
      [paymentId],
    );
    expect(legs).toEqual([
      {
        leg: 0,
        amount: '250.00000000',
        from_account: 'issuance:SAI',
        to_account: `user:${buyer.user.id}`,
        kind: 'deposit',
      },
      { leg: 1, amount: '1.25000000', from_account: 'issuance:SAI', to_account: 'fees:SAI', kind: 'deposit' },
    ]);
    // The buyer's transaction list shows one deposit of 250.
    const { rows: listed } = await t.db.pool.query(
      'SELECT type, amount::text FROM ledger_transactions WHERE id = $1',
      [paymentId],
    );
    expect(listed).toEqual([{ type: 'deposit', amount: '250.00000000' }]);
    const notices = await buyer.client.get('/api/notifications');
    const notice = JSON.stringify(notices.body);
    expect(notice).toContain(
      'Your payment was approved: 250.00 SAI are now in your balance. A conversion fee of 1.25 SAI (0.50%) was charged on top.',
    );

    // Holding 250 SAI is not staking it (docs/product-rules.md rule 30): the next purchase is still at
    // Gold's rate; staked for a card, it is at Ruby's.
    const next = await buyer.client.get('/api/payments/quote?amount=100&currency=USDC');
    expect(next.body).toMatchObject({ tier: 'gold', tierSource: 'stake' });
    const card = await buyer.client.post('/api/cards', {});
    expect((await buyer.client.post(`/api/cards/${card.body.id}/stake`, { tier: 'ruby' })).status).toBe(200);
    const staked = await buyer.client.get('/api/payments/quote?amount=100&currency=USDC');
    expect(staked.body).toMatchObject({ tier: 'ruby', tierSource: 'stake', rate: '0.35', fee: '0.35' });
  });
});

describe('the conversion fee on token purchases', () => {
  it('lets an admin edit a rate (an audited event); refuses users and bad rates, appending nothing', async () => {
    const before = await t.settledEventCount();
    const user = await signedUpClient(t);
    const afterSignUp = await t.settledEventCount();
    const forbidden = await putRate('ruby', '0.30', user.client);
    expect(forbidden.status).toBe(403);
    for (const bad of ['12', '0.305', '-1', 'abc', '', 1e21]) {
      const reply = await putRate('ruby', bad);
      expect(reply.status, `${bad}: ${reply.text}`).toBe(400);
      expect(reply.text).toContain('A fee rate is a percentage from 0 to 10.00');
    }
    expect((await putRate('platinum', '0.30')).status).toBe(400);
    expect(await t.settledEventCount()).toBe(afterSignUp);
    expect(afterSignUp).toBeGreaterThan(before);

    const changed = await putRate('ruby', '0.3');
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.ruby).toMatchObject({ rate: '0.30' });
    const read = await admin.get('/api/admin/settings/fees');
    expect(read.body.ruby.rate).toBe('0.30');
    expect(read.body.black).toEqual({ rate: '0.25', setAt: null, setBy: null });
    expect((await user.client.get('/api/admin/settings/fees')).status).toBe(403);
    // The public copy's rates (GET /api/config/public) are the same, for anyone, at once (issue 48, 12).
    const publicConfig = await t.client().get('/api/config/public');
    expect(publicConfig.body.conversionFees).toEqual({
      gold: read.body.gold.rate,
      ruby: '0.30',
      black: '0.25',
    });
    const { rows } = await t.db.pool.query(
      `SELECT data, metadata->>'actorId' AS actor FROM es_events
        WHERE stream_name = 'settings-fees' ORDER BY global_position DESC LIMIT 1`,
    );
    expect(rows[0].data).toMatchObject({ tier: 'ruby', rate: '0.30', setBy: read.body.ruby.setBy });
    expect(rows[0].actor).toBe(read.body.ruby.setBy);
  });
  it('refuses a submission whose quoted terms changed (409, nothing appended), and takes the new ones', async () => {
    const buyer = await signedUpClient(t);
    const seen = (await buyer.client.get('/api/payments/quote?amount=100&currency=ETH')).body;
    // The admin changes the buyer's tier rate between the quote and the submission.
    const other = seen.rate === '0.75' ? '0.80' : '0.75';
    expect((await putRate(seen.tier, other)).status).toBe(200);
    await t.settle();
    const before = await t.eventCount();
    const stale = await buyer.client.post('/api/payments/verify', {
      paymentMethod: 'ETH',
      amount: '100',
      quotedFee: seen.fee,
      quotedCryptoAmount: seen.cryptoAmount,
    });
    expect(stale.status, stale.text).toBe(409);
    expect(stale.body.fieldErrors.amount).toBe(stale.body.message);
    expect(stale.body.message).toMatch(/^The price changed since it was quoted: the fee is now 0\.\d\d SAI/);
    expect(await t.eventCount()).toBe(before);
    // A malformed quoted amount is a 400, not a comparison.
    const malformed = await buyer.client.post('/api/payments/verify', {
      paymentMethod: 'ETH',
      amount: '100',
      quotedFee: '0.5.0',
    });
    expect(malformed.status, malformed.text).toBe(400);
    // The new quote, written with other trailing zeros, is the same terms: recorded.
    const fresh = (await buyer.client.get('/api/payments/quote?amount=100&currency=ETH')).body;
    const taken = await buyer.client.post('/api/payments/verify', {
      paymentMethod: 'ETH',
      amount: '100',
      quotedFee: `${fresh.fee}0`,
      quotedCryptoAmount: fresh.cryptoAmount,
    });
    expect(taken.status, taken.text).toBe(201);
    expect(taken.body).toMatchObject({ fee: fresh.fee, cryptoAmount: fresh.cryptoAmount });
    acknowledged.push({ id: taken.body.id as string, event: 'PaymentProofSubmitted' });
    expect((await putRate(seen.tier, seen.rate)).status).toBe(200);
  });
});

describe('the conversion fee on token purchases', () => {
  it('shows the fees in the admin stats, verifies the ledger, and conserves every asset', async () => {
    const other = await signedUpClient(t);
    userIds.push(other.user.id);
    acknowledged.push({ id: (await fund(admin, other.user.id, '40.00')).id });
    await t.settle();
    const stats = await admin.get('/api/admin/stats');
    expect(stats.status, stats.text).toBe(200);
    expect(stats.body.feesCollected).toBe('1.25');
    // In circulation: what the users hold, without the fees.
    expect(stats.body.tokensInCirculation).toBe('290.00');
    const campaign = await t.client().get('/api/campaign');
    expect(campaign.body.current).toBe('290.00');

    const report = await verifyLedger(t.deps.store, t.db.pool);
    expect(report.problems).toEqual([]);
    expect(report.fees).toEqual({ SAI: '1.25' });
    expect(report.liabilities.SAI).toBe('290.00');
    // The export lists the fee as its own row, and the fee account's statement closes at the fees collected.
    let csv = '';
    for await (const chunk of exportLedger(t.db.pool, {
      from: new Date('2000-01-01'),
      to: new Date('2999-01-01'),
      account: 'fees:SAI',
      format: 'csv',
    }))
      csv += chunk;
    expect(csv).toMatch(
      /,"deposit","SAI",1\.25,"issuance:SAI","fees:SAI",-251\.25,1\.25,[^,]*,"Conversion fee \(0\.50%\)"\r\n/,
    );
    expect(csv).toMatch(/,"closing_balance","SAI",1\.25000000,"fees:SAI",/);
    await expectCaughtUpAndConserved({
      pool: t.db.pool,
      store: t.deps.store,
      userIds: userIds.map(parseUserId),
      acknowledged,
      refused: [],
    });
  });
});
