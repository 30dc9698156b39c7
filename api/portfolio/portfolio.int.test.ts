import { beforeAll, describe, expect, it } from 'vitest';
import { fund, fundEth, withdrawEth } from '../../testing/ledgerApp.ts';
import { setUpAdminClient, setUpTestApp, signedUpClient } from '../../testing/testApp.ts';

const HOUR = 3_600_000;

describe('GET /api/portfolio', () => {
  const t = setUpTestApp();
  const admin = setUpAdminClient(t, 'portfolio-admin@example.com');
  // The test's clock: prices are set at chosen times before it, and the portfolio is read at it.
  const clock = Date.now();
  let at = clock;
  beforeAll(() => {
    t.deps.now = () => new Date(at);
  });

  async function setPrice(hoursAgo: number, path: string, body: Record<string, string>) {
    at = clock - hoursAgo * HOUR;
    const reply = await admin.request('PUT', `/api/admin/settings/${path}`, body);
    at = clock;
    expect(reply.status, reply.text).toBe(200);
  }

  it('is for signed-in users only', async () => {
    expect((await t.client().get('/api/portfolio')).status).toBe(401);
  });

  it('values SAI and crypto at the default prices before any is set, exactly', async () => {
    const empty = await signedUpClient(t);
    expect((await empty.client.get('/api/portfolio')).body).toMatchObject({
      currency: 'USD',
      value: '0.00',
      valueDayAgo: '0.00',
      change24h: '0.00',
      changePercent24h: null,
    });
    const user = await signedUpClient(t);
    await fund(admin, user.user.id, '100.01');
    await fundEth(admin, user.client, '0.00000001');
    await t.settle();
    // 100.01 × 2.50 + 0.00000001 × 3500 = 250.025 + 0.000035 = 250.025035 → 250.03
    expect((await user.client.get('/api/portfolio')).body).toMatchObject({
      value: '250.03',
      valueDayAgo: '250.03',
      change24h: '0.00',
      changePercent24h: '0.00',
    });
  });

  it('values the holdings, on hold included, at the prices now and at the prices in force 24 hours ago', async () => {
    const user = await signedUpClient(t);
    await fund(admin, user.user.id, '100');
    await fundEth(admin, user.client, '0.12345678');
    await t.settle();
    // Held by a pending withdrawal: out of the spendable balance, still the user's.
    const withdrawal = await withdrawEth(user, '0.02345678');
    expect(withdrawal.status, withdrawal.text).toBe(201);
    await t.settle();

    // SAI: the last price set before 24 hours ago counts then (2.20, not 2.00), the last one now (3.00).
    await setPrice(48, 'token-price', { price: '2.00' });
    await setPrice(30, 'token-price', { price: '2.20' });
    await setPrice(2, 'token-price', { price: '3.10' });
    await setPrice(1, 'token-price', { price: '3.00' });
    // ETH: first set 2 hours ago, so 24 hours ago the default (3500) was in force.
    await setPrice(2, 'prices/ETH', { price: '3600.50', change24h: '0' });
    // BTC moves, but the user holds none.
    await setPrice(3, 'prices/BTC', { price: '1000000', change24h: '0' });
    await t.settle();

    const reply = await user.client.get('/api/portfolio');
    expect(reply.status).toBe(200);
    // now: 100 × 3.00 + 0.12345678 × 3600.50 = 300 + 444.50613639 = 744.50613639
    // then: 100 × 2.20 + 0.12345678 × 3500 = 220 + 432.09873 = 652.09873
    // change 92.40740639, 14.1707...% of then
    expect(reply.body).toEqual({
      currency: 'USD',
      value: '744.51',
      valueDayAgo: '652.10',
      change24h: '92.41',
      changePercent24h: '14.17',
      asOf: new Date(clock).toISOString(),
    });
  });
});
