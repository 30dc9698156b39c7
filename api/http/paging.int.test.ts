import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DigestService } from '../../app/ledgerProofs/digests.ts';
import { replayedTree } from '../../testing/logTree.ts';
import { adminClient, setUpTestApp, signedUpClient, type TestClient } from '../../testing/testApp.ts';

/**
 * Pagination caps (issue 8): every list the API serves has a cap. A list that pages takes `limit` up to
 * its cap and refuses anything else with a 400 Problem (never a silent clamp); a list with a fixed cap
 * refuses a `limit` it does not take. Every GET route is either in LISTS or says in NOT_LISTS why not, so
 * a new list cannot be added without a cap.
 */
type Who = 'user' | 'admin';
interface List {
  path: string;
  who: Who;
  cap: number;
  /** Whether the list takes `limit`; if not, its cap is fixed. */
  paged: boolean;
  /** Rows of the answer. */
  rows: (body: never) => unknown[];
  /** Rows seeded below: when above the cap, the list must answer exactly the cap. */
  seeded?: number;
}

const SEED = { distributions: 101, proofs: 201, deposits: 201, contacts: 201 };
const array = (body: unknown[]) => body;

const LISTS: List[] = [
  {
    path: '/api/transactions',
    who: 'user',
    cap: 100,
    paged: true,
    rows: (b: { transactions: unknown[] }) => b.transactions,
    seeded: SEED.distributions,
  },
  {
    path: '/api/transactions/all',
    who: 'admin',
    cap: 100,
    paged: true,
    rows: (b: { transactions: unknown[] }) => b.transactions,
    seeded: SEED.distributions,
  },
  { path: '/api/payments/pending', who: 'admin', cap: 200, paged: true, rows: array, seeded: SEED.proofs },
  { path: '/api/payments/user/{user}', who: 'user', cap: 100, paged: true, rows: array, seeded: SEED.proofs },
  { path: '/api/users', who: 'admin', cap: 500, paged: true, rows: (b: { users: unknown[] }) => b.users },
  {
    path: '/api/notifications',
    who: 'user',
    cap: 100,
    paged: true,
    rows: array,
    seeded: SEED.distributions,
  },
  {
    path: '/api/notifications/page',
    who: 'user',
    cap: 100,
    paged: true,
    rows: (b: { notifications: unknown[] }) => b.notifications,
    seeded: SEED.distributions,
  },
  { path: '/api/admin/cards', who: 'admin', cap: 200, paged: true, rows: array },
  { path: '/api/crypto/deposits', who: 'user', cap: 100, paged: false, rows: array, seeded: SEED.deposits },
  { path: '/api/crypto/withdrawals', who: 'user', cap: 100, paged: false, rows: array },
  {
    path: '/api/account/sessions',
    who: 'user',
    cap: 50,
    paged: false,
    rows: (b: { sessions: unknown[] }) => b.sessions,
  },
  {
    path: '/api/admin/crypto/deposits',
    who: 'admin',
    cap: 200,
    paged: false,
    rows: array,
    seeded: SEED.deposits,
  },
  { path: '/api/admin/crypto/withdrawals', who: 'admin', cap: 200, paged: false, rows: array },
  { path: '/api/admin/approvals', who: 'admin', cap: 200, paged: true, rows: array },
  { path: '/api/contact', who: 'admin', cap: 200, paged: true, rows: array, seeded: SEED.contacts },
  {
    path: '/api/admin/audit/streams/account-{user}',
    who: 'admin',
    cap: 500,
    paged: true,
    rows: (b: { events: unknown[] }) => b.events,
  },
  {
    path: '/api/admin/audit/users/{user}',
    who: 'admin',
    cap: 500,
    paged: true,
    rows: (b: { streams: unknown[] }) => b.streams,
  },
  {
    path: '/api/admin/ledger/statement?account=user:{user}&from=2020-01-01&to=2999-01-01',
    who: 'admin',
    cap: 1000,
    paged: true,
    rows: (b: { rows: unknown[] }) => b.rows,
  },
  {
    path: '/api/admin/ledger/digests',
    who: 'admin',
    cap: 200,
    paged: true,
    rows: (b: { items: unknown[] }) => b.items,
  },
];

const NOT_LISTS: Record<string, string> = {
  '/api/auth/user': 'the caller',
  '/api/dev/outbox': 'development only: the mail to one address, at most the last 200 the outbox keeps',
  '/api/auth/me': 'the caller',
  '/api/auth/session': 'the caller, or null',
  '/api/account/preferences': 'one record',
  '/api/account/2fa': 'one flag',
  '/api/account/passkeys': 'at most 10 passkeys (domain/users/passkeys.ts MAX_PASSKEYS)',
  '/api/account/data-export': 'a streamed download of one person, read a page at a time, rate-limited',
  '/api/transactions/statement.csv': 'a streamed download of a bounded period, flat in memory',
  '/api/admin/ledger/export': 'a streamed download of a bounded period, flat in memory',
  '/api/users/by-email': 'one user',
  '/api/admin/stats': 'figures',
  '/api/notifications/unread-count': 'a count',
  '/api/config/public': 'configuration',
  '/api/cards/user/:userId': 'one card',
  '/api/cards/stake': 'one stake',
  '/api/crypto/balances': 'one row per supported asset',
  '/api/crypto/prices': 'one row per supported asset',
  '/api/crypto/networks': 'the fixed network table',
  '/api/payments/quote': 'one quote',
  '/api/admin/settings/fees': 'one rate per card tier',
  '/api/crypto/deposit-addresses': 'one row per (currency, network) of the fixed deposit catalogue',
  '/api/admin/settings': 'one row per supported asset',
  '/api/admin/settings/deposit-addresses': 'one row per (currency, network) of the fixed deposit catalogue',
  '/api/campaign': 'one campaign',
  '/api/portfolio': "one total of the user's holdings",
  '/api/admin/ledger/balance': 'one balance',
  '/api/admin/projections': 'one row per projection of the code',
  '/api/admin/ledger/status': "the ledger's one verification status",
  '/api/admin/transactions/:id': 'one transaction with its own events and postings',
  '/api/transactions/:id': "one movement's receipt",
  '/api/transactions/:id/receipt': "one movement's events with their proofs",
  '/api/ledger/liabilities': 'one statement, one tree per supported asset',
  '/api/ledger/liabilities/proof': "the caller's balances, one per supported asset, each in 4 leaves",
  '/api/health': 'status',
  '/api/ledger/public-key': 'one key',
  '/api/openapi.json': 'the document',
  '/api/docs': 'the document',
};

const t = setUpTestApp();

let clients: Record<Who, TestClient>;

let userId: string;

const url = (list: List, query = '') => {
  const path = list.path.replaceAll('{user}', userId);
  return query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path;
};

beforeAll(async () => {
  const alice = await signedUpClient(t);
  const bob = await signedUpClient(t);
  userId = alice.user.id;
  const admin = await adminClient(t, 'paging-admin@example.com');
  clients = { user: alice.client, admin };
  // More rows than the caps, through the API, a few requests at a time.
  const inBatches = async (n: number, send: (i: number) => Promise<{ status: number }>) => {
    for (let i = 0; i < n; i += 10) {
      const replies = await Promise.all(Array.from({ length: Math.min(10, n - i) }, (_, j) => send(i + j)));
      for (const reply of replies) expect(reply.status).toBe(201);
    }
  };
  await inBatches(SEED.distributions, () =>
    admin.post('/api/transactions', { type: 'admin_deposit', amount: '0.01', receiver_id: userId }),
  );
  await inBatches(SEED.proofs, () =>
    alice.client.post('/api/payments/verify', { paymentMethod: 'USDT', amount: 1 }),
  );
  await inBatches(SEED.deposits, () =>
    alice.client.post('/api/crypto/deposits', { currency: 'SOL', network: 'solana' }),
  );
  await inBatches(SEED.contacts, (i) =>
    t
      .client()
      .post('/api/contact', { fullName: 'Ada', email: 'ada@example.com', subject: `#${i}`, message: 'Hi' }),
  );
  // Two four-eyes requests (above the 10,000 SAI threshold), for the approvals list.
  for (const amount of ['10000.01', '10000.02']) {
    const held = await admin.post('/api/transactions', {
      type: 'admin_deposit',
      amount,
      receiver_id: userId,
    });
    expect(held.status, held.text).toBe(202);
  }
  expect((await alice.client.post('/api/cards', {})).status).toBe(201);
  expect((await bob.client.post('/api/cards', {})).status).toBe(201);
  await t.settle();
  // Two signed digests of the log, for the catalogue's list (the tree computed from a replay in the test).
  const digests = new DigestService({
    pool: t.deps.pool,
    signer: t.deps.ledgerProofs.signer,
    logger: t.deps.logger,
    dir: mkdtempSync(path.join(os.tmpdir(), 'sai-paging-digests-')),
    ...replayedTree(t.deps.store),
  });
  await digests.publish();
  await digests.publish();
}, 300_000);

describe('pagination caps', () => {
  it('knows every GET route as a capped list or as something that is not a list', () => {
    const gets = new Set(
      t.app.routes
        .filter((r) => r.method === 'GET' && r.path.startsWith('/api/') && !r.path.includes('*'))
        .map((r) => r.path),
    );
    const known = new Set([
      ...Object.keys(NOT_LISTS),
      ...LISTS.map((l) =>
        l.path
          .split('?')[0]!
          .replace('/account-{user}', '/:stream')
          .replace(/\{user\}/, ':userId'),
      ),
    ]);
    expect([...gets].filter((path) => !known.has(path))).toEqual([]);
    expect([...known].filter((path) => !gets.has(path))).toEqual([]);
  });
  it('refuses a page size above the cap or not a whole number with a 400 Problem', async () => {
    const failures: string[] = [];
    for (const list of LISTS) {
      const client = clients[list.who];
      for (const limit of [
        '100000',
        '-1',
        'abc',
        '0',
        '1.5',
        '1e2',
        '',
        ' 5',
        '0x10',
        String(list.cap + 1),
      ]) {
        const reply = await client.get(url(list, `limit=${encodeURIComponent(limit)}`));
        if (reply.status !== 400 || reply.body?.status !== 400)
          failures.push(`${list.path} limit=${limit}: ${reply.status} ${reply.text.slice(0, 120)}`);
        else if (!reply.headers.get('content-type')?.startsWith('application/problem+json'))
          failures.push(`${list.path} limit=${limit}: not Problem Details`);
      }
      if (!list.paged) {
        const reply = await client.get(url(list, 'limit=1'));
        if (reply.status !== 400) failures.push(`${list.path} takes no limit, yet answered ${reply.status}`);
      }
    }
    expect(failures).toEqual([]);
  });
  it('never answers more rows than the cap, and exactly the cap when there are more', async () => {
    const failures: string[] = [];
    for (const list of LISTS) {
      const client = clients[list.who];
      const queries = list.paged ? ['', `limit=${list.cap}`] : [''];
      for (const query of queries) {
        const reply = await client.get(url(list, query));
        if (reply.status !== 200) {
          failures.push(`${list.path}?${query}: ${reply.status} ${reply.text.slice(0, 120)}`);
          continue;
        }
        const rows = list.rows(reply.body as never);
        if (rows.length > list.cap)
          failures.push(`${list.path}?${query}: ${rows.length} rows, cap ${list.cap}`);
        if (query && list.seeded !== undefined && list.seeded > list.cap && rows.length !== list.cap)
          failures.push(
            `${list.path}?${query}: ${rows.length} rows of ${list.seeded}, want the cap ${list.cap}`,
          );
      }
      if (list.seeded !== undefined && list.seeded > list.cap && !list.paged) {
        const rows = list.rows((await client.get(url(list))).body as never);
        if (rows.length !== list.cap)
          failures.push(`${list.path}: ${rows.length} rows, want the fixed cap ${list.cap}`);
      }
      if (list.paged) {
        const one = list.rows((await client.get(url(list, 'limit=1'))).body as never);
        if (one.length !== 1) failures.push(`${list.path}?limit=1: ${one.length} rows`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('pagination caps', () => {
  it('says when a capped list was cut short', async () => {
    const streams = await clients.admin.get(`/api/admin/audit/users/${userId}?limit=10`);
    expect(streams.body).toMatchObject({ truncated: true });
    expect(streams.body.streams).toHaveLength(10);
    expect((await clients.admin.get(`/api/admin/audit/users/${userId}`)).body.truncated).toBe(false);
    const page = await clients.user.get('/api/transactions?limit=100');
    expect(page.body.nextCursor).toEqual(expect.any(String));
  });
});
