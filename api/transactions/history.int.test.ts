import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { parseUserId } from '../../domain/shared/ids.ts';
import { userHistory } from '../../projections/ledger/history.queries.ts';
import { parseCsv } from '../../testing/csv.ts';
import { fund, withdrawEth } from '../../testing/ledgerApp.ts';
import { setUpAdminClient, setUpTestApp, signedUpClient, type TestClient } from '../../testing/testApp.ts';
import { newEvmTxHash } from '../../testing/txHashes.ts';

interface Row {
  id: string;
  type: string;
  asset: string;
  amount: string | null;
  status: string;
  state: string;
  direction: string;
  signedAmount: string | null;
  balanceAfter: string | null;
  returned: boolean;
  senderName: string | null;
  receiverName: string | null;
  description: string;
  createdAt: string;
}

/**
 * The user's own history (docs/architecture/history.md): every movement of every asset, one vocabulary,
 * server-side filters and paging, and a receipt per movement.
 */
const t = setUpTestApp({ DEPOSIT_ADDRESS_ETH: '0x52908400098527886E0F7030069857D2E4169EE7' });

const admin = setUpAdminClient(t, 'history-admin@example.com');

const history = async (client: TestClient, query = '') => {
  const reply = await client.get(`/api/transactions${query}`);
  expect(reply.status, reply.text).toBe(200);
  return reply.body as { transactions: Row[]; nextCursor: string | null };
};

/** Every row of the history with this query, page after page. */
const allPages = async (client: TestClient, query: string, limit = 2) => {
  const rows: Row[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 50; page++) {
    const sep = query ? '&' : '?';
    const body = await history(client, `${query}${sep}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    rows.push(...body.transactions);
    cursor = body.nextCursor;
    if (!cursor) break;
  }
  return rows;
};

const declare = async (client: TestClient, currency: string, network: string) => {
  const reply = await client.post('/api/crypto/deposits', { currency, network, txHash: newEvmTxHash() });
  expect(reply.status, reply.text).toBe(201);
  return reply.body.id as string;
};

const sendEth = (sender: TestClient, recipientEmail: string, amount: string) =>
  sender.post('/api/crypto/transfer', { password: 'correct-horse', recipientEmail, currency: 'ETH', amount });

/**
 * A user with one of each: SAI funded and sent, 10 USDT and 1 ETH deposited, a deposit pending and one
 * rejected, a withdrawal sent and one failed, ETH sent to a friend and received back.
 */
async function scene() {
  const user = await signedUpClient(t);
  const friend = await signedUpClient(t);
  await fund(admin, user.user.id, '50.00');
  const saiSent = await user.client.post('/api/transactions', {
    type: 'transfer',
    password: 'correct-horse',
    receiver_id: friend.user.id,
    amount: '12.50',
    description: 'lunch',
  });
  expect(saiSent.status, saiSent.text).toBe(201);
  const usdt = await declare(user.client, 'USDT', 'ethereum');
  expect(
    (await admin.patch(`/api/admin/crypto/deposits/${usdt}`, { action: 'confirm', amount: '10' })).status,
  ).toBe(200);
  const eth = await declare(user.client, 'ETH', 'ethereum');
  expect(
    (await admin.patch(`/api/admin/crypto/deposits/${eth}`, { action: 'confirm', amount: '1' })).status,
  ).toBe(200);
  const pending = await declare(user.client, 'ETH', 'ethereum');
  const rejected = await declare(user.client, 'USDT', 'ethereum');
  expect(
    (await admin.patch(`/api/admin/crypto/deposits/${rejected}`, { action: 'reject', reason: 'not seen' }))
      .status,
  ).toBe(200);
  await t.settle();
  const withdraw = async (amount: string) => {
    const reply = await withdrawEth(user, amount);
    expect(reply.status, reply.text).toBe(201);
    return reply.body.id as string;
  };
  const sentOut = await withdraw('0.25');
  const failedOut = await withdraw('0.1');
  await t.settle();
  expect(
    (
      await admin.patch(`/api/admin/crypto/withdrawals/${sentOut}`, {
        action: 'complete',
        txHash: '0xdeadbeef01',
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await admin.patch(`/api/admin/crypto/withdrawals/${failedOut}`, {
        action: 'fail',
        reason: 'bad address',
      })
    ).status,
  ).toBe(200);
  const held = await withdraw('0.05');
  const ethSent = await sendEth(user.client, friend.user.email, '0.2');
  expect(ethSent.status, ethSent.text).toBe(201);
  await t.settle();
  const ethBack = await sendEth(friend.client, user.user.email, '0.00000001');
  expect(ethBack.status, ethBack.text).toBe(201);
  await t.settle();
  return {
    user,
    friend,
    ids: {
      saiSent: saiSent.body.id as string,
      usdt,
      eth,
      pending,
      rejected,
      sentOut,
      failedOut,
      held,
      ethSent: ethSent.body.id as string,
      ethBack: ethBack.body.id as string,
    },
  };
}

describe('the user history over HTTP', () => {
  it('shows every movement of every asset, with its asset, status, state and running balance', async () => {
    const { user, friend, ids } = await scene();
    const rows = await allPages(user.client, '');
    const byId = new Map(rows.map((r) => [r.id, r]));
    // One row per movement, except a failed withdrawal: its hold, and the return of the held amount.
    expect(rows).toHaveLength(12);
    expect(rows.filter((r) => r.id !== ids.failedOut).map((r) => r.id)).toEqual([
      ...new Set(rows.filter((r) => r.id !== ids.failedOut).map((r) => r.id)),
    ]);
    expect(byId.get(ids.saiSent)).toMatchObject({
      type: 'transfer',
      asset: 'SAI',
      status: 'completed',
      state: 'completed',
      signedAmount: '-12.50',
      balanceAfter: '37.50',
    });
    expect(byId.get(ids.usdt)).toMatchObject({
      type: 'crypto_deposit',
      asset: 'USDT',
      status: 'completed',
      state: 'confirmed',
      signedAmount: '+10.00000000',
      balanceAfter: '10.00000000',
    });
    expect(byId.get(ids.pending)).toMatchObject({
      type: 'crypto_deposit',
      asset: 'ETH',
      status: 'pending',
      state: 'declared',
      amount: null,
      signedAmount: null,
      balanceAfter: null,
    });
    expect(byId.get(ids.rejected)).toMatchObject({ status: 'failed', state: 'rejected', balanceAfter: null });
    expect(byId.get(ids.rejected)?.description).toContain('not seen');
    expect(byId.get(ids.sentOut)).toMatchObject({
      type: 'withdrawal',
      status: 'completed',
      state: 'sent',
      signedAmount: '-0.25000000',
      balanceAfter: '0.75000000',
    });
    const failedRows = rows.filter((r) => r.id === ids.failedOut);
    // Newest first: the return above the hold, each with the balance right after it.
    expect(failedRows).toMatchObject([
      {
        type: 'withdrawal',
        status: 'failed',
        returned: true,
        signedAmount: '+0.10000000',
        balanceAfter: '0.75000000',
        description: 'Withdrawal failed: bad address',
      },
      { type: 'withdrawal', status: 'failed', state: 'failed', returned: false, signedAmount: '-0.10000000' },
    ]);
    expect(failedRows[1]!.balanceAfter).toBe('0.65000000');
    expect(byId.get(ids.held)).toMatchObject({ type: 'withdrawal', status: 'pending', state: 'held' });
    expect(byId.get(ids.ethSent)).toMatchObject({
      type: 'transfer',
      asset: 'ETH',
      signedAmount: '-0.20000000',
    });
    expect(byId.get(ids.ethBack)).toMatchObject({
      asset: 'ETH',
      direction: 'received',
      signedAmount: '+0.00000001',
    });
    // Newest first, and the receiver sees the crypto transfer in their own history.
    expect(rows[0]?.id).toBe(ids.ethBack);
    const friendRows = await allPages(friend.client, '?asset=ETH');
    expect(friendRows.map((r) => [r.id, r.signedAmount])).toEqual([
      [ids.ethBack, '-0.00000001'],
      [ids.ethSent, '+0.20000000'],
    ]);
  });
});

describe('the user history over HTTP', () => {
  it('filters by asset, type, status, dates and text on the server, and pages through them', async () => {
    const { user, friend, ids } = await scene();
    const ids_ = async (query: string) => (await allPages(user.client, query)).map((r) => r.id);
    expect(await ids_('?asset=USDT')).toEqual([ids.rejected, ids.usdt]);
    expect(await ids_('?asset=SAI')).toEqual([ids.saiSent, expect.any(String)]);
    expect(await ids_('?type=crypto_deposit')).toEqual([ids.rejected, ids.pending, ids.eth, ids.usdt]);
    expect(await ids_('?type=crypto_deposit&status=pending')).toEqual([ids.pending]);
    expect(await ids_('?type=crypto_deposit&status=failed')).toEqual([ids.rejected]);
    expect(await ids_('?type=withdrawal')).toEqual([ids.held, ids.failedOut, ids.failedOut, ids.sentOut]);
    expect(await ids_('?type=withdrawal&status=completed')).toEqual([ids.sentOut]);
    expect(await ids_('?type=withdrawal&status=failed')).toEqual([ids.failedOut, ids.failedOut]);
    expect(await ids_('?status=pending')).toEqual([ids.held, ids.pending]);
    expect(await ids_('?asset=ETH&type=transfer')).toEqual([ids.ethBack, ids.ethSent]);
    // Text: the counterparty's name or email, the description, the reference, the amount.
    expect(await ids_(`?q=${friend.user.username}`)).toEqual([ids.ethBack, ids.ethSent, ids.saiSent]);
    expect(await ids_(`?q=${encodeURIComponent(friend.user.email.toUpperCase())}`)).toHaveLength(3);
    expect(await ids_('?q=lunch')).toEqual([ids.saiSent]);
    expect(await ids_(`?q=${ids.failedOut}`)).toEqual([ids.failedOut, ids.failedOut]);
    expect(await ids_('?q=12.5')).toEqual([ids.saiSent]);
    expect(await ids_('?q=not%20seen')).toEqual([ids.rejected]);
    expect(await ids_('?q=%25')).toEqual([]);
    // Dates: from inclusive, to exclusive.
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const past = new Date(Date.now() - 86_400_000).toISOString();
    expect(await ids_(`?from=${future}`)).toEqual([]);
    expect(await ids_(`?to=${past}`)).toEqual([]);
    expect(await ids_(`?from=${past}&to=${future}&asset=USDT`)).toEqual([ids.rejected, ids.usdt]);
    // Paging: one row at a time gives the same rows as one page.
    const one = await allPages(user.client, '', 1);
    const all = await history(user.client, '?limit=100');
    expect(one.map((r) => r.id)).toEqual(all.transactions.map((r) => r.id));
    expect(all.nextCursor).toBeNull();
  });
  it('answers 400 with a clear message to a bad filter', async () => {
    const user = await signedUpClient(t);
    const bad: [string, string][] = [
      ['?asset=DOGE', 'asset must be one of'],
      ['?type=gift', 'type must be one of'],
      ['?status=done', 'status must be one of'],
      ['?from=yesterday', 'Must be a date'],
      ['?from=2026-02-01&to=2026-01-01', 'from must be before to'],
      [`?q=${'x'.repeat(101)}`, 'q must be at most 100'],
      ['?cursor=abc', 'Invalid cursor'],
      ['?limit=0', 'limit must be'],
    ];
    for (const [query, message] of bad) {
      const reply = await user.client.get(`/api/transactions${query}`);
      expect(reply.status, query).toBe(400);
      expect(reply.body.message, query).toContain(message);
    }
    // The spec's old values still work.
    for (const query of ['?type=transfer', '?type=admin_deposit', '?status=completed', '?type=other'])
      expect((await user.client.get(`/api/transactions${query}`)).status, query).toBe(200);
  });
});

describe('the user history over HTTP', () => {
  it('opens a receipt for each movement, to its owner or an admin only', async () => {
    const { user, friend, ids } = await scene();
    const receipt = async (client: TestClient, id: string) => {
      const reply = await client.get(`/api/transactions/${id}`);
      expect(reply.status, reply.text).toBe(200);
      return reply.body;
    };
    expect(await receipt(user.client, ids.saiSent)).toMatchObject({
      id: ids.saiSent,
      type: 'transfer',
      status: 'completed',
      asset: 'SAI',
      amount: '12.50',
      fee: '0',
      direction: 'sent',
      counterparty: friend.user.username,
      balanceBefore: '50.00',
      balanceAfter: '37.50',
    });
    expect(await receipt(friend.client, ids.saiSent)).toMatchObject({
      direction: 'received',
      balanceBefore: '0.00',
      balanceAfter: '12.50',
    });
    const pending = await receipt(user.client, ids.pending);
    expect(pending).toMatchObject({
      type: 'crypto_deposit',
      status: 'pending',
      state: 'declared',
      amount: null,
    });
    expect(pending.timeline.map((s: { state: string }) => s.state)).toEqual(['declared']);
    const usdt = await receipt(user.client, ids.usdt);
    expect(usdt).toMatchObject({ state: 'confirmed', amount: '10.00000000', balanceBefore: '0.00000000' });
    expect(usdt.timeline.map((s: { state: string }) => s.state)).toEqual(['declared', 'confirmed']);
    const rejected = await receipt(user.client, ids.rejected);
    expect(rejected).toMatchObject({ status: 'failed', state: 'rejected', reason: 'not seen' });
    expect(rejected.timeline.map((s: { state: string }) => s.state)).toEqual(['declared', 'rejected']);
    // The network as people read it, and whose receipt it is (a printout names them).
    expect(rejected.counterparty).toBe('External wallet (Ethereum)');
    const holder = { name: user.user.username, email: user.user.email };
    expect(rejected.holder).toEqual(holder);
    const sent = await receipt(user.client, ids.sentOut);
    expect(sent).toMatchObject({ state: 'sent', txHash: '0xdeadbeef01', balanceBefore: '1.00000000' });
    expect(sent.timeline.map((s: { state: string }) => s.state)).toEqual(['requested', 'held', 'sent']);
    const failed = await receipt(user.client, ids.failedOut);
    // Held, then returned: the balance after is the one before again.
    expect(failed).toMatchObject({ state: 'failed', reason: 'bad address', balanceBefore: '0.75000000' });
    expect(failed.balanceAfter).toBe('0.75000000');
    expect(failed.timeline.map((s: { state: string }) => s.state)).toEqual(['requested', 'held', 'failed']);
    expect(await receipt(user.client, ids.held)).toMatchObject({ status: 'pending', state: 'held' });
    expect(await receipt(friend.client, ids.ethSent)).toMatchObject({
      direction: 'received',
      asset: 'ETH',
      holder: { name: friend.user.username, email: friend.user.email },
    });
    expect((await receipt(user.client, ids.ethSent)).holder).toEqual(holder);
    expect((await receipt(user.client, ids.failedOut)).holder).toEqual(holder);
    // An admin reads the owner's receipt: still the owner's name on it, not the admin's.
    expect(await receipt(admin, ids.failedOut)).toMatchObject({
      state: 'failed',
      balanceBefore: '0.75000000',
      holder,
    });

    // Anyone else: the same 404 as an id that does not exist.
    const stranger = await signedUpClient(t);
    for (const id of Object.values(ids)) {
      const reply = await stranger.client.get(`/api/transactions/${id}`);
      expect(reply.status, id).toBe(404);
    }
    expect((await friend.client.get(`/api/transactions/${ids.pending}`)).status).toBe(404);
    expect((await user.client.get('/api/transactions/no-such-id')).status).toBe(404);
    // Every row of the list opens with its own id.
    for (const row of (await history(user.client, '?limit=100')).transactions)
      expect((await user.client.get(`/api/transactions/${row.id}`)).status, row.id).toBe(200);
  });
});

describe('the user history over HTTP', () => {
  it('writes amounts in notifications with their display decimals, linked to the movement', async () => {
    const { user, ids } = await scene();
    const notes = (await user.client.get('/api/notifications?limit=100')).body as {
      message: string;
      movementId: string | null;
      title: string;
    }[];
    const messages = notes.map((n) => n.message).join('\n');
    expect(messages).toContain('10.00 USDT were credited');
    expect(messages).toContain('You received 0.00000001 ETH');
    expect(messages).toContain('Your withdrawal of 0.250000 ETH');
    expect(messages).not.toMatch(/\d\.\d*0{7,} /);
    const linked = new Set(notes.map((n) => n.movementId).filter(Boolean));
    for (const id of [ids.usdt, ids.rejected, ids.sentOut, ids.failedOut, ids.ethBack])
      expect(linked).toContain(id);
  });
  it('gives a statement of any asset whose rows are the list rows that moved the balance, adding up', async () => {
    const { user, ids } = await scene();
    const period = 'from=2020-01-01&to=2999-01-01';
    const reply = await user.client.get(`/api/transactions/statement.csv?${period}&asset=ETH`);
    expect(reply.status, reply.text).toBe(200);
    const lines = parseCsv(reply.text);
    expect(lines[1]?.slice(1, 2)).toEqual(['opening_balance']);
    const closing = lines[lines.length - 1]!;
    expect(closing[1]).toBe('closing_balance');
    // The ETH balance: 1 deposited, 0.25 sent out, 0.1 held and returned, 0.05 held, 0.2 and 0.00000001.
    expect(closing[5]).toBe('0.50000001');
    const statementIds = lines.slice(2, -1).map((cells) => cells[6]);
    const listed = (await allPages(user.client, '?asset=ETH')).filter((r) => r.balanceAfter !== null);
    expect(new Set(statementIds)).toEqual(new Set(listed.map((r) => r.id)));
    // Every posting is a line: the failed withdrawal's hold and its return, as the list shows them.
    expect(statementIds.filter((id) => id === ids.failedOut)).toHaveLength(2);
    expect((await user.client.get(`/api/transactions/statement.csv?${period}&asset=DOGE`)).status).toBe(400);
  });
  it('reads a page through indexes: no scan of the journal, the transactions or the deposits', async () => {
    const { user } = await scene();
    const statements: { text: string; values: unknown[] }[] = [];
    // The query comes as text and values, or as a prepared statement's config (infra/postgres/prepared.ts).
    const recording = {
      query: (query: string | pg.QueryConfig, given?: unknown[]) => {
        const text = typeof query === 'string' ? query : query.text;
        const values = (typeof query === 'string' ? given : query.values) ?? [];
        statements.push({ text, values });
        return t.deps.pool.query(text, values);
      },
    } as unknown as pg.Pool;
    const id = parseUserId(user.user.id);
    for (const filter of [{}, { asset: 'ETH' }, { type: 'withdrawal' as const }, { q: 'lunch' }])
      await userHistory(recording, id, { ...filter, limit: 25 });
    const client = await t.deps.pool.connect();
    try {
      // Where an index can answer, the planner takes it once scans cost too much; a scan left means none can.
      await client.query('SET enable_seqscan = off');
      for (const { text, values } of statements) {
        const { rows } = await client.query(`EXPLAIN ${text}`, values);
        const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
        expect(plan).not.toMatch(/Seq Scan on (ledger_postings|ledger_transactions|crypto_deposits)/);
        // One of the journal's per-account indexes: the ordered one, or (the planner's pick on some runs for a
        // single asset, whose rows are few) the per-account-and-asset one through a bitmap. Which one is the
        // statistics' choice at that moment; a scan of the whole journal is what must never be.
        expect(plan).toMatch(/(Index Scan using|Bitmap Index Scan on) ledger_postings_from_(order|time)/);
        if (text.includes('FROM crypto_deposits')) expect(plan).toMatch(/crypto_deposits_user_position/);
        if (process.env.SHOW_PLAN) console.log(plan);
      }
    } finally {
      await client.query('RESET enable_seqscan');
      client.release();
    }
  });
});
