/**
 * The authorization walk (api/authorization.int.test.ts, and api/authorization.admin.int.test.ts for the
 * routes under /api/admin/): every API route, as a visitor, a user, another user and an admin, with the
 * status each must get. In a route's path and body, `{other}` is replaced by the id of a user who is not
 * the caller (IDOR checks); `{self}` by the caller's; `{password}` by the caller's password (a
 * withdrawal's re-authentication); any other `{name}` by the fixture of that name (see `callers`).
 */
import { beforeAll, expect, it } from 'vitest';
import { SoftAuthenticator } from './softAuthenticator.ts';
import { setUpTestApp, signedInAdmin, signedUpClient, type TestApp, type TestClient } from './testApp.ts';
import { newEvmTxHash } from './txHashes.ts';

type Role = 'visitor' | 'user' | 'admin';

export interface Walk {
  method: string;
  path: string;
  body?: unknown;
  expect: Record<Role, number>;
}

/** A route of the walk: the status each role must get, and the body it sends (none if undefined). */
export const walk = (method: string, path: string, expect: Record<Role, number>, body?: unknown): Walk => ({
  method,
  path,
  body,
  expect,
});
/** The same status for every caller, signed in or not. */
export const everyone = (method: string, path: string, status: number, body?: unknown) =>
  walk(method, path, { visitor: status, user: status, admin: status }, body);
/** A visitor is asked to sign in (401); every account, an admin's too, gets `status`. */
export const signedIn = (method: string, path: string, status: number, body?: unknown) =>
  walk(method, path, { visitor: 401, user: status, admin: status }, body);
/** Past the role check for an admin only: a visitor gets 401, a user 403, an admin `admin`. */
export const adminOnly = (method: string, path: string, admin: number, body?: unknown) =>
  walk(method, path, { visitor: 401, user: 403, admin }, body);

/** The routes api/authorization.admin.int.test.ts walks; api/authorization.int.test.ts walks the others. */
export const isAdminRoute = (path: string) => path.startsWith('/api/admin/');

interface Callers {
  other: string;
  fixtures: Record<string, string>;
  clients: Record<Role, () => Promise<{ client: TestClient; self: string; password: string }>>;
}

/** The other user with one of each thing a route can name (the fixtures), and a way to each role. */
async function callers(t: TestApp): Promise<Callers> {
  const otherUser = await signedUpClient(t);
  const other = otherUser.user.id;
  const fixtures: Record<string, string> = {};
  const admin = await signedInAdmin(t, 'walk-admin@example.com', 'walk-admin-password');
  const adminSession = admin.client;
  fixtures.payment = (
    await otherUser.client.post('/api/payments/verify', { paymentMethod: 'ETH', amount: 5 })
  ).body.id;
  fixtures.otherTransaction = (
    await adminSession.post('/api/transactions', {
      type: 'admin_deposit',
      amount: '2.00',
      receiver_id: other,
    })
  ).body.id;
  fixtures.otherStream = `user-${other}`;
  // No request has this id: an admin's approve or reject is 404 (api/approvals).
  fixtures.unknownApproval = '00000000-0000-4000-8000-000000000000';
  const passkeyOptions = await otherUser.client.post('/api/account/passkeys/options', {
    password: otherUser.registration.password,
  });
  fixtures.otherPasskey = (
    await otherUser.client.post('/api/account/passkeys', {
      name: 'Theirs',
      response: new SoftAuthenticator(t.deps.config.PUBLIC_URL).create(passkeyOptions.body.options),
    })
  ).body.id;
  await t.settle();
  fixtures.otherNotification = (await otherUser.client.get('/api/notifications')).body[0].id;
  fixtures.otherSession = (await otherUser.client.get('/api/account/sessions')).body.sessions[0].id;
  fixtures.otherEmail = encodeURIComponent(otherUser.user.email);
  fixtures.otherEmailRaw = otherUser.user.email;
  fixtures.currency = 'BTC';
  fixtures.tier = 'gold';
  fixtures.network = 'bitcoin';
  fixtures.otherCard = (await otherUser.client.post('/api/cards', {})).body.id;
  fixtures.otherDeposit = (
    await otherUser.client.post('/api/crypto/deposits', { currency: 'SOL', network: 'solana' })
  ).body.id;
  const funding = (await otherUser.client.post('/api/crypto/deposits', { currency: 'ETH', network: 'base' }))
    .body.id;
  await adminSession.patch(`/api/admin/crypto/deposits/${funding}`, {
    action: 'confirm',
    amount: '1',
    txHash: newEvmTxHash(),
  });
  fixtures.otherWithdrawal = (
    await otherUser.client.post('/api/crypto/withdraw', {
      currency: 'ETH',
      amount: '0.5',
      address: '0x1234567890abcdef1234567890abcdef12345678',
      chain: 'ethereum',
      password: otherUser.registration.password,
    })
  ).body.id;
  return {
    other,
    fixtures,
    clients: {
      visitor: async () => ({ client: t.client(), self: other, password: 'not-signed-in' }),
      user: async () => {
        const { client, user, registration } = await signedUpClient(t);
        return { client, self: user.id, password: registration.password };
      },
      admin: async () => {
        const client = t.client();
        const reply = await client.post('/api/auth/login', {
          email: 'walk-admin@example.com',
          password: 'walk-admin-password',
        });
        expect(reply.status).toBe(200);
        return { client, self: admin.userId, password: 'walk-admin-password' };
      },
    },
  };
}

/**
 * Registers, in the calling describe, a fresh app and the walk of `table`: that it holds every route the
 * app serves that `part` takes (and only those, so a route is found where its path says), then one test
 * per role, each route with the status it must answer.
 */
export function walkTheRoutes(table: Walk[], part: (path: string) => boolean) {
  const t = setUpTestApp();
  let cast: Callers;
  beforeAll(async () => {
    cast = await callers(t);
  });

  it('covers every API route the app serves', () => {
    const served = new Set(
      t.app.routes
        .filter((r) => r.path.startsWith('/api/') && !r.path.includes('*') && r.method !== 'ALL')
        .filter((r) => part(r.path))
        .map((r) => `${r.method} ${r.path}`),
    );
    const walked = new Set(
      table.map((w) => `${w.method} ${w.path.split('?')[0]!.replace(/\{\w+\}/g, ':id')}`),
    );
    const missing = [...served].filter((route) => !walked.has(route.replace(/:\w+/g, ':id')));
    expect(missing).toEqual([]);
    expect(table.filter((w) => !part(w.path)).map((w) => `${w.method} ${w.path}`)).toEqual([]);
  });

  for (const role of ['visitor', 'user', 'admin'] as const) {
    it(`gives a ${role} the status each route must answer`, async () => {
      const { other, fixtures, clients } = cast;
      const failures: string[] = [];
      for (const walk of table) {
        // A fresh session per route: logout must not change what the next route sees.
        const { client, self, password } = await clients[role]();
        const fill = (text: string) =>
          text
            .replaceAll('{other}', other)
            .replaceAll('{self}', self)
            .replaceAll('{password}', password)
            .replace(/\{(\w+)\}/g, (_m, name: string) => fixtures[name] ?? `{${name}}`);
        const path = fill(walk.path);
        const body = walk.body === undefined ? undefined : JSON.parse(fill(JSON.stringify(walk.body)));
        const reply = await client.request(walk.method, path, body);
        if (reply.status !== walk.expect[role])
          failures.push(`${walk.method} ${path}: ${reply.status} (want ${walk.expect[role]})`);
        if (reply.status >= 500) failures.push(`${walk.method} ${path}: server error ${reply.text}`);
      }
      expect(failures).toEqual([]);
      // A registration (a password hash, a mailed link) per route for the user: on a busy machine the walk
      // takes well over the default 30 s, which is no finding about any route.
    }, 240_000);
  }
}
