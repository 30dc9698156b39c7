import { createHash, randomBytes } from 'node:crypto';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { UserId } from '../../domain/shared/ids.ts';
import type { Pool, PoolClient } from '../../infra/postgres/pool.ts';
import {
  type ChallengePurpose,
  deleteChallenge,
  deleteExpiredChallenges,
  insertChallenge,
  type PasskeyRow,
  passkeyByCredentialId,
  passkeysOf,
  recordPasskeyUse,
  takeChallengeRow,
} from './passkeys.table.ts';

/**
 * Passkeys (WebAuthn) with @simplewebauthn/server: the protocol's parsing and signature checks are the
 * library's; this file keeps the credentials and the challenges. Credentials are account security data
 * kept like the password hash (the `passkeys` table, never in the log); a challenge is stored only as its
 * SHA-256, is taken by the first verification that presents it (right or wrong), and expires after
 * CHALLENGE_TTL_MS. Every passkey is asked for user verification (fingerprint, face or device PIN), which
 * makes a passkey alone two factors: something held and something known or been.
 */
export const RP_NAME = 'SAI Wallet';
export const CHALLENGE_TTL_MS = 5 * 60_000;

type Db = Pool | PoolClient;

/** Where passkeys are valid: the RP ID is PUBLIC_URL's host name; the origins PUBLIC_URL and ALLOWED_ORIGINS. */
export interface RelyingParty {
  rpID: string;
  origins: string[];
}

export function relyingParty(config: { PUBLIC_URL: string; ALLOWED_ORIGINS: string }): RelyingParty {
  const rpID = new URL(config.PUBLIC_URL).hostname;
  const extra = config.ALLOWED_ORIGINS.split(',')
    .map((origin) => origin.trim())
    .filter((origin) => URL.canParse(origin) && new URL(origin).hostname === rpID);
  return { rpID, origins: [config.PUBLIC_URL, ...extra] };
}

/** What the owner sees of a passkey: never its key or credential id. */
export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export function summary(row: PasskeyRow): PasskeySummary {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

function challengeHash(challenge: string): string {
  return createHash('sha256').update(challenge, 'utf8').digest('hex');
}

/**
 * A fresh challenge: 32 random bytes, stored as the SHA-256 of their base64url text (what the browser's
 * client data carries back) for `purpose` and `userId`. Bytes, not text, go to the library's options: it
 * base64url-encodes whatever it is given.
 */
async function issueChallenge(
  db: Db,
  purpose: ChallengePurpose,
  userId: UserId | null,
  now: Date,
): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = new Uint8Array(randomBytes(32));
  const challenge = Buffer.from(bytes).toString('base64url');
  // Expired challenges go as new ones come: the table holds only the last few minutes' worth.
  await deleteExpiredChallenges(db, now);
  await insertChallenge(db, {
    challengeHash: challengeHash(challenge),
    purpose,
    userId,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
  });
  return bytes;
}

/**
 * Takes (deletes) the challenge a response carries: true only when it was issued for this purpose and
 * user and has not expired. Whatever the outcome, it can never be presented again.
 */
async function takeChallenge(
  db: Db,
  challenge: string,
  purpose: ChallengePurpose,
  userId: UserId | null,
  now: Date,
): Promise<boolean> {
  const row = await takeChallengeRow(db, challengeHash(challenge));
  return !!row && row.purpose === purpose && row.user_id === userId && row.expires_at > now;
}

/** Options for navigator.credentials.create(): a discoverable credential with user verification. */
export async function registrationOptions(
  db: Db,
  rp: RelyingParty,
  user: { userId: UserId; email: string; displayName: string },
  now: Date,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await passkeysOf(db, user.userId);
  return await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpID,
    userName: user.email,
    userDisplayName: user.displayName,
    // The user handle the authenticator stores and returns at sign-in: the user id, which is not secret.
    userID: new TextEncoder().encode(user.userId),
    challenge: await issueChallenge(db, 'register', user.userId, now),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    timeout: CHALLENGE_TTL_MS,
  });
}

/** A verified new credential, ready to store, or null when the response does not check out. */
export async function verifyRegistration(
  db: Db,
  rp: RelyingParty,
  userId: UserId,
  response: RegistrationResponseJSON,
  now: Date,
): Promise<Pick<PasskeyRow, 'credentialId' | 'publicKey' | 'counter' | 'transports'> | null> {
  try {
    const verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: (challenge) => takeChallenge(db, challenge, 'register', userId, now),
      expectedOrigin: rp.origins,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
    });
    if (!verified.verified) return null;
    const { credential } = verified.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports ?? [],
    };
  } catch {
    // Malformed, wrong challenge, origin or RP: the library throws; the caller answers one refusal.
    return null;
  }
}

/**
 * Options for navigator.credentials.get(). For a sign-in nobody is known yet: no credentials are listed
 * and the authenticator offers its discoverable ones. As a second factor the user's own are listed.
 */
export async function authenticationOptions(
  db: Db,
  rp: RelyingParty,
  purpose: 'sign_in' | 'second_factor',
  userId: UserId | null,
  now: Date,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const allow = userId
    ? (await passkeysOf(db, userId)).map((p) => ({ id: p.credentialId, transports: p.transports }))
    : undefined;
  return await generateAuthenticationOptions({
    rpID: rp.rpID,
    challenge: await issueChallenge(db, purpose, userId, now),
    ...(allow ? { allowCredentials: allow } : {}),
    userVerification: 'required',
    timeout: CHALLENGE_TTL_MS,
  });
}

/**
 * Checks an assertion: the credential is known (and, as a second factor, the user's own), the challenge
 * was issued for `purpose` (and that user), the signature and user verification check out and the
 * signature counter moved forward. Records the new counter and the time of use; null on any failure.
 */
export async function verifyAssertion(
  db: Db,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  purpose: 'sign_in' | 'second_factor',
  userId: UserId | null,
  now: Date,
): Promise<PasskeyRow | null> {
  const passkey = await passkeyByCredentialId(db, response.id);
  if (!passkey || (userId !== null && passkey.userId !== userId)) {
    // The challenge is spent all the same: a probe for credential ids costs the prober a fresh one.
    await takeChallengeOf(db, response);
    return null;
  }
  // The user handle, when the authenticator returns one, must name the credential's owner.
  const handle = response.response.userHandle;
  if (handle && Buffer.from(handle, 'base64url').toString('utf8') !== passkey.userId) {
    await takeChallengeOf(db, response);
    return null;
  }
  try {
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: (challenge) => takeChallenge(db, challenge, purpose, userId, now),
      expectedOrigin: rp.origins,
      expectedRPID: rp.rpID,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: passkey.counter,
      },
      requireUserVerification: true,
    });
    if (!verified.verified) return null;
    const counter = verified.authenticationInfo.newCounter;
    await recordPasskeyUse(db, passkey.id, counter, now);
    return { ...passkey, counter, lastUsedAt: now };
  } catch {
    return null;
  }
}

/** Spends the challenge a response's client data names, without checking anything else. */
async function takeChallengeOf(db: Db, response: AuthenticationResponseJSON): Promise<void> {
  try {
    const clientData = JSON.parse(
      Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8'),
    );
    if (typeof clientData?.challenge === 'string') {
      await deleteChallenge(db, challengeHash(clientData.challenge));
    }
  } catch {
    // Unreadable client data carries no challenge to spend.
  }
}
