import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { isUserId, type UserId } from '../../domain/shared/ids.ts';
import type { Pool } from '../../infra/postgres/pool.ts';
import type { Device } from './device.ts';
import { sessionCacheOf, sessionRow } from './sessionCache.ts';
import {
  insertSession,
  liveSessionsOf,
  renewSessionRow,
  revokeSessionRow,
  revokeSessionRowsOfUser,
  unrevokedSessionIds,
} from './sessions.table.ts';

/**
 * Sessions: a short-lived HS256 JWT (algorithm pinned) in an httpOnly cookie, backed by a `sessions` row
 * so logout, password change and suspension revoke it on the server. The JWT's `exp` is the idle
 * deadline; it is renewed while the user is active, never past the absolute lifetime (longer with
 * remember-me).
 */
export interface SessionSettings {
  secret: Uint8Array;
  idleMs: number;
  absoluteMs: number;
  rememberAbsoluteMs: number;
  /** Re-issue the cookie when the token is older than this. */
  renewAfterMs: number;
}

export interface SessionClaims {
  sessionId: string;
  userId: UserId;
  isAdmin: boolean;
  issuedAt: number;
}

export interface IssuedSession {
  sessionId: string;
  token: string;
  /** Cookie lifetime in seconds; undefined for a browser-session cookie. */
  maxAgeSeconds: number | undefined;
}

const ISSUER = 'sai-wallet';
const AUDIENCE = 'sai-wallet-web';

/**
 * Signs a session token and records it as verified in this process: the process that signed a token
 * needs no HMAC check to trust it (a sign-in's or a renewal's next request then costs no verification
 * here; another API process still verifies it once). The claims recorded are the token's own, as
 * verifySessionToken would read them back (sessions.int.test.ts holds the two equal).
 */
async function sign(settings: SessionSettings, claims: Omit<SessionClaims, 'issuedAt'>, expiresAt: Date) {
  const issuedAtSeconds = Math.floor(Date.now() / 1000);
  const expiresAtSeconds = Math.floor(expiresAt.getTime() / 1000);
  const token = await new SignJWT({ sid: claims.sessionId, adm: claims.isAdmin })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAtSeconds)
    .setExpirationTime(expiresAtSeconds)
    .sign(settings.secret);
  rememberVerified(settings, token, {
    claims: {
      sessionId: claims.sessionId,
      userId: claims.userId,
      isAdmin: claims.isAdmin,
      issuedAt: issuedAtSeconds * 1000,
    },
    expiresAt: expiresAtSeconds * 1000,
  });
  return token;
}

/** Where a session was opened from (the security centre lists it; nothing else reads it). */
export interface SessionOrigin extends Device {
  /** The client's address (clientIp, as the sign-in's rate limit sees it). */
  address: string | null;
}

export async function createSession(
  db: Pool,
  settings: SessionSettings,
  user: { userId: UserId; isAdmin: boolean },
  remember: boolean,
  now = new Date(),
  origin: SessionOrigin = { browser: null, os: null, address: null },
): Promise<IssuedSession> {
  const sessionId = randomBytes(18).toString('base64url');
  const absolute = new Date(now.getTime() + (remember ? settings.rememberAbsoluteMs : settings.absoluteMs));
  const idle = new Date(Math.min(now.getTime() + settings.idleMs, absolute.getTime()));
  await insertSession(db, { id: sessionId, ...user, remember, now, idle, absolute, ...origin });
  // Its row says it was seen now: the first requests need not say it again.
  sessionCacheOf(db)?.lastSeen.seen(sessionId, now.getTime());
  const token = await sign(settings, { sessionId, ...user }, idle);
  return {
    sessionId,
    token,
    maxAgeSeconds: remember ? Math.floor((absolute.getTime() - now.getTime()) / 1000) : undefined,
  };
}

/**
 * Tokens already verified, with their expiry: an HMAC check per request is a tenth of the API's CPU under
 * load, and the answer for one token string cannot change before it expires. Bounded, oldest out first.
 * (Whether the session still stands is asked of the database on every request all the same.)
 */
const verified = new WeakMap<SessionSettings, Map<string, { claims: SessionClaims; expiresAt: number }>>();
const VERIFIED_CAPACITY = 20_000;

function verifiedTokens(settings: SessionSettings) {
  let known = verified.get(settings);
  if (!known) {
    known = new Map();
    verified.set(settings, known);
  }
  return known;
}

function rememberVerified(
  settings: SessionSettings,
  token: string,
  entry: { claims: SessionClaims; expiresAt: number },
): void {
  const known = verifiedTokens(settings);
  known.set(token, entry);
  if (known.size > VERIFIED_CAPACITY) known.delete(known.keys().next().value!);
}

export async function verifySessionToken(
  settings: SessionSettings,
  token: string,
): Promise<SessionClaims | null> {
  const known = verifiedTokens(settings);
  const hit = known.get(token);
  if (hit) {
    if (hit.expiresAt > Date.now()) return hit.claims;
    known.delete(token);
  }
  const claims = await verifyUncached(settings, token);
  if (claims) rememberVerified(settings, token, claims);
  return claims?.claims ?? null;
}

async function verifyUncached(
  settings: SessionSettings,
  token: string,
): Promise<{ claims: SessionClaims; expiresAt: number } | null> {
  try {
    const { payload } = await jwtVerify(token, settings.secret, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['exp', 'iat', 'sub'],
    });
    if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string' || !isUserId(payload.sub))
      return null;
    return {
      claims: {
        sessionId: payload.sid,
        userId: payload.sub,
        isAdmin: payload.adm === true,
        issuedAt: (payload.iat ?? 0) * 1000,
      },
      expiresAt: (payload.exp ?? 0) * 1000,
    };
  } catch {
    return null;
  }
}

/**
 * Checks the token's session on the server. Returns the live session and, when it is due, a renewed
 * token (idle deadline pushed forward) to set as the new cookie.
 */
export async function resumeSession(
  db: Pool,
  settings: SessionSettings,
  token: string,
  now = new Date(),
): Promise<{ claims: SessionClaims; renewed: IssuedSession | null } | null> {
  const claims = await verifySessionToken(settings, token);
  if (!claims) return null;
  const row = await sessionRow(db, claims.sessionId);
  if (!row || row.revoked_at || row.user_id !== claims.userId) return null;
  if (row.idle_expires_at <= now || row.absolute_expires_at <= now) return null;
  const live: SessionClaims = { ...claims, isAdmin: row.is_admin };
  // Off the request path: a map look-up here, a batched write on a timer (lastSeen.ts).
  sessionCacheOf(db)?.lastSeen.seen(claims.sessionId, now.getTime());
  if (now.getTime() - claims.issuedAt < settings.renewAfterMs) return { claims: live, renewed: null };
  const idle = new Date(Math.min(now.getTime() + settings.idleMs, row.absolute_expires_at.getTime()));
  // The row is written at most once per renewal period: a client that does not keep the renewed cookie
  // (a script, a load generator) presents its old token on every request, and each would otherwise write
  // the row again (measured: one UPDATE per request, a third of Postgres's time; BENCHMARKS.md, stop 18).
  // Its idle expiry then trails by less than a period, as it does between a browser's renewals.
  if (row.idle_expires_at.getTime() < idle.getTime() - settings.renewAfterMs) {
    await renewSessionRow(db, claims.sessionId, now, idle);
  }
  const renewedToken = await sign(settings, live, idle);
  return {
    claims: live,
    renewed: {
      sessionId: claims.sessionId,
      token: renewedToken,
      maxAgeSeconds: row.remember
        ? Math.floor((row.absolute_expires_at.getTime() - now.getTime()) / 1000)
        : undefined,
    },
  };
}

/**
 * Revocations are forgotten by this process's session cache as soon as they commit, and the answer waits
 * until every other process has forgotten them too (the table's trigger announces them; see
 * `SessionCache.propagated` in app/auth/sessionCache.ts).
 */
export async function revokeSession(db: Pool, sessionId: string, reason: string): Promise<void> {
  const rowCount = await revokeSessionRow(db, sessionId, reason);
  const cache = sessionCacheOf(db);
  cache?.forget([sessionId]);
  // Only a row the statement changed is announced (the trigger fires per changed row).
  if (rowCount) await cache?.propagated();
}

/** Ends every session of a user (password change, suspension, role change), optionally keeping one. */
export async function revokeUserSessions(
  db: Pool,
  userId: UserId,
  reason: string,
  keep?: string,
): Promise<number> {
  const ids = await revokeSessionRowsOfUser(db, userId, reason, keep ?? null);
  const cache = sessionCacheOf(db);
  cache?.forget(ids);
  if (ids.length > 0) await cache?.propagated();
  return ids.length;
}

/**
 * A session's public name: the session id is the server's key (whoever holds it could look the session up),
 * so lists and sign-out requests name a session by a hash of it instead.
 */
export function publicSessionId(sessionId: string): string {
  return createHash('sha256').update(`sai-session:${sessionId}`).digest('base64url').slice(0, 22);
}

export interface ListedSession extends SessionOrigin {
  id: string;
  createdAt: Date;
  lastSeenAt: Date;
  current: boolean;
}

/** The most sessions a list shows (newest first); an older one still ends with "sign out all others". */
export const LISTED_SESSIONS = 50;

/** A user's live sessions, this one first, then the most recently seen. */
export async function listSessions(
  db: Pool,
  userId: UserId,
  currentSessionId: string,
  now = new Date(),
): Promise<ListedSession[]> {
  const rows = await liveSessionsOf(db, userId, now, LISTED_SESSIONS);
  // What this process noted and has not written yet (at most a flush period old) is newer than the row.
  const noted = sessionCacheOf(db)?.lastSeen;
  const listed = rows.map((row) => {
    const latest = noted?.latest(row.id) ?? 0;
    return {
      id: publicSessionId(row.id),
      browser: row.browser,
      os: row.os,
      address: row.address,
      createdAt: row.created_at,
      lastSeenAt: latest > row.last_seen_at.getTime() ? new Date(latest) : row.last_seen_at,
      current: row.id === currentSessionId,
    };
  });
  return listed.sort(
    (a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.getTime() - a.lastSeenAt.getTime(),
  );
}

/**
 * Ends one of the user's own sessions, named by its public id. False when the user has no live session of
 * that name (someone else's session is not theirs to name: the same answer as an unknown one).
 */
export async function revokeOwnSession(
  db: Pool,
  userId: UserId,
  publicId: string,
  reason: string,
): Promise<{ revoked: false } | { revoked: true; sessionId: string }> {
  const match = (await unrevokedSessionIds(db, userId)).find((id) => publicSessionId(id) === publicId);
  if (!match) return { revoked: false };
  await revokeSession(db, match, reason);
  return { revoked: true, sessionId: match };
}
