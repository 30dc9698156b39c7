import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { FOUR_EYES_LIFTED } from '../../testing/adminProof.ts';
import { fund, fundEth } from '../../testing/ledgerApp.ts';
import { setUpAdminClient, setUpTestApp, signedUpClient, type TestClient } from '../../testing/testApp.ts';
import { newHexTxId } from '../../testing/txHashes.ts';

/**
 * Every amount field over HTTP, sent as a JSON number whose double is not its literal. JSON.parse made
 * `1.999999999999999999` into 2, `0.10000000000000001` into 0.1 and `9007199254740993` into
 * 9007199254740992; the body is now read by its literal (api/http/jsonBody.ts), so a digit the asset
 * cannot hold is refused and nothing is appended. Bodies are raw text: JSON.stringify cannot write them.
 */
const ROUNDED_BY_JSON_PARSE = ['1.999999999999999999', '0.10000000000000001'];

// The amounts here test how literals are read, up to the largest a column holds: four-eyes would hold
// the large ones for a second admin (tested in api/approvals), so its thresholds are lifted here.
const t = setUpTestApp(FOUR_EYES_LIFTED);

const admin = setUpAdminClient(t, 'exact-admin@example.com');

let alice: Awaited<ReturnType<typeof signedUpClient>>;

let bob: Awaited<ReturnType<typeof signedUpClient>>;

beforeAll(async () => {
  alice = await signedUpClient(t);
  bob = await signedUpClient(t);
  // Alice gets SAI and ETH to spend, so a refusal can only come from the amount.
  await fund(admin, alice.user.id, '100.00');
  await fundEth(admin, alice.client, '5');
  await t.settle();
});

/** Sends `body` (raw JSON text) and expects a 400 that names the amount and appends nothing. */
async function refused(client: TestClient, method: string, path: string, body: string, field = 'amount') {
  const before = await t.eventCount();
  const reply = await client.request(method, path, body);
  expect(reply.status, `${path} ${body}: ${reply.text}`).toBe(400);
  expect(reply.body.fieldErrors?.[field], reply.text).toMatch(/decimal|Amount|Value|positive/);
  expect(await t.eventCount()).toBe(before);
  return reply;
}

describe('amounts are read from the literal a JSON number was written with', () => {
  it('token transfers: a digit SAI cannot hold is refused, not rounded', async () => {
    for (const amount of ROUNDED_BY_JSON_PARSE) {
      const reply = await refused(
        alice.client,
        'POST',
        '/api/transactions',
        `{"type":"transfer","amount":${amount},"receiver_id":"${bob.user.id}"}`,
      );
      expect(reply.body.message).toBe('Amount has more than 2 decimal places for SAI');
    }
    await refused(
      alice.client,
      'POST',
      '/api/transactions',
      `{"type":"transfer","amount":1e1,"receiver_id":"${bob.user.id}"}`,
    );
    // A number is still accepted, and it moves exactly what it says.
    const sent = await alice.client.request(
      'POST',
      '/api/transactions',
      `{"type":"transfer","amount":0.1,"receiver_id":"${bob.user.id}"}`,
    );
    expect(sent.status, sent.text).toBe(201);
    expect(sent.body.amount).toBe('0.10');
  });
  it('admin mints: 9007199254740993 mints exactly that, never 9007199254740992', async () => {
    for (const amount of ROUNDED_BY_JSON_PARSE) {
      await refused(
        admin,
        'POST',
        '/api/transactions',
        `{"type":"admin_deposit","amount":${amount},"receiver_id":"${bob.user.id}"}`,
      );
    }
    const carol = await signedUpClient(t);
    const minted = await admin.request(
      'POST',
      '/api/transactions',
      `{"type":"admin_deposit","amount":9007199254740993,"receiver_id":"${carol.user.id}"}`,
    );
    expect(minted.status, minted.text).toBe(201);
    expect(minted.body.amount).toBe('9007199254740993.00');
    const { rows } = await t.db.pool.query<{ amount: string }>(
      `SELECT data->>'amount' AS amount FROM es_events WHERE event_type = 'TokensMinted' AND data->>'userId' = $1`,
      [carol.user.id],
    );
    expect(rows.map((r) => r.amount)).toEqual(['9007199254740993.00']);
    await t.settle();
    expect((await carol.client.get('/api/auth/user')).body.balance).toBe('9007199254740993.00');
    // One digit more than the column holds is refused for range.
    const tooLarge = await refused(
      admin,
      'POST',
      '/api/transactions',
      `{"type":"admin_deposit","amount":90071992547409930,"receiver_id":"${carol.user.id}"}`,
    );
    expect(tooLarge.body.message).toBe('Amount is too large');
  });
  it('payment proofs', async () => {
    for (const amount of ROUNDED_BY_JSON_PARSE) {
      await refused(
        alice.client,
        'POST',
        '/api/payments/verify',
        `{"paymentMethod":"USDT","amount":${amount}}`,
      );
    }
    const submitted = await alice.client.request(
      'POST',
      '/api/payments/verify',
      '{"paymentMethod":"USDT","amount":9007199254740993}',
    );
    expect(submitted.status, submitted.text).toBe(201);
    expect(submitted.body.amount).toBe('9007199254740993.00');
  });
});

describe('amounts are read from the literal a JSON number was written with', () => {
  it('crypto transfers and withdrawals (8 decimals) and deposit confirmations', async () => {
    for (const amount of ROUNDED_BY_JSON_PARSE) {
      for (const currency of ['ETH', 'SAI']) {
        await refused(
          alice.client,
          'POST',
          '/api/crypto/transfer',
          `{"recipientEmail":"${bob.user.email}","currency":"${currency}","amount":${amount}}`,
        );
      }
      await refused(
        alice.client,
        'POST',
        '/api/crypto/withdraw',
        `{"currency":"ETH","amount":${amount},"address":"0x52908400098527886E0F7030069857D2E4169EE7","chain":"ethereum"}`,
      );
    }
    // Declared with its hash, so that the only thing wrong with each confirmation below is its amount.
    const declared = await bob.client.post('/api/crypto/deposits', {
      currency: 'BTC',
      network: 'bitcoin',
      txHash: newHexTxId(),
    });
    expect(declared.status).toBe(201);
    for (const amount of ROUNDED_BY_JSON_PARSE) {
      await refused(
        admin,
        'PATCH',
        `/api/admin/crypto/deposits/${declared.body.id}`,
        `{"action":"confirm","amount":${amount}}`,
      );
    }
    // 1.999999999999999999 is not 2 BTC: the deposit is still pending.
    await t.settle();
    const pending = await admin.get('/api/admin/crypto/deposits?status=pending');
    expect(pending.body.map((d: { id: string }) => d.id)).toContain(declared.body.id);
  });
  it('a crypto transfer answers the amount exactly: 0.00000001 ETH is not "0.000000"', async () => {
    const dave = await signedUpClient(t);
    // As a string, and as a number (String(1e-8) is "1e-8": the number used to be refused outright).
    for (const amount of ['"0.00000001"', '0.00000001']) {
      const sent = await alice.client.request(
        'POST',
        '/api/crypto/transfer',
        `{"recipientEmail":"${dave.user.email}","currency":"ETH","amount":${amount}}`,
      );
      expect(sent.status, sent.text).toBe(201);
      expect(sent.body.amount).toBe('0.00000001');
    }
    await t.settle();
    const eth = (await dave.client.get('/api/crypto/balances')).body.find(
      (b: { currency: string }) => b.currency === 'ETH',
    );
    expect(eth).toMatchObject({ balance: '0.00000002', displayBalance: '0.00000002' });
    // The refusal message names what is there, every digit of it.
    const over = await dave.client.post('/api/crypto/transfer', {
      recipientEmail: alice.user.email,
      currency: 'ETH',
      amount: '1',
    });
    expect(over.status).toBe(422);
    expect(over.body.message).toBe('Insufficient balance. You have 0.00000002 ETH available.');
    // And its code, stored with the command's key like the message: a client words it by the code.
    expect(over.body.code).toBe('insufficient_funds');
  });
  it('settings: prices are read by their literal too', async () => {
    for (const body of ['{"price":0.10000000000000001}', '{"price":9007199254740993}']) {
      await refused(admin, 'PUT', '/api/admin/settings/token-price', body, 'price');
      await refused(admin, 'PUT', '/api/admin/settings/prices/ETH', body, 'price');
    }
    const set = await admin.request(
      'PUT',
      '/api/admin/settings/prices/ETH',
      '{"price":3500.5,"change24h":-2.5}',
    );
    expect(set.status, set.text).toBe(200);
    // The change comes from the price history (3500 a day ago), not from the number sent.
    expect(set.body).toMatchObject({ price: '3500.50', change_24h: '0.01' });
  });
});

describe('amounts are read from the literal a JSON number was written with', () => {
  it('idempotency compares bodies by their literals: 9007199254740992 is not a retry of ...993', async () => {
    const dave = await signedUpClient(t);
    const key = { 'Idempotency-Key': 'exact-literal-mint' };
    const body = (amount: string) =>
      `{"type":"admin_deposit","amount":${amount},"receiver_id":"${dave.user.id}"}`;
    const first = await admin.request('POST', '/api/transactions', body('9007199254740993'), key);
    expect(first.status, first.text).toBe(201);
    const retry = await admin.request('POST', '/api/transactions', body('9007199254740993'), key);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    const other = await admin.request('POST', '/api/transactions', body('9007199254740992'), key);
    expect(other.status).toBe(422);
  });
  it('mints exactly the literal sent, or refuses it and appends nothing (property)', async () => {
    const erin = await signedUpClient(t);
    // Number literals JSON.parse rounds: long fractions, integers past 2^53, exponents.
    const literal = fc.oneof(
      fc
        .tuple(
          fc.bigInt({ min: 0n, max: 10n ** 17n }),
          fc.option(fc.stringMatching(/^\d{1,20}$/), { nil: undefined }),
        )
        .map(([whole, fraction]) => (fraction === undefined ? `${whole}` : `${whole}.${fraction}`)),
      fc
        .tuple(fc.integer({ min: 1, max: 999 }), fc.integer({ min: -9, max: 20 }))
        .map(([m, e]) => `${m}e${e}`),
    );
    await fc.assert(
      fc.asyncProperty(literal, async (amount) => {
        const match = /^(\d+)(?:\.(\d+))?$/.exec(amount);
        const whole = match?.[1]?.replace(/^0+(?=\d)/, '') ?? '';
        const fraction = match?.[2] ?? '';
        const units =
          match && fraction.length <= 2 && whole.length <= 16 ? BigInt(whole + fraction.padEnd(2, '0')) : 0n;
        const before = await t.eventCount();
        const reply = await admin.request(
          'POST',
          '/api/transactions',
          `{"type":"admin_deposit","amount":${amount},"receiver_id":"${erin.user.id}"}`,
        );
        if (units > 0n) {
          expect(reply.status, `${amount}: ${reply.text}`).toBe(201);
          const text = units.toString().padStart(3, '0');
          expect(reply.body.amount).toBe(`${text.slice(0, -2)}.${text.slice(-2)}`);
        } else {
          expect(reply.status, `${amount}: ${reply.text}`).toBe(400);
          expect(await t.eventCount()).toBe(before);
        }
      }),
      { numRuns: 60 },
    );
  });
  it('refuses a body that names the amount twice', async () => {
    const before = await t.eventCount();
    const reply = await alice.client.request(
      'POST',
      '/api/transactions',
      `{"type":"transfer","amount":1,"amount":90,"receiver_id":"${bob.user.id}"}`,
    );
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('Malformed JSON in request body: a key appears twice');
    expect(await t.eventCount()).toBe(before);
  });
});
