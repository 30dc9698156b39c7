import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { cardIdFor } from '../../app/cards/cards.service.ts';
import { CARD_TIERS } from '../../domain/cards/card.ts';
import { NETWORKS, WITHDRAWAL_NETWORKS } from '../../domain/crypto/networks.ts';
import { PAYMENT_METHODS } from '../../domain/payments/payment.ts';
import { USER_ID_PATTERN } from '../../domain/shared/ids.ts';
import { ASSETS, CRYPTO_ASSETS } from '../../domain/shared/money.ts';
import { LANGUAGES } from '../../domain/users/preferences.ts';
import { newRegistration } from '../testApp.ts';

import { ACCOUNT_SECURITY_SPECS } from './accountSecuritySpecs.ts';
import { APPROVAL_SPECS } from './approvalSpecs.ts';
import { isoDay } from './days.ts';
import { DEPOSIT_ADDRESS_SPECS } from './depositAddressSpecs.ts';
import { ERASURE_SPECS } from './erasureSpecs.ts';
import {
  amount,
  amountLike,
  FUZZ_ADMIN_PASSWORD,
  field,
  invalidEmail,
  invalidHttpsUrl,
  invalidParam,
  oneOf,
  REAUTH_FIELDS,
  text,
  UUID,
} from './inputs.ts';
import { SETTINGS_SPECS } from './settingsSpecs.ts';
import type { Fixtures, ParamSpec, Role, Spec } from './spec.ts';

/**
 * Every state-changing route of the API as the fuzz tests see it: a valid request (base body, path
 * parameters from the fixtures) and, per field, the values the contract refuses (inputs.ts). Shared by
 * the random fuzz (fuzz.int.test.ts) and the boundary fuzz (boundaries.int.test.ts).
 */
export type { Fixtures, Role, Spec } from './spec.ts';

// --- Fields and parameters ----------------------------------------------------------------------------

export const USER_ID = USER_ID_PATTERN;
export { invalidParam, wellFormed } from './inputs.ts';

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
const addressFields = {
  address: cardText(5),
  city: cardText(2),
  state: cardText(2),
  zipCode: cardText(3),
  country: cardText(2),
};

// --- Every state-changing route -----------------------------------------------------------------------

export const SPECS: Spec[] = [
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
        ...REAUTH_FIELDS,
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
        ...REAUTH_FIELDS,
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
    route: 'POST /api/cards/:id/upgrade',
    params: { id: ownCard },
    body: {
      base: () => ({ tier: 'ruby' }),
      required: ['tier'],
      fields: { tier: field(oneOf(...CARD_TIERS)) },
    },
  },
  {
    route: 'POST /api/cards/:id/stake',
    params: { id: ownCard },
    body: {
      base: () => ({ tier: 'gold' }),
      required: ['tier'],
      fields: { tier: field(oneOf(...CARD_TIERS)) },
    },
  },
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
        address: '0x1234567890abcdef1234567890abcdef12345678',
        chain: 'ethereum',
        notes: 'fuzz',
        // The fuzz user's password (testing/testApp.ts): the re-authentication a withdrawal asks for.
        password: 'correct-horse',
      }),
      required: ['currency', 'amount', 'address', 'chain'],
      fields: {
        currency: field(oneOf(...CRYPTO_ASSETS)),
        amount: crypto8,
        address: field(text({ trim: true, min: 10, max: 128, pattern: /^[A-Za-z0-9:._-]+$/ })),
        chain: field(oneOf(...WITHDRAWAL_NETWORKS.ETH)),
        notes: freeText(300),
        ...REAUTH_FIELDS,
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
        ...REAUTH_FIELDS,
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
        ...REAUTH_FIELDS,
      },
    },
  },
  {
    // A real pending deposit, so the amount reaches the handler's exact parse for the deposit's asset.
    route: 'PATCH /api/admin/crypto/deposits/:id',
    params: { id: uuidParam((f) => f.pendingDeposit) },
    body: {
      // With the admin's password, so that a valid amount is confirmed (the fuzz admin's, harness.ts).
      base: () => ({ action: 'confirm', amount: '1', password: FUZZ_ADMIN_PASSWORD }),
      required: ['action', 'amount'],
      fields: {
        action: field((v) => v === 'confirm'),
        amount: crypto8,
        ...REAUTH_FIELDS,
      },
    },
  },
  {
    route: 'PATCH /api/admin/crypto/withdrawals/:id',
    params: { id: uuidParam() },
    body: {
      base: () => ({ action: 'fail', reason: 'fuzz test' }),
      required: ['action', 'reason'],
      fields: {
        action: field((v) => v === 'fail'),
        reason: freeText(300, 3),
        ...REAUTH_FIELDS,
      },
    },
  },
  // A liabilities statement made now (admins only, no body): 403 for a user, else the statement.
  { route: 'POST /api/admin/ledger/liabilities' },
  ...APPROVAL_SPECS,
  ...SETTINGS_SPECS,
  ...DEPOSIT_ADDRESS_SPECS,
  ...ERASURE_SPECS,
  ...ACCOUNT_SECURITY_SPECS,
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
