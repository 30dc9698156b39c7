import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { UserId } from '../../domain/shared/ids.ts';
import type { Pool, PoolClient } from '../../infra/postgres/pool.ts';
import { saveTotpSecret, spendTotpStep, totpSecretOf } from './totp.table.ts';

/**
 * TOTP two-factor authentication (docs/product-rules.md rule 5), RFC 6238 with the authenticator apps' defaults
 * (SHA-1, 6 digits, 30 s). The shared secret lives only in `totp_secrets`, encrypted with AES-256-GCM
 * (the user id is the associated data, so a row cannot be moved to another user); the log records only
 * that 2FA was enabled or disabled. The key is derived from the session secret with HKDF: rotating
 * SESSION_SECRET therefore makes enrolled secrets unreadable, and their owners must enrol again.
 */
export const TOTP_ISSUER = 'SAI Wallet';
export const TOTP_PERIOD_SECONDS = 30;
const PERIOD = TOTP_PERIOD_SECONDS;
const DIGITS = 6;
const ALGORITHM = 'SHA1';
const SECRET_BYTES = 20;
/** Codes of the previous and next time step are accepted too (clock drift). */
const WINDOW = 1;
const FORMAT = 'v1';

type Db = Pool | PoolClient;

export function totpEncryptionKey(sessionSecret: Uint8Array): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionSecret, 'sai-wallet', 'totp-secret-encryption-v1', 32));
}

export function encryptTotpSecret(key: Buffer, userId: string, secret: Uint8Array): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(userId, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(secret), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), ciphertext].map((b) => b.toString('base64url'));
  return [FORMAT, ...parts].join('.');
}

export function decryptTotpSecret(key: Buffer, userId: string, stored: string): Uint8Array {
  const [format, iv, tag, ciphertext] = stored.split('.');
  if (format !== FORMAT || !iv || !tag || ciphertext === undefined) {
    throw new Error('Unreadable TOTP secret record');
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(userId, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return new Uint8Array(
      Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]),
    );
  } catch {
    // No detail: the message must not help an attacker, and the secret is never logged.
    throw new Error('TOTP secret could not be decrypted (was SESSION_SECRET changed?)');
  }
}

function totpFor(secret: Uint8Array, label: string): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: ALGORITHM,
    digits: DIGITS,
    period: PERIOD,
    secret: new Secret({ buffer: Uint8Array.from(secret).buffer }),
  });
}

/**
 * Starts (or restarts) enrolment: a fresh secret, stored unconfirmed, replacing any earlier pending one.
 * The caller has checked that 2FA is not enabled. The URI and QR code are shown once, never again.
 */
export async function startTotpEnrolment(
  db: Db,
  key: Buffer,
  user: { userId: UserId; email: string },
): Promise<{ otpauthUri: string; qrCodeDataUrl: string }> {
  const secret = randomBytes(SECRET_BYTES);
  await saveTotpSecret(db, user.userId, encryptTotpSecret(key, user.userId, secret));
  const otpauthUri = totpFor(secret, user.email).toString();
  const qrCodeDataUrl = await QRCode.toDataURL(otpauthUri, {
    errorCorrectionLevel: 'M',
    margin: 2,
    width: 240,
  });
  return { otpauthUri, qrCodeDataUrl };
}

/**
 * Checks a code against the user's secret at `now` (±1 step). A code is good once: the step it matched
 * must be later than the last step used, recorded by a conditional update, so a replay (or a concurrent
 * second use) of the same code fails. With `confirm`, the secret is also marked confirmed.
 */
export async function verifyTotpCode(
  db: Db,
  key: Buffer,
  userId: UserId,
  code: string,
  now: Date,
  options: { confirm?: boolean } = {},
): Promise<boolean> {
  const secretEncrypted = await totpSecretOf(db, userId);
  if (secretEncrypted === null || !/^\d{6}$/.test(code)) return false;
  const secret = decryptTotpSecret(key, userId, secretEncrypted);
  const timestamp = now.getTime();
  const delta = totpFor(secret, userId).validate({ token: code, timestamp, window: WINDOW });
  if (delta === null) return false;
  const step = TOTP.counter({ period: PERIOD, timestamp }) + delta;
  return await spendTotpStep(db, { userId, step, secretEncrypted, confirm: options.confirm === true });
}
