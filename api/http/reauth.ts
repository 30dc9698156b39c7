import { z } from 'zod';
import { loadPasswordHash } from '../../app/auth/credentials.table.ts';
import { timingDummyHash, verifySecret } from '../../app/auth/credentials.ts';
import {
  checkReauthentication,
  type ReauthenticationMethod,
  type ReauthenticationProof,
} from '../../app/auth/reauth.ts';
import type { StepUp } from '../../domain/accounts/stepUp.ts';
import { StepUpRequiredError } from '../../domain/shared/errors.ts';
import type { UserId } from '../../domain/shared/ids.ts';
import type { Deps } from '../deps.ts';
import { limited } from './limits.ts';
import { HttpProblem, PROBLEM_TYPES } from './problem.ts';

/** The body fields that carry a re-authentication: never logged, never part of an idempotency hash. */
export const REAUTHENTICATION_FIELDS = ['totpCode', 'password'] as const;

/** The request fields of a re-authentication: the code when 2FA is on, else the password. */
export const reauthenticationFields = {
  totpCode: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app')
    .optional(),
  password: z.string().min(1).max(128).optional(),
};

const NEEDED = {
  totp: 'Enter the 6-digit code from your authenticator app to confirm',
  password: 'Enter your password to confirm',
} as const;
const WRONG = {
  totp: 'That code is not valid, or was already used. Wait for the next code and try again.',
  password: 'That password is not correct',
} as const;
const FIELD = { totp: 'totpCode', password: 'password' } as const;

/** What a route declares for its 401s (api/openapi). */
export const REAUTHENTICATION_401 =
  'No valid session; or the re-authentication is missing (type reauthentication-required, the message says whether the authenticator code or the password) or wrong (reauthentication-failed; a TOTP code works once)';

/**
 * Requires a fresh proof of the account holder for a high-value command (app/auth/reauth.ts), or throws
 * a 401 Problem: `reauthentication-required` naming the proof, or `reauthentication-failed`. Guesses are
 * limited per user like sign-in's: the authenticator code shares sign-in's `totp` budget, the password
 * the password change's, so the withdrawal endpoint is no side door for brute force. A success resets it.
 */
export async function requireReauthentication(
  deps: Deps,
  userId: UserId,
  proof: ReauthenticationProof,
): Promise<void> {
  const limit = { totp: 'totp', password: 'password' } as const;
  const check = await checkReauthentication(deps, userId, proof, (method) =>
    limited(deps, limit[method], userId),
  );
  if (check.outcome !== 'verified') throw reauthenticationProblem(check.outcome, check.method);
  await deps.limits.reset(limit[check.method], userId);
}

/**
 * The account's password as the proof, whether or not 2FA is on: for a step whose question is "is this the
 * holder who asked?", not "is this the account's strongest factor?" (an e-mail change confirmed away from
 * the session that asked for it, docs/security.md "Account recovery"). The same contract and limit as the
 * password proof of `requireReauthentication`.
 */
export async function requirePassword(
  deps: Deps,
  userId: UserId,
  password: string | undefined,
): Promise<void> {
  if (!password) throw reauthenticationProblem('required', 'password');
  await limited(deps, 'password', userId);
  const hash = await loadPasswordHash(deps.pool, userId);
  const ok = await verifySecret(hash ?? (await timingDummyHash()), password);
  if (!ok || hash === null) throw reauthenticationProblem('failed', 'password');
  await deps.limits.reset('password', userId);
}

function reauthenticationProblem(
  outcome: 'required' | 'failed',
  method: ReauthenticationMethod,
): HttpProblem {
  const field = FIELD[method];
  if (outcome === 'required') {
    return new HttpProblem(401, NEEDED[method], {
      type: PROBLEM_TYPES.reauthenticationRequired,
      code: 'reauthentication_required',
      fieldErrors: { [field]: NEEDED[method] },
    });
  }
  return new HttpProblem(401, WRONG[method], {
    type: PROBLEM_TYPES.reauthenticationFailed,
    code: 'reauthentication_failed',
    fieldErrors: { [field]: WRONG[method] },
  });
}

/**
 * A transfer under the step-up rule (docs/security.md, "Step-up for transfers"; domain/accounts/stepUp.ts):
 * decided first without a proof, so a transfer the rule lets through never costs a password check, and a
 * proof sent with it is then not looked at. Only when the decider refuses for want of one is the proof
 * checked (401 `reauthentication-required` without it, `reauthentication-failed` when wrong, as for a
 * withdrawal) and the transfer decided again as proven. The first decision appended nothing.
 */
export async function withStepUp<T>(
  deps: Deps,
  userId: UserId,
  proof: ReauthenticationProof,
  run: (stepUp: Exclude<StepUp, 'system'>) => Promise<T>,
): Promise<T> {
  try {
    return await run('unproven');
  } catch (error) {
    if (!(error instanceof StepUpRequiredError)) throw error;
  }
  await requireReauthentication(deps, userId, proof);
  return await run('proven');
}
