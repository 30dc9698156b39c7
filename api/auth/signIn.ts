import type { Context } from 'hono';
import { deviceOf } from '../../app/auth/device.ts';
import { DEVICE_COOKIE_MAX_AGE_SECONDS, deviceToken, knownDevice } from '../../app/auth/knownDevices.ts';
import { recordProvenSignIn } from '../../app/auth/recovery.ts';
import { createSession, revokeSession, type SessionOrigin } from '../../app/auth/sessions.ts';
import { recordSignIn } from '../../app/auth/signIns.ts';
import { loadUser, type RegisteredUser } from '../../app/auth/users.service.ts';
import { requestMetadata } from '../../app/context.ts';
import { SUSPENDED_MESSAGE } from '../../domain/users/user.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import { HttpProblem } from '../http/problem.ts';
import { clientIp } from '../http/security.ts';
import { deviceCookie, setDeviceCookie, setSessionCookie } from '../http/session.ts';
import { currentUserJson, userJsonFromState } from './userJson.ts';

/** Where a request comes from, as a session records it: the browser and OS, and the client's address. */
export function sessionOrigin(c: Context<AppEnv>, deps: Deps): SessionOrigin {
  const address = clientIp(c, deps.config.TRUST_PROXY === '1');
  return { ...deviceOf(c.req.header('user-agent')), address: address === 'unknown' ? null : address };
}

/**
 * The end of every way of signing in (password, passkey): once the caller has proved who they are, the
 * account's status is checked, a session is opened and its cookie set, and the answer is the user as
 * the sign-in was decided on.
 */
export async function openSignedInSession(
  c: Context<AppEnv>,
  deps: Deps,
  user: RegisteredUser,
  remember: boolean,
): Promise<Response> {
  if (user.status === 'suspended')
    throw new HttpProblem(403, SUSPENDED_MESSAGE, { code: 'account_suspended' });
  const origin = sessionOrigin(c, deps);
  // Asked before this session's own row exists: is this a device and place the account knows?
  const presented = deviceCookie(c);
  const newDevice = !(await knownDevice(deps.pool, deps.sessions.secret, user.userId, origin, presented));
  const session = await createSession(
    deps.pool,
    deps.sessions,
    { userId: user.userId, isAdmin: user.isAdmin },
    remember,
    deps.now(),
    origin,
  );
  // A suspension appended after the check above either shows up here, or revokes this session itself
  // (it revokes after appending, and this session row is already written).
  const latest = await loadUser(deps, user.userId);
  if (latest?.status !== 'active') {
    await revokeSession(deps.pool, session.sessionId, 'suspended');
    throw new HttpProblem(403, SUSPENDED_MESSAGE, { code: 'account_suspended' });
  }
  // The bell's "New sign-in from …" (only from a new device or place): an event of its own stream, so the
  // notification is rebuilt from the log.
  // Recorded before the cookie is set (a failure leaves no one signed in), and without read-your-writes:
  // the reads after a sign-in do not wait for the notice.
  await recordSignIn(
    deps,
    user.userId,
    session.sessionId,
    { ...origin, newDevice },
    requestMetadata(user.userId, c.get('requestId')),
  ).catch(async (error: unknown) => {
    await revokeSession(deps.pool, session.sessionId, 'sign-in not recorded');
    throw error;
  });
  // Every way here passed each factor the account has: a reset by mail keeps the second factors enrolled
  // before this moment and removes later ones (app/auth/recovery.ts).
  await recordProvenSignIn(deps, user.userId, deps.now());
  setSessionCookie(c, session);
  setDeviceCookie(
    c,
    deviceToken(deps.sessions.secret, user.userId, presented),
    DEVICE_COOKIE_MAX_AGE_SECONDS,
  );
  // The read model may not have caught up with a reactivation or a role change that the check above
  // read from the log: the answer says what the sign-in was decided on.
  const shown = await currentUserJson(deps, user.userId);
  if (!shown) return c.json(userJsonFromState(latest));
  return c.json({ ...shown, status: latest.status, isAdmin: latest.isAdmin });
}
