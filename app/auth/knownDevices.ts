import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { UserId } from '../../domain/shared/ids.ts';
import type { Pool } from '../../infra/postgres/pool.ts';
import { sameDeviceAndPlace } from './device.ts';
import { recentOrigins } from './sessions.table.ts';
import type { SessionOrigin } from './sessions.ts';

/**
 * Which sign-ins the bell announces (docs/security.md, "Sign-in notifications"): one from a new device or
 * a new place, not every one. A device is a browser that signed in to the account before, shown by a
 * device cookie the server issued it then (`deviceToken`: a random id bound to the account by an HMAC,
 * so it cannot be forged or moved to another account, and it says nothing about the person); a place is
 * the network (device.ts, `networkPrefix`). Known means both: the browser brings the account's device
 * cookie, and a session of the account still kept was opened with the same browser and OS on the same
 * network. Anything else is announced.
 */

/** How long a browser stays a known device without signing in again. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

/** The most sessions of one user the check looks through (a person has a handful). */
const CHECKED_SESSIONS = 200;

function mac(secret: Uint8Array, userId: UserId, deviceId: string): string {
  return createHmac('sha256', secret).update(`sai-wallet:device:${userId}:${deviceId}`).digest('base64url');
}

/** The device id a token carries, when the token was issued for this account; else null. */
export function deviceIdOf(secret: Uint8Array, userId: UserId, token: string | undefined): string | null {
  if (!token || token.length > 200) return null;
  const [deviceId, given, extra] = token.split('.');
  if (!deviceId || !given || extra !== undefined) return null;
  const expected = Buffer.from(mac(secret, userId, deviceId));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? deviceId : null;
}

/** The device cookie's value for this account: the browser's own id again when it has one, else a new one. */
export function deviceToken(secret: Uint8Array, userId: UserId, presented: string | undefined): string {
  const deviceId = deviceIdOf(secret, userId, presented) ?? randomBytes(16).toString('base64url');
  return `${deviceId}.${mac(secret, userId, deviceId)}`;
}

/**
 * Whether this sign-in comes from a device and place the account knows. Asked before the new session's
 * row is written; ended sessions count while their rows are kept (app/maintenance/purge.ts).
 */
export async function knownDevice(
  db: Pool,
  secret: Uint8Array,
  userId: UserId,
  origin: SessionOrigin,
  presented: string | undefined,
): Promise<boolean> {
  if (deviceIdOf(secret, userId, presented) === null) return false;
  if (!origin.browser || !origin.os || !origin.address) return false;
  const rows = await recentOrigins(db, userId, origin.browser, origin.os, CHECKED_SESSIONS);
  return rows.some((row) => sameDeviceAndPlace(origin, row));
}
