import { randomUUID } from 'node:crypto';
import { field, invalidEmail, invalidParam, REAUTH_FIELDS, text } from './inputs.ts';
import type { BodySpec, ParamSpec, Spec } from './spec.ts';

/** A session's public id (api/account/sessions.routes.ts): 22 base64url characters. */
const SESSION_PUBLIC_ID = /^[A-Za-z0-9_-]{22}$/;
const sessionIdParam: ParamSpec = {
  valid: () => randomUUID().replaceAll('-', '').slice(0, 22),
  invalid: invalidParam((s) => SESSION_PUBLIC_ID.test(s)),
};

const passkeyName = field(text({ trim: true, min: 1, max: 50, control: 'names' }), { hostile: true });
const UNSIGNED_ASSERTION = {
  id: 'AAAAAAAAAAAAAAAAAAAAAA',
  rawId: 'AAAAAAAAAAAAAAAAAAAAAA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
  clientExtensionResults: {},
};
const UNSIGNED_REGISTRATION = {
  id: 'AAAAAAAAAAAAAAAAAAAAAA',
  rawId: 'AAAAAAAAAAAAAAAAAAAAAA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'oA' },
  clientExtensionResults: {},
};

const bool = field((v) => typeof v === 'boolean');
const password = field(text({ min: 6, max: 128 }));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const passkeyId: ParamSpec = { valid: () => randomUUID(), invalid: invalidParam((s) => UUID.test(s)) };

/** A new password through a mailed link (a reset, a reclaim): one schema (newPasswordByLinkSchema). */
const newPasswordByLink: BodySpec = {
  base: () => ({ token: 'a'.repeat(43), newPassword: 'new-pass-1', confirmPassword: 'new-pass-1' }),
  required: ['token', 'newPassword', 'confirmPassword'],
  fields: {
    token: field(text({ min: 1, max: 100 })),
    newPassword: password,
    confirmPassword: field((v) => v === 'new-pass-1'),
  },
};

/**
 * The account's security routes (password reset, e-mail change, sessions, passkeys), as specs.ts describes
 * every state-changing route.
 */
export const ACCOUNT_SECURITY_SPECS: Spec[] = [
  {
    route: 'POST /api/auth/password-reset',
    body: {
      base: () => ({ email: 'nobody@example.com' }),
      required: ['email'],
      fields: { email: invalidEmail },
    },
  },
  {
    route: 'POST /api/auth/password-reset/confirm',
    body: newPasswordByLink,
  },
  {
    route: 'POST /api/auth/email-change/confirm',
    body: {
      base: () => ({ token: 'a'.repeat(43) }),
      required: ['token'],
      // The password is asked for only away from the session that asked for the change.
      fields: { token: field(text({ min: 1, max: 100 })), password: REAUTH_FIELDS.password },
    },
  },
  // E-mail verification (api/auth/emailVerification.routes.ts): the resend takes no body.
  { route: 'POST /api/auth/verify-email' },
  {
    route: 'POST /api/auth/verify-email/confirm',
    body: {
      base: () => ({ token: 'a'.repeat(43) }),
      required: ['token'],
      // The password is asked for only outside a session of the account the link is for.
      fields: { token: field(text({ min: 1, max: 100 })), password: REAUTH_FIELDS.password },
    },
  },
  {
    route: 'POST /api/auth/verify-email/reclaim',
    body: newPasswordByLink,
  },
  {
    route: 'POST /api/account/email',
    body: {
      base: () => ({ newEmail: 'fuzz@example.com', currentPassword: 'not-the-password' }),
      required: ['newEmail', 'currentPassword'],
      fields: { newEmail: invalidEmail, currentPassword: field(text({ min: 1, max: 128 })) },
    },
  },
  { route: 'POST /api/account/sessions/sign-out-others' },
  { route: 'DELETE /api/account/sessions/:id', params: { id: sessionIdParam } },
  // Passkeys: WebAuthn answers shaped right but signed by nobody (api/auth/passkeys.int.test.ts signs real ones).
  { route: 'POST /api/auth/passkeys/sign-in/options' },
  {
    route: 'POST /api/auth/passkeys/sign-in',
    body: {
      base: () => ({ response: UNSIGNED_ASSERTION }),
      required: ['response'],
      fields: { rememberMe: bool },
    },
  },
  {
    route: 'POST /api/account/passkeys/options',
    body: { base: () => ({ password: 'wrong-password' }), required: [], fields: REAUTH_FIELDS },
  },
  {
    route: 'POST /api/account/passkeys',
    body: {
      base: () => ({ name: 'Key', response: UNSIGNED_REGISTRATION }),
      required: ['name', 'response'],
      fields: { name: passkeyName },
    },
  },
  {
    route: 'PATCH /api/account/passkeys/:id',
    params: { id: passkeyId },
    body: { base: () => ({ name: 'Key' }), required: ['name'], fields: { name: passkeyName } },
  },
  {
    route: 'DELETE /api/account/passkeys/:id',
    params: { id: passkeyId },
    body: { base: () => ({ password: 'wrong-password' }), required: [], fields: REAUTH_FIELDS },
  },
];
