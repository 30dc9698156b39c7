import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_TIERS } from '../../domain/cards/card.ts';
import { NETWORKS, WITHDRAWAL_NETWORKS } from '../../domain/crypto/networks.ts';
import { PAYMENT_METHODS } from '../../domain/payments/payment.ts';
import { ASSETS, CRYPTO_ASSETS } from '../../domain/shared/money.ts';
import { LANGUAGES } from '../../domain/users/preferences.ts';
import { ensureAdmin } from '../bootstrap/accounts.ts';
import { cardIdFor } from '../cards/cards.service.ts';
import { OPENAPI, type OpenApiTag } from '../http/validate.ts';
import {
  createTestApp,
  newRegistration,
  signedUpClient,
  type TestApp,
  type TestClient,
} from '../testing/testApp.ts';
import {
  amount,
  amountLike,
  anyJson,
  anyString,
  CROSS_SITE,
  change24h,
  type Field,
  field,
  invalidEmail,
  invalidHttpsUrl,
  JSON_TAILS,
  JSON_TYPES,
  MALFORMED_JSON,
  NON_JSON_TYPES,
  nonObjectJson,
  oneOf,
  price,
  type Raw,
  SAME_SITE,
  strangeKey,
  text,
} from './inputs.ts';

/**
 * The "bad input" fuzz (issue 8): thousands of generated malformed requests to every route, as a visitor,
 * a user and an admin, with and without same-site browser headers. Whatever arrives: never a 5xx, every
 * refusal a Problem Details body, and nothing appended to the log by a refused request.
 *
 * Reproduce a failure with the seed it prints: FUZZ_SEED=<seed> npx vitest run api/fuzz
 * FUZZ_SCALE=10 runs ten times as many cases.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_808);
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const MAX_BODY_BYTES = 64 * 1024;

type Role = 'visitor' | 'user' | 'admin';

/** Ids the routes need to get past their own checks, so validation is exercised, not only "not found". */
interface Fixtures {
  ids: Record<Role, string>;
  otherId: string;
  otherEmail: string;
  userCard: string;
  pendingDeposit: string;
}

interface ParamSpec {
  valid: (f: Fixtures, role: Role) => string;
  invalid: fc.Arbitrary<string>;
}
interface BodySpec {
  base: (f: Fixtures) => Record<string, unknown>;
  fields: Record<string, Field>;
  required: readonly string[];
}
interface Spec {
  /** Method and Hono path, exactly as app.routes lists it. */
  route: string;
  params?: Record<string, ParamSpec>;
  body?: BodySpec;
}

// --- Fields and parameters ----------------------------------------------------------------------------

const USER_ID = /^[0-9a-z]{7,8}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const wellFormed = (s: string) =>
  !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);

/** Path segments: anything a client can put in a URL (a lone surrogate cannot be percent-encoded). */
const invalidParam = (valid: (s: string) => boolean) =>
  fc
    .oneof(anyString, fc.constantFrom('%', '%00', 'a/b', '..%2F', '?x=1', '#frag', '😀', '.', '..'))
    .filter((s) => wellFormed(s) && !valid(s));
const userIdParam: ParamSpec = {
  valid: (f) => f.otherId,
  invalid: invalidParam((s) => USER_ID.test(s)),
};
const uuidParam = (valid: (f: Fixtures, role: Role) => string = () => randomUUID()): ParamSpec => ({
  valid,
  invalid: invalidParam((s) => UUID.test(s)),
});
const ownCard = uuidParam((f, role) => cardIdFor(f.ids[role]));

const bool = field((v) => typeof v === 'boolean');
const name = field(text({ trim: true, max: 50, control: 'names' }), { hostile: true });
const username = field(text({ trim: true, min: 3, max: 32, pattern: /^[A-Za-z0-9_.-]+$/ }));
const bio = field(text({ max: 500, control: 'lines' }), { hostile: true });
const password = field(text({ min: 6, max: 128 }));
const sai = field(amount(2), { extra: amountLike });
const crypto8 = field(amount(8), { extra: amountLike });
const freeText = (max: number, min = 0) =>
  field(text({ trim: min > 0, min, max, control: 'all' }), { hostile: true });
const cardText = (min: number) =>
  field(text({ trim: true, min, max: 120, control: 'all' }), { hostile: true });
const isoDay = field(
  (v) => {
    if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
    const date = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(v);
  },
  {
    extra: fc
      .constantFrom(
        '2026-13-01',
        '2026-02-30',
        '2026-2-1',
        '01/12/2026',
        '2026-12-01T00:00:00Z',
        '+02026-12-01',
        '2026-12-01 ',
      )
      .map((s) => JSON.stringify(s)),
  },
);
const addressFields = {
  address: cardText(5),
  city: cardText(2),
  state: cardText(2),
  zipCode: cardText(3),
  country: cardText(2),
};

// --- Every state-changing route -----------------------------------------------------------------------

const SPECS: Spec[] = [
  {
    route: 'POST /api/auth/register',
    body: {
      base: () => newRegistration(),
      required: ['username', 'email', 'password', 'confirmPassword', 'termsAgreed'],
      fields: {
        username,
        email: invalidEmail,
        password,
        confirmPassword: field((v) => v === 'correct-horse'),
        firstName: name,
        lastName: name,
        isAdmin: field((v) => v === false),
        profileImageUrl: invalidHttpsUrl,
        bio,
        termsAgreed: field((v) => v === true),
      },
    },
  },
  {
    route: 'POST /api/auth/login',
    body: {
      base: () => ({ email: 'nobody@example.com', password: 'wrong-password' }),
      required: ['email', 'password'],
      fields: {
        email: invalidEmail,
        password,
        rememberMe: bool,
        totpCode: field(text({ max: 6, pattern: /^\d{6}$/ })),
      },
    },
  },
  { route: 'POST /api/auth/logout' },
  {
    route: 'PATCH /api/account/profile',
    body: {
      base: () => ({ bio: 'fuzz' }),
      required: [],
      fields: { firstName: name, lastName: name, username, bio },
    },
  },
  {
    route: 'POST /api/account/password',
    body: {
      base: () => ({
        currentPassword: 'not-the-password',
        newPassword: 'new-pass-1',
        confirmPassword: 'new-pass-1',
      }),
      required: ['currentPassword', 'newPassword', 'confirmPassword'],
      fields: {
        currentPassword: field(text({ min: 1, max: 128 })),
        newPassword: password,
        confirmPassword: field((v) => v === 'new-pass-1'),
      },
    },
  },
  {
    route: 'PUT /api/account/preferences',
    body: {
      base: () => ({
        emailNotifications: true,
        marketingCommunications: false,
        transactionAlerts: true,
        language: 'en',
      }),
      required: ['emailNotifications', 'marketingCommunications', 'transactionAlerts', 'language'],
      fields: {
        emailNotifications: bool,
        marketingCommunications: bool,
        transactionAlerts: bool,
        language: field(oneOf(...LANGUAGES)),
      },
    },
  },
  { route: 'POST /api/account/preferences/reset' },
  { route: 'POST /api/account/2fa/setup' },
  ...(['enable', 'disable'] as const).map(
    (step): Spec => ({
      route: `POST /api/account/2fa/${step}`,
      body: {
        base: () => ({ code: '000000' }),
        required: ['code'],
        fields: { code: field(text({ trim: true, max: 10_000, pattern: /^\d{6}$/ })) },
      },
    }),
  ),
  {
    route: 'PATCH /api/admin/users/:id/status',
    params: { id: userIdParam },
    body: {
      base: () => ({ status: 'active' }),
      required: ['status'],
      fields: { status: field(oneOf('suspended', 'active')) },
    },
  },
  {
    route: 'POST /api/transactions',
    body: {
      base: (f) => ({ type: 'transfer', amount: '1.00', receiver_id: f.otherId, description: 'fuzz' }),
      required: ['type', 'amount', 'receiver_id'],
      fields: {
        type: field(oneOf('transfer', 'admin_deposit')),
        amount: sai,
        receiver_id: field(text({ max: 8, pattern: USER_ID })),
        sender_id: field((v) => v === null || text({ max: 64 })(v)),
        description: freeText(200),
        status: field(text({ max: 20 })),
      },
    },
  },
  {
    route: 'POST /api/payments/verify',
    body: {
      base: () => ({ paymentMethod: 'ETH', amount: '5', notes: 'fuzz' }),
      required: ['paymentMethod', 'amount'],
      fields: {
        paymentMethod: field(oneOf(...PAYMENT_METHODS)),
        amount: sai,
        notes: freeText(500),
        proofImageUrl: invalidHttpsUrl,
      },
    },
  },
  {
    route: 'PATCH /api/payments/:id/verify',
    params: { id: uuidParam() },
    body: {
      base: () => ({ approved: false, reason: 'fuzz' }),
      required: ['approved'],
      fields: {
        approved: bool,
        reason: field(text({ trim: true, max: 500, control: 'all' }), { hostile: true }),
      },
    },
  },
  { route: 'PATCH /api/notifications/mark-all-read' },
  { route: 'PATCH /api/notifications/:id/read', params: { id: uuidParam() } },
  {
    route: 'POST /api/cards',
    body: {
      base: () => ({ tier: 'gold' }),
      required: [],
      fields: {
        userId: field(text({ max: 16 })),
        tier: field(oneOf(...CARD_TIERS)),
        status: field(text({ max: 20 })),
        ...addressFields,
      },
    },
  },
  {
    route: 'PATCH /api/cards/:id/shipping',
    params: { id: ownCard },
    body: {
      base: () => ({
        address: '1 Main Street',
        city: 'Dubai',
        state: 'Dubai',
        zipCode: '00000',
        country: 'AE',
      }),
      required: Object.keys(addressFields),
      fields: addressFields,
    },
  },
  { route: 'POST /api/cards/:id/freeze', params: { id: ownCard } },
  { route: 'POST /api/cards/:id/unfreeze', params: { id: ownCard } },
  {
    route: 'POST /api/cards/:id/pin',
    params: { id: ownCard },
    body: {
      base: () => ({ pin: '1234', confirmPin: '1234' }),
      required: ['pin', 'confirmPin'],
      fields: { pin: field(text({ max: 4, pattern: /^\d{4}$/ })), confirmPin: field((v) => v === '1234') },
    },
  },
  {
    route: 'PATCH /api/admin/cards/:id/ship',
    params: { id: uuidParam((f) => f.userCard) },
    body: {
      base: () => ({ trackingNumber: 'DHL-1234', estimatedDelivery: '2026-12-01' }),
      required: ['trackingNumber', 'estimatedDelivery'],
      fields: {
        trackingNumber: field(text({ trim: true, min: 4, max: 64, pattern: /^[A-Za-z0-9-]+$/ })),
        estimatedDelivery: isoDay,
      },
    },
  },
  { route: 'PATCH /api/admin/cards/:id/deliver', params: { id: uuidParam((f) => f.userCard) } },
  {
    route: 'POST /api/crypto/deposits',
    body: {
      base: () => ({ currency: 'ETH', network: 'ethereum', txHash: 'abc123' }),
      required: ['currency', 'network'],
      fields: {
        currency: field(oneOf(...CRYPTO_ASSETS)),
        network: field(oneOf(...Object.keys(NETWORKS))),
        txHash: field(text({ trim: true, max: 128, pattern: /^[A-Za-z0-9]*$/ })),
      },
    },
  },
  {
    route: 'POST /api/crypto/withdraw',
    body: {
      base: () => ({
        currency: 'ETH',
        amount: '0.5',
        address: '0x1234567890abcdef',
        chain: 'ethereum',
        notes: 'fuzz',
      }),
      required: ['currency', 'amount', 'address', 'chain'],
      fields: {
        currency: field(oneOf(...CRYPTO_ASSETS)),
        amount: crypto8,
        address: field(text({ trim: true, min: 10, max: 128, pattern: /^[A-Za-z0-9:._-]+$/ })),
        chain: field(oneOf(...WITHDRAWAL_NETWORKS.ETH)),
        notes: freeText(300),
      },
    },
  },
  {
    route: 'POST /api/crypto/transfer',
    body: {
      base: (f) => ({ recipientEmail: f.otherEmail, currency: 'ETH', amount: '0.001', description: 'fuzz' }),
      required: ['recipientEmail', 'currency', 'amount'],
      fields: {
        recipientEmail: invalidEmail,
        currency: field(oneOf(...ASSETS)),
        amount: crypto8,
        description: freeText(200),
      },
    },
  },
  {
    route: 'PATCH /api/admin/crypto/deposits/:id',
    params: { id: uuidParam() },
    body: {
      base: () => ({ action: 'reject', reason: 'fuzz' }),
      required: ['action'],
      fields: {
        action: field((v) => v === 'reject'),
        reason: field(text({ trim: true, max: 300, control: 'all' }), { hostile: true }),
      },
    },
  },
  {
    // A real pending deposit, so the amount reaches the handler's exact parse for the deposit's asset.
    route: 'PATCH /api/admin/crypto/deposits/:id',
    params: { id: uuidParam((f) => f.pendingDeposit) },
    body: {
      base: () => ({ action: 'confirm', amount: '1' }),
      required: ['action', 'amount'],
      fields: { action: field((v) => v === 'confirm'), amount: crypto8 },
    },
  },
  {
    route: 'PATCH /api/admin/crypto/withdrawals/:id',
    params: { id: uuidParam() },
    body: {
      base: () => ({ action: 'fail', reason: 'fuzz test' }),
      required: ['action', 'reason'],
      fields: { action: field((v) => v === 'fail'), reason: freeText(300, 3) },
    },
  },
  {
    route: 'PUT /api/admin/settings/prices/:currency',
    params: {
      currency: {
        valid: () => 'BTC',
        invalid: invalidParam((s) => (CRYPTO_ASSETS as readonly string[]).includes(s)),
      },
    },
    body: {
      base: () => ({ price: '70000', change24h: '1.5' }),
      required: ['price'],
      fields: {
        price: field(price, { extra: amountLike }),
        change24h: field(change24h, { extra: amountLike }),
      },
    },
  },
  {
    route: 'PUT /api/admin/settings/token-price',
    body: {
      base: () => ({ price: '2.50' }),
      required: ['price'],
      fields: { price: field(price, { extra: amountLike }) },
    },
  },
  {
    route: 'POST /api/contact',
    body: {
      base: () => ({ fullName: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'A question' }),
      required: ['fullName', 'email', 'subject', 'message'],
      fields: {
        fullName: freeText(100, 1),
        email: invalidEmail,
        subject: freeText(150, 1),
        message: field(text({ trim: true, min: 1, max: 5000, control: 'lines' }), { hostile: true }),
      },
    },
  },
];

// A counterexample prints its route, not the generators inside the spec.
for (const spec of SPECS) Object.defineProperty(spec, fc.toStringMethod, { value: () => spec.route });

// --- Malformed requests -------------------------------------------------------------------------------

type Mutation =
  | { kind: 'field'; field: string; value: Raw }
  | { kind: 'drop'; field: string }
  | { kind: 'extra'; key: string; value: Raw }
  | { kind: 'not-an-object'; body: string }
  | { kind: 'truncated'; cut: number }
  | { kind: 'malformed'; body: string }
  | { kind: 'tail'; tail: string }
  | { kind: 'param'; name: string; value: string }
  | { kind: 'oversized'; extra: number; declared: boolean }
  | { kind: 'content-type'; type: string }
  | { kind: 'no-content-type' }
  | { kind: 'cross-site'; headers: Record<string, string> };

/** The status a mutation must get whoever sends it (the middleware that refuses it runs first). */
const EXPECTED: Partial<Record<Mutation['kind'], number>> = {
  oversized: 413,
  'content-type': 415,
  'no-content-type': 415,
  'cross-site': 403,
};

function mutations(spec: Spec): fc.Arbitrary<Mutation> {
  const options: fc.WeightedArbitrary<Mutation>[] = [];
  if (spec.body) {
    const { fields, required } = spec.body;
    const names = Object.keys(fields);
    options.push({
      weight: 12,
      arbitrary: fc
        .constantFrom(...names)
        .chain((name) =>
          fields[name]!.invalid.map((value): Mutation => ({ kind: 'field', field: name, value })),
        ),
    });
    if (required.length > 0)
      options.push({
        weight: 1,
        arbitrary: fc.constantFrom(...required).map((f): Mutation => ({ kind: 'drop', field: f })),
      });
    options.push(
      {
        weight: 2,
        arbitrary: fc
          .tuple(
            strangeKey.filter((k) => !Object.hasOwn(fields, k)),
            anyJson,
          )
          .map(([key, value]): Mutation => ({ kind: 'extra', key, value })),
      },
      { weight: 1, arbitrary: nonObjectJson.map((body): Mutation => ({ kind: 'not-an-object', body })) },
      {
        weight: 1,
        arbitrary: fc
          .double({ min: 0, max: 1, maxExcluded: true, noNaN: true })
          .map((cut): Mutation => ({ kind: 'truncated', cut })),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(...MALFORMED_JSON).map((body): Mutation => ({ kind: 'malformed', body })),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(...JSON_TAILS).map((tail): Mutation => ({ kind: 'tail', tail })),
      },
    );
  }
  for (const [name, param] of Object.entries(spec.params ?? {})) {
    options.push({
      weight: 4,
      arbitrary: param.invalid.map((value): Mutation => ({ kind: 'param', name, value })),
    });
  }
  options.push(
    {
      weight: 1,
      arbitrary: fc
        .record({ extra: fc.integer({ min: 1, max: 200_000 }), declared: fc.boolean() })
        .map((o): Mutation => ({ kind: 'oversized', ...o })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...NON_JSON_TYPES).map((type): Mutation => ({ kind: 'content-type', type })),
    },
    { weight: 1, arbitrary: fc.constant<Mutation>({ kind: 'no-content-type' }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...CROSS_SITE).map((headers): Mutation => ({ kind: 'cross-site', headers })),
    },
  );
  return fc.oneof(...options);
}

/** Session cookies a client may forge or garble. */
const FORGED_COOKIES = [
  'sai_session=garbage',
  'sai_session=%E0%A4%A',
  'sai_session=eyJhbGciOiJub25lIn0.eyJ1c2VySWQiOiJhZG1pbiIsImlzQWRtaW4iOnRydWV9.',
  `__Host-sai_session=${'a'.repeat(5000)}`,
  'sai_rw=99999999999999999999-1',
  'sai_rw=-1--1',
  'sai_session=; sai_session=x; sai_rw=%00',
];

const roles = fc.constantFrom<Role>('user', 'user', 'admin', 'admin', 'visitor');
const idempotencyKey = fc.option(fc.oneof(fc.uuid(), fc.constantFrom('has space', 'k'.repeat(201), '')), {
  freq: 3,
});

const malformedCase = fc.constantFrom(...SPECS).chain((spec) =>
  fc.record({
    spec: fc.constant(spec),
    role: roles,
    mutation: mutations(spec),
    site: fc.constantFrom(...SAME_SITE),
    jsonType: fc.constantFrom(...JSON_TYPES),
    idempotencyKey,
  }),
);

/** Hostile but valid text in the free-text fields of a valid body: stored or refused, never a 500. */
const HOSTILE_SPECS = SPECS.filter((s) => Object.values(s.body?.fields ?? {}).some((f) => f.hostile));
const hostileCase = fc.constantFrom(...HOSTILE_SPECS).chain((spec) => {
  const fields = Object.entries(spec.body!.fields).filter(([, f]) => f.hostile);
  return fc.record({
    spec: fc.constant(spec),
    role: fc.constantFrom<Role>('user', 'admin'),
    values: fc.record(Object.fromEntries(fields.map(([k, f]) => [k, f.hostile!])), { requiredKeys: [] }),
    site: fc.constantFrom(...SAME_SITE),
  });
});

// --- Sending and checking -----------------------------------------------------------------------------

interface Reply {
  status: number;
  headers: Headers;
  text: string;
}

function rawObject(values: Record<string, Raw>): string {
  return `{${Object.entries(values)
    .map(([k, v]) => `${JSON.stringify(k)}:${v}`)
    .join(',')}}`;
}

function toRaw(body: Record<string, unknown>): Record<string, Raw> {
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, JSON.stringify(v)]));
}

function fillPath(spec: Spec, f: Fixtures, role: Role, override?: { name: string; value: string }): string {
  const path = spec.route.split(' ')[1]!;
  return path.replace(/:(\w+)/g, (_m, name: string) =>
    encodeURIComponent(override?.name === name ? override.value : spec.params![name]!.valid(f, role)),
  );
}

function describeRequest(
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
function checkAnswer(reply: Reply, label: string) {
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

async function runProperty<T>(
  arbitrary: fc.Arbitrary<T>,
  numRuns: number,
  check: (value: T) => Promise<void>,
) {
  try {
    await fc.assert(fc.asyncProperty(arbitrary, check), { seed: SEED, numRuns });
  } catch (error) {
    const cause = (error as Error).cause;
    throw new Error(
      `Fuzz failed with FUZZ_SEED=${SEED} (rerun with it to reproduce)\n${(error as Error).message}${
        cause instanceof Error ? `\nGot: ${cause.message}` : ''
      }`,
    );
  }
}

describe('bad input fuzz', () => {
  let t: TestApp;
  let fixtures: Fixtures;
  const cookies: Record<Role, string> = { visitor: '', user: '', admin: '' };
  const stats = { requests: 0, byStatus: new Map<number, number>(), accepted: 0 };

  const send = async (
    role: Role,
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: string | Uint8Array,
  ): Promise<Reply> => {
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

  beforeAll(async () => {
    t = await createTestApp();
    const cookieOf = (client: TestClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const user = await signedUpClient(t);
    const other = await signedUpClient(t);
    const admin = await ensureAdmin(t.deps, 'fuzz-admin@example.com', 'fuzz-admin-password', {
      resetPassword: true,
    });
    const adminClient = t.client();
    expect(
      (
        await adminClient.post('/api/auth/login', {
          email: 'fuzz-admin@example.com',
          password: 'fuzz-admin-password',
        })
      ).status,
    ).toBe(200);
    cookies.user = cookieOf(user.client);
    cookies.admin = cookieOf(adminClient);
    // Money and things to act on, so valid requests can succeed and invalid ones reach the deep checks.
    const card = await user.client.post('/api/cards', {});
    expect(card.status).toBe(201);
    expect(
      (
        await adminClient.post('/api/transactions', {
          type: 'admin_deposit',
          amount: '1000',
          receiver_id: user.user.id,
        })
      ).status,
    ).toBe(201);
    const funding = await user.client.post('/api/crypto/deposits', { currency: 'ETH', network: 'ethereum' });
    expect(
      (
        await adminClient.patch(`/api/admin/crypto/deposits/${funding.body.id}`, {
          action: 'confirm',
          amount: '10',
        })
      ).status,
    ).toBe(200);
    const pending = await user.client.post('/api/crypto/deposits', { currency: 'ETH', network: 'base' });
    fixtures = {
      ids: { visitor: user.user.id, user: user.user.id, admin: admin.userId },
      otherId: other.user.id,
      otherEmail: other.user.email,
      userCard: card.body.id,
      pendingDeposit: pending.body.id,
    };
    await t.settle();
  });

  afterAll(async () => {
    console.log(
      `fuzz seed ${SEED}: ${stats.requests} requests, ${stats.accepted} accepted (valid hostile text), statuses ${JSON.stringify(
        Object.fromEntries([...stats.byStatus].sort(([a], [b]) => a - b)),
      )}`,
    );
    await t?.stop();
  });

  it('has a fuzz spec for every state-changing route the app serves, and no spec for a route it does not', () => {
    const served = new Set(
      t.app.routes
        .filter(
          (r) =>
            r.path.startsWith('/api/') && !r.path.includes('*') && r.method !== 'ALL' && r.method !== 'GET',
        )
        .map((r) => `${r.method} ${r.path}`),
    );
    expect([...new Set(SPECS.map((s) => s.route))].sort()).toEqual([...served].sort());
  });

  it('does not make a request wait for a read-your-writes position the log has never reached', async () => {
    // Found by this fuzz: a forged sai_rw cookie made every GET poll the checkpoints for a full second.
    const started = performance.now();
    const reply = await send('user', 'GET', '/api/auth/me', {
      cookie: `${cookies.user}; sai_rw=99999999999999999999-1`,
    });
    expect(reply.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('refuses malformed requests to every state-changing route with a 4xx Problem, and appends nothing', {
    timeout: 180_000,
  }, async () => {
    await runProperty(
      malformedCase,
      2500 * SCALE,
      async ({ spec, role, mutation, site, jsonType, idempotencyKey: key }) => {
        const method = spec.route.split(' ')[0]!;
        const path = fillPath(spec, fixtures, role, mutation.kind === 'param' ? mutation : undefined);
        const headers: Record<string, string> = { ...site, 'content-type': jsonType };
        if (key !== null) headers['idempotency-key'] = key;
        const values = toRaw(spec.body?.base(fixtures) ?? {});
        let body: string | Uint8Array | undefined = spec.body ? rawObject(values) : undefined;
        switch (mutation.kind) {
          case 'field':
            values[mutation.field] = mutation.value;
            body = rawObject(values);
            break;
          case 'drop':
            delete values[mutation.field];
            body = rawObject(values);
            break;
          case 'extra':
            body = rawObject({ ...values, [mutation.key]: mutation.value });
            break;
          case 'not-an-object':
          case 'malformed':
            body = mutation.body;
            break;
          case 'truncated':
            body = body!.slice(0, Math.floor(body!.length * mutation.cut));
            break;
          case 'tail':
            body = body! + mutation.tail;
            break;
          case 'param':
            break;
          case 'oversized': {
            const pad = 'x'.repeat(MAX_BODY_BYTES + mutation.extra);
            body = rawObject({ ...values, pad: JSON.stringify(pad) });
            if (mutation.declared) headers['content-length'] = String(Buffer.byteLength(body));
            break;
          }
          case 'content-type':
            headers['content-type'] = mutation.type;
            body ??= '{}';
            break;
          case 'no-content-type': {
            delete headers['content-type'];
            // Bytes, not a string: a string body would get a text/plain type from fetch itself.
            const bytes = new TextEncoder().encode(body ?? '{}');
            headers['content-length'] = String(bytes.length);
            body = bytes;
            break;
          }
          case 'cross-site':
            Object.assign(headers, mutation.headers);
            break;
        }
        if (body === undefined) delete headers['content-type'];
        const label = `[${mutation.kind}${'field' in mutation ? ` ${mutation.field}` : ''}] ${describeRequest(method, path, role, headers, body)}`;
        const before = await t.eventCount();
        const reply = await send(role, method, path, headers, body);
        checkAnswer(reply, label);
        if (reply.status < 400)
          throw new Error(`accepted (${reply.status}) ${label}\n${reply.text.slice(0, 300)}`);
        const expected = EXPECTED[mutation.kind];
        if (expected !== undefined && reply.status !== expected)
          throw new Error(`${reply.status}, want ${expected}, for ${label}\n${reply.text.slice(0, 300)}`);
        const after = await t.eventCount();
        if (after !== before)
          throw new Error(`refused with ${reply.status} but appended ${after - before} events: ${label}`);
      },
    );
  });

  it('stores or refuses hostile but valid text, never a 5xx, and a refusal appends nothing', {
    timeout: 120_000,
  }, async () => {
    await runProperty(hostileCase, 400 * SCALE, async ({ spec, role, values, site }) => {
      const method = spec.route.split(' ')[0]!;
      const path = fillPath(spec, fixtures, role);
      const body = rawObject({ ...toRaw(spec.body!.base(fixtures)), ...(values as Record<string, Raw>) });
      // Events carry the request id as their correlation id: accepted commands here append (and their
      // follow-ups land later), so a refusal is checked by its own id rather than by the log's length.
      const requestId = `fuzz-${randomUUID()}`;
      const headers = { ...site, 'content-type': 'application/json', 'x-request-id': requestId };
      const label = describeRequest(method, path, role, headers, body);
      const reply = await send(role, method, path, headers, body);
      checkAnswer(reply, label);
      if (reply.status < 300) {
        stats.accepted++;
        return;
      }
      const { rows } = await t.db.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM es_events WHERE metadata->>'correlationId' = $1`,
        [requestId],
      );
      if (rows[0]!.n !== 0)
        throw new Error(`refused with ${reply.status} but appended ${rows[0]!.n} events: ${label}`);
    });
    await t.settle();
  });

  it('answers any query, path and method on every route without a 5xx, as Problem Details, appending nothing', {
    timeout: 120_000,
  }, async () => {
    const routes = t.app.routes.filter(
      (r) => r.path.startsWith('/api/') && !r.path.includes('*') && r.method !== 'ALL',
    );
    // The query keys each list and lookup validates, read from its validators (as the OpenAPI document is).
    const keysByPath = new Map<string, Set<string>>();
    for (const route of routes.filter((r) => r.method === 'GET')) {
      const keys = keysByPath.get(route.path) ?? new Set<string>();
      keysByPath.set(route.path, keys);
      const tag = (route.handler as unknown as Record<symbol, OpenApiTag | undefined>)[OPENAPI];
      const shape = tag?.target === 'query' ? (tag.schema as unknown as { shape?: object }).shape : undefined;
      for (const key of Object.keys(shape ?? {})) keys.add(key);
    }
    const gets = [...keysByPath].map(([path, keys]) => ({ path, keys: [...keys] }));
    const paramValue = (name: string) =>
      fc.oneof(
        fc.constant(
          name === 'stream'
            ? `user-${fixtures.ids.user}`
            : name === 'currency'
              ? 'BTC'
              : name === 'id'
                ? randomUUID()
                : fixtures.ids.user,
        ),
        invalidParam(() => false),
      );
    const queryValue = fc.oneof(
      anyString.filter(wellFormed),
      fc.constantFrom('100000', '-1', '0', 'abc', '1e309', '1.5', 'NaN', '1-1', 'user:abc', 'SAI', 'csv'),
      fc.constantFrom(
        '2026-01-31',
        '2026-02-30',
        '0000-01-01',
        '9999-12-31T23:59:59Z',
        '-271821-04-20',
        '+275760-09-13',
        '2026-01-31T25:00:00Z',
        '99999999999999999999-1',
        '1-99999999999999999999-1',
      ),
      fc.integer().map(String),
    );
    const getCase = fc.constantFrom(...gets).chain((route) =>
      fc.record({
        route: fc.constant(route),
        role: roles,
        params: fc.record(
          Object.fromEntries(
            (route.path.match(/:(\w+)/g) ?? []).map((p) => [p.slice(1), paramValue(p.slice(1))]),
          ),
        ),
        query: fc.array(
          fc.tuple(
            route.keys.length > 0 ? fc.oneof(fc.constantFrom(...route.keys), strangeKey) : strangeKey,
            queryValue,
          ),
          { maxLength: 5 },
        ),
        method: fc.constantFrom('GET', 'GET', 'GET', 'DELETE', 'PUT', 'PATCH', 'POST', 'OPTIONS'),
        cookie: fc.option(fc.constantFrom(...FORGED_COOKIES)),
      }),
    );
    await runProperty(getCase, 1500 * SCALE, async ({ route, role, params, query, method, cookie }) => {
      const search = new URLSearchParams(query.map(([k, v]) => [k, v]));
      const path = `${route.path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent((params as Record<string, string>)[name]!))}${query.length ? `?${search}` : ''}`;
      // Another method on a GET path is either a route of its own (fuzzed above) or must be refused.
      if (method !== 'GET' && routes.some((r) => r.method === method && r.path === route.path)) return;
      const before = await t.eventCount();
      // A forged or garbled session cookie replaces the role's own: it must count as no session at all.
      const reply = await send(
        cookie === null ? role : 'visitor',
        method,
        path,
        cookie === null ? {} : { cookie },
      );
      checkAnswer(reply, `${role} ${method} ${path} ${cookie ?? ''}`);
      if (method !== 'GET' && reply.status < 400)
        throw new Error(`${method} ${path} answered ${reply.status}`);
      if ((await t.eventCount()) !== before) throw new Error(`${method} ${path} appended events`);
    });
  });
});
