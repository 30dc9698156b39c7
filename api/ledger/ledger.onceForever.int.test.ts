import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type CuttingProxy, startCuttingProxy } from '../../testing/cuttingProxy.ts';
import { fund, fundEth } from '../../testing/ledgerApp.ts';
import {
  adminClient,
  createTestApp,
  signedUpClient,
  type TestApp,
  type TestClient,
} from '../../testing/testApp.ts';

/**
 * docs/ledger.md invariant 3, "one outcome, forever": a command's effect is fixed by its first acceptance.
 * A retry with the same Idempotency-Key and another body is refused (422) however it arrives: after the
 * key's row is gone (purged, lost), past the account's memory of recent transactions, or after the
 * connection died under the command's commit (a proxy cuts it: testing/cuttingProxy.ts). The same body
 * gets the first outcome, built from what the log recorded. Each case once failed: a second body minted
 * money for its own receiver.
 */
let t: TestApp;

let proxy: CuttingProxy;

let admin: TestClient;

beforeAll(async () => {
  proxy = await startCuttingProxy(inject('pgUrl'));
  t = await createTestApp({}, { connectVia: (url) => proxy.url(url) });
  admin = await adminClient(t);
});

afterAll(async () => {
  await t?.stop();
  await proxy?.close();
});

const saiOf = async (client: TestClient) => (await client.get('/api/auth/user')).body.balance as string;

const ethOf = async (client: TestClient) =>
  (await client.get('/api/crypto/balances')).body.find((b: { currency: string }) => b.currency === 'ETH');

const forgetKey = async (key: string) => {
  const { rowCount } = await t.db.pool.query('DELETE FROM idempotency_keys WHERE scope_key LIKE $1', [
    `%:${key}`,
  ]);
  expect(rowCount).toBe(1);
};

/** A retry's header: the key of the first attempt. */
const withKey = (key: string) => ({ 'Idempotency-Key': key });

/** A withdrawal of 0.01 ETH; the caller adds their password (a proof, not part of the request). */
const WITHDRAWAL = {
  currency: 'ETH',
  amount: '0.01',
  address: '0x1234567890abcdef1234567890abcdef12345678',
  chain: 'ethereum',
};

const countOf = async (type: string, transactionId: string) =>
  (await t.loggedEvents(type, `data->>'transactionId' = $2`, [transactionId])).length;

async function threeUsers(saiEach = '10') {
  const [sender, receiver, other] = await Promise.all([
    signedUpClient(t),
    signedUpClient(t),
    signedUpClient(t),
  ]);
  await fund(admin, sender.user.id, saiEach);
  await t.settle();
  return { sender, receiver, other };
}

describe('one command, one outcome, forever', () => {
  it('refuses a transfer key reused with another body once its row is gone, and answers the first body from the log', async () => {
    const { sender, receiver, other } = await threeUsers();
    const key = `k-${randomUUID()}`;
    const body = { type: 'transfer', receiver_id: receiver.user.id, amount: '1.00', description: 'first' };
    const first = await sender.client.post('/api/transactions', body, withKey(key));
    expect(first.status, first.text).toBe(201);
    await forgetKey(key);
    const greedy = await sender.client.post(
      '/api/transactions',
      { type: 'transfer', receiver_id: other.user.id, amount: '1000.00', description: 'second' },
      withKey(key),
    );
    expect(greedy.status, greedy.text).toBe(422);
    expect(greedy.body.message).toBe('This Idempotency-Key was already used with a different request');
    // The first body, retried: the first outcome, from the log.
    const again = await sender.client.post('/api/transactions', body, withKey(key));
    expect(again.status, again.text).toBe(201);
    expect(again.body).toEqual(first.body);
    await t.settle();
    expect(await saiOf(sender.client)).toBe('9.00');
    expect(await saiOf(receiver.client)).toBe('1.00');
    expect(await saiOf(other.client)).toBe('0.00');
    expect(await countOf('TokensTransferred', first.body.id)).toBe(1);
    expect(await countOf('TransferReceived', first.body.id)).toBe(1);
  });
  it('refuses it past the account’s memory of recent transactions too', async () => {
    const { sender, receiver, other } = await threeUsers('400');
    const key = `k-${randomUUID()}`;
    const body = { type: 'transfer', receiver_id: receiver.user.id, amount: '1.00' };
    const first = await sender.client.post('/api/transactions', body, withKey(key));
    expect(first.status).toBe(201);
    // More transactions than the account stream remembers (RECENT_LIMIT, 256, plus a chunk).
    for (let i = 0; i < 280; i++) {
      const sent = await sender.client.post('/api/transactions', {
        type: 'transfer',
        receiver_id: receiver.user.id,
        amount: '0.01',
      });
      expect(sent.status, sent.text).toBe(201);
    }
    await forgetKey(key);
    const greedy = await sender.client.post(
      '/api/transactions',
      { type: 'transfer', receiver_id: other.user.id, amount: '100.00' },
      withKey(key),
    );
    expect(greedy.status, greedy.text).toBe(422);
    await forgetKey(key).catch(() => {});
    const again = await sender.client.post('/api/transactions', body, withKey(key));
    expect(again.status, again.text).toBe(201);
    expect(again.body).toEqual(first.body);
    await t.settle();
    expect(await saiOf(sender.client)).toBe('396.20');
    expect(await saiOf(other.client)).toBe('0.00');
    expect(await countOf('TokensTransferred', first.body.id)).toBe(1);
  });
  it('refuses a card stake key reused with another body once its row is gone, and answers the first from the log', async () => {
    const holder = await signedUpClient(t);
    await fund(admin, holder.user.id, '300');
    await t.settle();
    const card = await holder.client.post('/api/cards', {});
    const key = `k-${randomUUID()}`;
    const stake = (tier: string) =>
      holder.client.post(`/api/cards/${card.body.id}/stake`, { tier }, withKey(key));
    const first = await stake('ruby');
    expect(first.status, first.text).toBe(200);
    await forgetKey(key);
    // Another body under the same key: refused, the stake stays (no release of what the first one held).
    const other = await stake('gold');
    expect(other.status, other.text).toBe(422);
    expect(other.body.message).toBe('This Idempotency-Key was already used with a different request');
    await forgetKey(key).catch(() => {});
    const again = await stake('ruby');
    expect(again.status, again.text).toBe(200);
    expect(again.body).toEqual(first.body);
    await t.settle();
    expect(await saiOf(holder.client)).toBe('50.00');
    expect(await t.loggedEvents('CardStakePlaced', `data->>'userId' = $2`, [holder.user.id])).toHaveLength(1);
    expect(await t.loggedEvents('CardStakeReleased', `data->>'userId' = $2`, [holder.user.id])).toEqual([]);
  });
});

describe('one command, one outcome, forever: a purchase proof', () => {
  it('answers a proof retried once its row is gone with the first proof as recorded, though approved since', async () => {
    const buyer = await signedUpClient(t);
    const key = `k-${randomUUID()}`;
    const body = { paymentMethod: 'USDT', amount: '25', notes: 'first' };
    const first = await buyer.client.post('/api/payments/verify', body, withKey(key));
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({ amount: '25.00', notes: 'first', status: 'pending' });
    await t.settle();
    const approved = await admin.patch(`/api/payments/${first.body.id}/verify`, { approved: true });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body).toMatchObject({
      id: first.body.id,
      status: 'verified',
      verifiedBy: expect.any(String),
    });
    await forgetKey(key);
    const other = await buyer.client.post(
      '/api/payments/verify',
      { ...body, amount: '2500', notes: 'second' },
      withKey(key),
    );
    expect(other.status, other.text).toBe(422);
    await forgetKey(key).catch(() => {});
    // The first outcome, from the proof the log recorded: the amount, notes, terms and time it was sent with.
    const again = await buyer.client.post('/api/payments/verify', body, withKey(key));
    expect(again.status, again.text).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(
      await t.loggedEvents('PaymentProofSubmitted', `data->>'paymentId' = $2`, [first.body.id]),
    ).toHaveLength(1);
  });
});

async function reusedAfterRowGone() {
  const { sender, receiver, other } = await threeUsers();
  await fundEth(admin, sender.client, '1');
  await t.settle();
  // Crypto transfer.
  const cryptoKey = `k-${randomUUID()}`;
  const crypto = { currency: 'ETH', amount: '0.01', recipientEmail: receiver.user.email };
  const sent = await sender.client.post('/api/crypto/transfer', crypto, withKey(cryptoKey));
  expect(sent.status, sent.text).toBe(201);
  await forgetKey(cryptoKey);
  const greedy = await sender.client.post(
    '/api/crypto/transfer',
    { ...crypto, amount: '5', recipientEmail: other.user.email },
    withKey(cryptoKey),
  );
  expect(greedy.status, greedy.text).toBe(422);
  // Withdrawal (its password is a proof, not part of the request).
  const withdrawKey = `k-${randomUUID()}`;
  const password = sender.registration.password as string;
  const held = await sender.client.post(
    '/api/crypto/withdraw',
    { ...WITHDRAWAL, password },
    withKey(withdrawKey),
  );
  expect(held.status, held.text).toBe(201);
  await forgetKey(withdrawKey);
  const bigger = await sender.client.post(
    '/api/crypto/withdraw',
    { ...WITHDRAWAL, amount: '0.5', password },
    withKey(withdrawKey),
  );
  expect(bigger.status, bigger.text).toBe(422);
  // Distribution.
  const mintKey = `k-${randomUUID()}`;
  const mint = { type: 'admin_deposit', receiver_id: receiver.user.id, amount: '2.00' };
  const minted = await admin.post('/api/transactions', mint, withKey(mintKey));
  expect(minted.status, minted.text).toBe(201);
  await forgetKey(mintKey);
  const more = await admin.post(
    '/api/transactions',
    { ...mint, amount: '2000.00', receiver_id: other.user.id },
    withKey(mintKey),
  );
  expect(more.status, more.text).toBe(422);
  await t.settle();
  expect(await ethOf(sender.client)).toMatchObject({ balance: '0.98000000', onHold: '0.01000000' });
  expect(await ethOf(receiver.client)).toMatchObject({ balance: '0.01000000' });
  expect(await ethOf(other.client)).toMatchObject({ balance: '0.00000000' });
  expect(await saiOf(receiver.client)).toBe('2.00');
  expect(await saiOf(other.client)).toBe('0.00');
}

async function cutTransfer() {
  const { sender, receiver, other } = await threeUsers();
  const key = `k-${randomUUID()}`;
  const body = { type: 'transfer', receiver_id: receiver.user.id, amount: '1.00' };
  const cuts = proxy.cuts;
  proxy.cutAfterCommit('es-append-group');
  const lost = await sender.client.post('/api/transactions', body, withKey(key));
  expect(proxy.cuts).toBe(cuts + 1);
  expect(lost.status, lost.text).toBe(503);
  const greedy = await sender.client.post(
    '/api/transactions',
    { type: 'transfer', receiver_id: other.user.id, amount: '1000.00' },
    withKey(key),
  );
  expect(greedy.status, greedy.text).toBe(422);
  const again = await sender.client.post('/api/transactions', body, withKey(key));
  expect(again.status, again.text).toBe(201);
  expect(again.body).toMatchObject({ amount: '1.00', receiver_id: receiver.user.id });
  await t.settle();
  expect(await saiOf(sender.client)).toBe('9.00');
  expect(await saiOf(receiver.client)).toBe('1.00');
  expect(await saiOf(other.client)).toBe('0.00');
}

async function cutCryptoTransferAndWithdrawal() {
  const { sender, receiver, other } = await threeUsers();
  await fundEth(admin, sender.client, '1');
  await t.settle();
  const key = `k-${randomUUID()}`;
  const crypto = { currency: 'ETH', amount: '0.01', recipientEmail: receiver.user.email };
  proxy.cutAfterCommit('es-append-group');
  const lost = await sender.client.post('/api/crypto/transfer', crypto, withKey(key));
  expect(lost.status, lost.text).toBe(503);
  const greedy = await sender.client.post(
    '/api/crypto/transfer',
    { ...crypto, amount: '5', recipientEmail: other.user.email },
    withKey(key),
  );
  expect(greedy.status, greedy.text).toBe(422);
  expect((await sender.client.post('/api/crypto/transfer', crypto, withKey(key))).status).toBe(201);

  const withdrawKey = `k-${randomUUID()}`;
  const password = sender.registration.password as string;
  proxy.cutAfterCommit('es-append-group');
  const cut = await sender.client.post(
    '/api/crypto/withdraw',
    { ...WITHDRAWAL, password },
    withKey(withdrawKey),
  );
  expect(cut.status, cut.text).toBe(503);
  const bigger = await sender.client.post(
    '/api/crypto/withdraw',
    { ...WITHDRAWAL, amount: '0.5', password },
    withKey(withdrawKey),
  );
  expect(bigger.status, bigger.text).toBe(422);
  const same = await sender.client.post(
    '/api/crypto/withdraw',
    { ...WITHDRAWAL, password },
    withKey(withdrawKey),
  );
  expect(same.status, same.text).toBe(201);
  expect(same.body.amount).toBe('0.01000000');
  await t.settle();
  expect(await ethOf(sender.client)).toMatchObject({ balance: '0.98000000', onHold: '0.01000000' });
  expect(await ethOf(receiver.client)).toMatchObject({ balance: '0.01000000' });
  expect(await ethOf(other.client)).toMatchObject({ balance: '0.00000000' });
  // The withdrawal's record is its hold's amount, once.
  const records = await t.loggedEvents<{ amount: string }>(
    'WithdrawalRequested',
    `data->>'withdrawalId' = $2`,
    [same.body.id],
  );
  expect(records.map((r) => r.data.amount)).toEqual(['0.01000000']);
}

async function cutApprovalAndDistribution() {
  const { sender: buyer, other } = await threeUsers();
  const proof = await buyer.client.post('/api/payments/verify', {
    paymentMethod: 'USDT',
    amount: '25',
    notes: '',
  });
  expect(proof.status, proof.text).toBe(201);
  await t.settle();
  const key = `k-${randomUUID()}`;
  proxy.cutAfterCommit('es-append-group');
  const lost = await admin.patch(`/api/payments/${proof.body.id}/verify`, { approved: true }, withKey(key));
  expect(lost.status, lost.text).toBe(503);
  const flipped = await admin.patch(
    `/api/payments/${proof.body.id}/verify`,
    { approved: false, reason: 'changed my mind' },
    withKey(key),
  );
  expect(flipped.status, flipped.text).toBe(422);
  const again = await admin.patch(`/api/payments/${proof.body.id}/verify`, { approved: true }, withKey(key));
  expect(again.status, again.text).toBe(200);
  expect(again.body.status).toBe('verified');

  await t.settle();
  const mintKey = `k-${randomUUID()}`;
  const mint = { type: 'admin_deposit', receiver_id: buyer.user.id, amount: '3.00' };
  proxy.cutAfterCommit('es-append-group');
  const cut = await admin.post('/api/transactions', mint, withKey(mintKey));
  // One stream's append: the store may find its own events after the cut and answer 201.
  expect([201, 503]).toContain(cut.status);
  const more = await admin.post(
    '/api/transactions',
    { ...mint, amount: '3000.00', receiver_id: other.user.id },
    withKey(mintKey),
  );
  expect(more.status, more.text).toBe(422);
  await t.settle();
  // 10 funded + 25 bought + 3 distributed, each once.
  expect(await saiOf(buyer.client)).toBe('38.00');
  expect(await saiOf(other.client)).toBe('0.00');
  expect(await countOf('TokensMinted', proof.body.id)).toBe(1);
}

describe('one command, one outcome, forever', () => {
  it(
    'refuses a crypto transfer, a withdrawal and a distribution reused with another body once the row is gone',
    reusedAfterRowGone,
  );
  describe('a connection cut under the command’s commit', () => {
    it(
      'keeps a transfer to its first body: another body is refused, the same one answered once',
      cutTransfer,
    );
    it('keeps a crypto transfer and a withdrawal to their first bodies', cutCryptoTransferAndWithdrawal);
    it('keeps a payment approval and a distribution to their first outcome', cutApprovalAndDistribution);
  });
});
