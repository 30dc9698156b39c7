import { expect } from 'vitest';
import { cookieHeader } from '../cookieJar.ts';
import { createTestApp, signedInAdmin, signedUpClient, type TestApp, type TestClient } from '../testApp.ts';
import type { Raw } from './inputs.ts';
import type { Fixtures, Role, Spec } from './specs.ts';

/** The fuzz tests' app: a user with money, a card and deposits, another user, and an admin, signed in. */

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
}

export function rawObject(values: Record<string, Raw>): string {
  return `{${Object.entries(values)
    .map(([k, v]) => `${JSON.stringify(k)}:${v}`)
    .join(',')}}`;
}

export function toRaw(body: Record<string, unknown>): Record<string, Raw> {
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, JSON.stringify(v)]));
}

export function fillPath(
  spec: Spec,
  f: Fixtures,
  role: Role,
  override?: { name: string; value: string },
): string {
  const path = spec.route.split(' ')[1]!;
  return path.replace(/:(\w+)/g, (_m, name: string) =>
    encodeURIComponent(override?.name === name ? override.value : spec.params![name]!.valid(f, role)),
  );
}

export function describeRequest(
  method: string,
  path: string,
  role: Role,
  headers: Record<string, string>,
  body?: string | Uint8Array,
) {
  const shown = typeof body === 'string' ? body : body ? `<${body.length} bytes>` : '';
  return `${role} ${method} ${path} ${JSON.stringify(headers)} ${JSON.stringify(shown.length > 300 ? `${shown.slice(0, 300)}…(${shown.length})` : shown)}`;
}

/** Never a 5xx; anything but a success is RFC 9457 Problem Details with the response's status. */
export function checkAnswer(reply: Reply, label: string) {
  if (reply.status >= 500) throw new Error(`${reply.status} for ${label}\n${reply.text.slice(0, 500)}`);
  if (reply.status < 300) return;
  const type = reply.headers.get('content-type') ?? '';
  if (!type.startsWith('application/problem+json'))
    throw new Error(
      `${reply.status} without Problem Details (${type}) for ${label}\n${reply.text.slice(0, 300)}`,
    );
  let body: { type?: unknown; title?: unknown; status?: unknown };
  try {
    body = JSON.parse(reply.text);
  } catch {
    throw new Error(`${reply.status} with a body that is not JSON for ${label}\n${reply.text.slice(0, 300)}`);
  }
  if (typeof body.type !== 'string' || typeof body.title !== 'string' || body.status !== reply.status)
    throw new Error(`${reply.status} with an incomplete Problem (${reply.text.slice(0, 300)}) for ${label}`);
}

export interface FuzzApp {
  t: TestApp;
  fixtures: Fixtures;
  cookies: Record<Role, string>;
  stats: { requests: number; byStatus: Map<number, number>; accepted: number };
  send(
    role: Role,
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: string | Uint8Array,
  ): Promise<Reply>;
}

export async function startFuzzApp(): Promise<FuzzApp> {
  const t = await createTestApp();
  const cookies: Record<Role, string> = { visitor: '', user: '', admin: '' };
  const stats = { requests: 0, byStatus: new Map<number, number>(), accepted: 0 };
  const send: FuzzApp['send'] = async (role, method, path, headers, body) => {
    const h = new Headers(headers);
    if (cookies[role] && !h.has('cookie')) h.set('cookie', cookies[role]);
    const response = await t.app.request(`http://localhost${path}`, {
      method,
      headers: h,
      body: body as BodyInit,
    });
    const reply = { status: response.status, headers: response.headers, text: await response.text() };
    stats.requests++;
    stats.byStatus.set(reply.status, (stats.byStatus.get(reply.status) ?? 0) + 1);
    return reply;
  };
  const cookieOf = (client: TestClient) => cookieHeader(client.cookies) ?? '';
  const user = await signedUpClient(t);
  const other = await signedUpClient(t);
  const admin = await signedInAdmin(t, 'fuzz-admin@example.com');
  const adminClient = admin.client;
  cookies.user = cookieOf(user.client);
  cookies.admin = cookieOf(adminClient);
  // Money and things to act on, so valid requests can succeed and invalid ones reach the deep checks.
  const card = await user.client.post('/api/cards', {});
  expect(card.status).toBe(201);
  const deposit = await adminClient.post('/api/transactions', {
    type: 'admin_deposit',
    amount: '1000',
    receiver_id: user.user.id,
  });
  expect(deposit.status).toBe(201);
  const funding = await user.client.post('/api/crypto/deposits', { currency: 'ETH', network: 'ethereum' });
  expect(
    (
      await adminClient.patch(`/api/admin/crypto/deposits/${funding.body.id}`, {
        action: 'confirm',
        // At the ETH four-eyes threshold (3), not above it: confirmed at once.
        amount: '3',
        // A declaration without a hash gets one when an admin confirms it.
        txHash: `0x${'12'.repeat(32)}`,
      })
    ).status,
  ).toBe(200);
  const pending = await user.client.post('/api/crypto/deposits', { currency: 'ETH', network: 'base' });
  const fixtures: Fixtures = {
    ids: { visitor: user.user.id, user: user.user.id, admin: admin.userId },
    otherId: other.user.id,
    otherEmail: other.user.email,
    userCard: card.body.id,
    pendingDeposit: pending.body.id,
    transactionId: deposit.body.id,
  };
  await t.settle();
  return { t, fixtures, cookies, stats, send };
}

/** "200: 12, 400: 3": the statuses a run got, for its closing log line. */
export function statusSummary(byStatus: Map<number, number>): string {
  return JSON.stringify(Object.fromEntries([...byStatus].sort(([a], [b]) => a - b)));
}
