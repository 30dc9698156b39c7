import { type TOTP, URI } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { publicSessionId } from '../../app/auth/sessions.ts';
import { uniqueStream } from '../../app/auth/uniqueStreams.ts';
import { rowsOfUser } from '../../projections/users/dataExport.queries.ts';
import { fund, fundEth, transfer, withdrawEth } from '../../testing/ledgerApp.ts';
import {
  type Reply,
  setUpAdminClient,
  setUpTestApp,
  signedUpClient,
  type TestClient,
} from '../../testing/testApp.ts';

const t = setUpTestApp({ RATE_LIMITS: 'login=1000/60,money=1000/60,register=1000/60,dataExport=3/3600' });
const admin = setUpAdminClient(t, 'export-admin@example.com');

const shipping = {
  address: '7 Quiet Lane Apt 4',
  city: 'Port Louis',
  state: 'Plaines Wilhems',
  zipCode: '74501',
  country: 'MU',
};

const download = (client: TestClient) => client.get('/api/account/data-export');

/** Alice with one of everything; Bob, who sent her money and received some. */
async function scene() {
  const alice = await signedUpClient(t, { firstName: 'Alicia', lastName: 'Vantongeren' });
  const bob = await signedUpClient(t, { firstName: 'Roberto', lastName: 'Quillfeather' });
  const profile = await alice.client.patch('/api/account/profile', { bio: 'Collects rare teapots.' });
  expect(profile.status, profile.text).toBe(200);
  await fund(admin, alice.user.id, '100');
  await fund(admin, bob.user.id, '50');
  const sent = await transfer(alice.client, bob.user.id, '12.50', 'alice pays the plumber');
  expect(sent.status, sent.text).toBe(201);
  const received = await transfer(bob.client, alice.user.id, '3.25', 'bob returns the favour');
  expect(received.status, received.text).toBe(201);
  const deposit = await fundEth(admin, alice.client, '1');
  await t.settle();
  const withdrawal = await withdrawEth(alice, '0.25', {
    address: '0x1111111111111111111111111111111111111111',
    notes: 'to my cold wallet',
  });
  expect(withdrawal.status, withdrawal.text).toBe(201);
  const card = await alice.client.post('/api/cards', {});
  expect(card.status, card.text).toBe(201);
  const proof = await alice.client.post('/api/payments/verify', {
    paymentMethod: 'USDT',
    amount: '300',
    notes: 'paid from exchange account 4411',
  });
  expect(proof.status, proof.text).toBe(201);
  await t.settle();
  expect((await admin.patch(`/api/payments/${proof.body.id}/verify`, { approved: true })).status).toBe(200);
  await t.settle();
  const address = await alice.client.patch(`/api/cards/${card.body.id}/shipping`, shipping);
  expect(address.status, address.text).toBe(200);
  const pin = await alice.client.post(`/api/cards/${card.body.id}/pin`, {
    pin: '4821',
    confirmPin: '4821',
  });
  expect(pin.status, pin.text).toBe(200);
  const contact = await alice.client.post('/api/contact', {
    fullName: 'Alicia Vantongeren',
    email: alice.user.email,
    subject: 'Teapot question',
    message: 'Can I pay for teapots with SAI?',
  });
  expect(contact.status, contact.text).toBe(201);
  // Signed out, anyone can type Alice's address into the form: that message is not hers to read.
  const impostor = await t.client().post('/api/contact', {
    fullName: 'Not Alicia',
    email: alice.user.email,
    subject: 'Hello',
    message: 'Written by somebody else entirely',
  });
  expect(impostor.status, impostor.text).toBe(201);
  // A sign-in of her own (a second device): its notice's stream is hers.
  const signedIn = await t.client().post('/api/auth/login', {
    email: alice.registration.email,
    password: alice.registration.password,
  });
  expect(signedIn.status, signedIn.text).toBe(200);
  // 2FA on: its secret must stay out of the export, its being on must not.
  const setup = await alice.client.post('/api/account/2fa/setup', {
    password: alice.registration.password,
  });
  const totp = URI.parse(setup.body.otpauthUri) as TOTP;
  const enabled = await alice.client.post('/api/account/2fa/enable', { code: totp.generate() });
  expect(enabled.status, enabled.text).toBe(200);
  await t.settle();
  return {
    alice,
    bob,
    sent: sent.body.id as string,
    received: received.body.id as string,
    deposit: deposit.id as string,
    withdrawal: withdrawal.body.id as string,
    card: card.body.id as string,
    proof: proof.body.id as string,
    contact: contact.body.id as string,
    totpSecret: totp.secret.base32,
  };
}

type Scene = Awaited<ReturnType<typeof scene>>;

/** The file itself, and what it holds from the read models: the profile, the money, the card, the messages. */
async function expectTheReadModels(reply: Reply, s: Scene) {
  expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
  expect(reply.headers.get('content-disposition')).toMatch(
    /^attachment; filename="sai-wallet-data-\d{4}-\d{2}-\d{2}\.json"$/,
  );
  const data = JSON.parse(reply.text);
  expect(data).toMatchObject({ format: 'sai-wallet-data-export', version: 1, subject: s.alice.user.id });
  expect(Object.keys(data.sections)).toEqual(
    expect.arrayContaining(['profile', 'history', 'events', 'card', 'contactMessages']),
  );
  expect(data.profile).toMatchObject({
    id: s.alice.user.id,
    email: s.alice.user.email,
    firstName: 'Alicia',
    lastName: 'Vantongeren',
    bio: 'Collects rare teapots.',
    preferences: { language: 'en' },
  });
  expect(data.security).toMatchObject({ twoFactorEnabled: true });
  expect(data.security.passwordLastChangedAt).toEqual(expect.any(String));
  expect(data.sessions.length).toBeGreaterThanOrEqual(1);
  // Where each session was opened from (the security centre shows it; the person gets it too).
  expect(Object.keys(data.sessions[0])).toEqual(expect.arrayContaining(['browser', 'os', 'address']));
  expect(data.balances.map((b: { asset: string }) => b.asset)).toEqual([
    'SAI',
    'BTC',
    'ETH',
    'USDT',
    'USDC',
    'SOL',
    'XRP',
  ]);
  expect(data.balances.find((b: { asset: string }) => b.asset === 'ETH')).toMatchObject({
    balance: '0.75000000',
    onHold: '0.25000000',
  });
  expect(data.card).toMatchObject({ id: s.card, ...shipping, pinSet: true, status: 'active' });
  expect(data.cryptoDeposits).toEqual([expect.objectContaining({ id: s.deposit, status: 'confirmed' })]);
  expect(data.withdrawals).toEqual([
    expect.objectContaining({ id: s.withdrawal, notes: 'to my cold wallet', status: 'pending' }),
  ]);
  expect(data.payments).toEqual([
    expect.objectContaining({ id: s.proof, notes: 'paid from exchange account 4411', status: 'verified' }),
  ]);
  expect(data.contactMessages).toEqual([
    expect.objectContaining({ id: s.contact, message: 'Can I pay for teapots with SAI?' }),
  ]);
  expect(reply.text).not.toContain('Written by somebody else entirely');
  expect(data.notifications.length).toBeGreaterThan(2);
  // Page by page (here two rows a page) gives the same rows, in the same order, each once.
  for (const source of ['notifications', 'payments'] as const) {
    const paged: unknown[] = [];
    for await (const row of rowsOfUser(t.db.pool, source, s.alice.user.id, 2)) paged.push(row);
    // (A sign-in notice's link to its session is left out of the file: below.)
    const exported = JSON.parse(JSON.stringify(paged)).map((row: { title?: string }) =>
      row.title === 'New sign-in' ? { ...row, relatedId: null } : row,
    );
    expect(exported, source).toEqual(data[source]);
  }
}

/** Every movement, and the log's events of her streams, with Bob's side of their transfers. */
async function expectTheHistoryAndTheLog(reply: Reply, s: Scene) {
  const data = JSON.parse(reply.text);
  // Every movement, the counterparty by id and by the name Alice saw.
  const ids = data.history.map((row: { id: string }) => row.id);
  expect(ids).toEqual(expect.arrayContaining([s.sent, s.received, s.deposit, s.withdrawal, s.proof]));
  expect(data.history.find((row: { id: string }) => row.id === s.received)).toMatchObject({
    sender_id: s.bob.user.id,
    sender_name: s.bob.user.username,
    description: 'bob returns the favour',
  });

  // The log: her own streams, and Bob's TokensTransferred to her from Bob's account stream.
  const events = data.events as { stream: string; type: string; data: Record<string, unknown> }[];
  const streams = new Set(events.map((e) => e.stream));
  const signIns = await t.loggedEvents('SignedIn', `data->>'userId' = $2`, [s.alice.user.id]);
  expect(signIns).toHaveLength(1);
  expect(events.find((e) => e.type === 'SignedIn')?.data).not.toHaveProperty('sessionId');
  for (const stream of [
    `user-${s.alice.user.id}`,
    `account-${s.alice.user.id}`,
    `card-${s.card}`,
    `payment-${s.proof}`,
    `cryptoDeposit-${s.deposit}`,
    `withdrawal-${s.withdrawal}`,
    `contactMessage-${s.contact}`,
    uniqueStream(t.deps.privacy.pseudonymKey, 'email', s.alice.user.email),
    uniqueStream(t.deps.privacy.pseudonymKey, 'username', s.alice.user.username),
    // A sign-in, without the session's public id that names its stream.
    'signIn',
  ])
    expect(streams, stream).toContain(stream);
  const fromBob = events.find((e) => e.type === 'TokensTransferred' && e.data.transactionId === s.received);
  expect(fromBob).toMatchObject({
    stream: `account-${s.bob.user.id}`,
    data: { fromUserId: s.bob.user.id, toUserId: s.alice.user.id, amount: '3.25' },
  });
  // Of Bob's stream, only the two transfers between them (his side of each); his own funding is not hers.
  const bobs = events.filter((e) => e.stream === `account-${s.bob.user.id}`);
  expect(bobs.map((e) => [e.type, e.data.transactionId]).sort()).toEqual(
    [
      ['TokensTransferred', s.received],
      ['TransferReceived', s.sent],
    ].sort(),
  );
  for (const e of events)
    expect(e).toMatchObject({ revision: expect.any(String), position: expect.any(String) });
}

/** No secret, in any form: password hash, TOTP secret (plain or sealed), PIN hash, session ids. */
async function expectNoSecret(reply: Reply, s: Scene) {
  const data = JSON.parse(reply.text);
  const events = data.events as { type: string }[];
  const secrets = await t.db.pool.query<{ value: string }>(
    `SELECT password_hash AS value FROM credentials WHERE user_id = $1
     UNION ALL SELECT secret_encrypted FROM totp_secrets WHERE user_id = $1
     UNION ALL SELECT pin_hash FROM card_pins WHERE card_id = $2
     UNION ALL SELECT id FROM sessions WHERE user_id = $1`,
    [s.alice.user.id, s.card],
  );
  expect(secrets.rows.length).toBeGreaterThanOrEqual(4);
  for (const { value } of secrets.rows) expect(reply.text).not.toContain(value);
  // Nor the sessions' public ids (the hash that names a sign-in's stream, its notice's link and the
  // security centre's row): the sign-ins are there, by what they say, not by which session they were.
  const sessionIds = await t.db.pool.query<{ id: string }>('SELECT id FROM sessions WHERE user_id = $1', [
    s.alice.user.id,
  ]);
  expect(events.filter((e) => e.type === 'SignedIn').length).toBeGreaterThanOrEqual(1);
  expect(data.notifications.some((n: { title: string }) => n.title === 'New sign-in')).toBe(true);
  for (const { id } of sessionIds.rows) expect(reply.text).not.toContain(publicSessionId(id));
  expect(reply.text).not.toContain(s.totpSecret);
  expect(reply.text.toLowerCase()).not.toContain('argon2');
  expect(reply.text).not.toContain(s.alice.registration.password);
}

/** "Download my data" (docs/architecture/data-export.md): everything held about the person, nothing secret. */
describe('GET /api/account/data-export', () => {
  it('gives the person everything held about them, from the read models and the log', async () => {
    const s = await scene();
    const reply = await download(s.alice.client);
    expect(reply.status, reply.text).toBe(200);
    await expectTheReadModels(reply, s);
    await expectTheHistoryAndTheLog(reply, s);
    await expectNoSecret(reply, s);
  });

  it("keeps one person's private data out of another's export, except as the counterparty they saw", async () => {
    const s = await scene();
    const reply = await download(s.bob.client);
    expect(reply.status, reply.text).toBe(200);
    const data = JSON.parse(reply.text);
    expect(data.subject).toBe(s.bob.user.id);
    // Alice appears where Bob dealt with her: her id and username on the transfers between them.
    expect(reply.text).toContain(s.alice.user.id);
    expect(data.history.find((row: { id: string }) => row.id === s.sent)).toMatchObject({
      sender_id: s.alice.user.id,
      sender_name: s.alice.user.username,
      description: 'alice pays the plumber',
    });
    // Nothing else of hers.
    for (const value of [
      s.alice.user.email,
      'Vantongeren',
      'Collects rare teapots.',
      shipping.address,
      'to my cold wallet',
      'paid from exchange account 4411',
      'Can I pay for teapots with SAI?',
      s.card,
      s.deposit,
      s.withdrawal,
      s.proof,
    ])
      expect(reply.text, value).not.toContain(value);
    // Her events reach Bob's export only as her side of the two transfers between them.
    const hers = (data.events as { stream: string; type: string; data: { transactionId: string } }[]).filter(
      (e) => e.stream.includes(s.alice.user.id),
    );
    expect(hers.map((e) => [e.type, e.data.transactionId]).sort()).toEqual(
      [
        ['TokensTransferred', s.sent],
        ['TransferReceived', s.received],
      ].sort(),
    );
  });
});

describe('GET /api/account/data-export: an e-mail used again, visitors and the limit', () => {
  it("holds nothing of an earlier account that had the same e-mail (its reservation's stream is shared)", async () => {
    const first = await signedUpClient(t);
    await t.settle();
    const erased = await admin.post(`/api/admin/users/${first.user.id}/erase`, {
      reason: 'Art. 17 request',
      confirm: 'ERASE',
    });
    expect(erased.status, erased.text).toBe(200);
    await t.settle();
    // The freed e-mail (and username) registered again: the same uniqueness streams, a new owner.
    const second = await signedUpClient(t, {
      email: first.registration.email,
      username: first.registration.username,
    });
    await t.settle();
    const reply = await download(second.client);
    expect(reply.status, reply.text).toBe(200);
    const data = JSON.parse(reply.text);
    expect(reply.text).not.toContain(first.user.id);
    // Nor the ids and times of the first owner's reservations and releases.
    const key = t.deps.privacy.pseudonymKey;
    for (const stream of [
      uniqueStream(key, 'email', first.registration.email),
      uniqueStream(key, 'username', first.registration.username),
    ])
      for (const event of await t.deps.store.readStream(stream)) {
        if ((event.data as { userId: string }).userId !== first.user.id) continue;
        expect(reply.text).not.toContain(event.id);
        expect(reply.text).not.toContain(event.recordedAt.toISOString());
      }
    // The new owner's own reservations are there, and every event names no other account.
    const reservations = (data.events as { type: string; data: { userId?: string } }[]).filter(
      (e) => e.type === 'UniqueValueReserved',
    );
    expect(reservations).toHaveLength(2);
    for (const event of data.events as { data: { userId?: string } }[])
      if (event.data.userId !== undefined) expect(event.data.userId).toBe(second.user.id);
  });

  it('answers 401 to a visitor, and 429 past its limit', async () => {
    const visitor = await t.client().get('/api/account/data-export');
    expect(visitor.status).toBe(401);
    expect(visitor.text).not.toContain('sai-wallet-data-export');

    const { client } = await signedUpClient(t);
    for (let i = 0; i < 3; i++) expect((await download(client)).status).toBe(200);
    const over = await download(client);
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
