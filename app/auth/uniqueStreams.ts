import {
  normaliseUniqueValue,
  UNIQUE_STREAM_PREFIX,
  type UniqueKind,
} from '../../domain/users/uniqueValue.ts';
import { pseudonym } from '../privacy/pseudonyms.ts';

/**
 * The names of the uniqueness streams (domain/users/uniqueValue.ts): `userEmail-<pseudonym>` and
 * `userName-<pseudonym>`, the pseudonym being the keyed HMAC of the normalised value under
 * PSEUDONYM_KEY (app/privacy/pseudonyms.ts, 64 hex characters). The same e-mail, however it is typed,
 * always names the same stream, so two registrations racing for it still meet on one stream and the first
 * append wins; nobody without the key can tell from a stream name whose value it is.
 *
 * Every place that names a uniqueness stream calls `uniqueStream` (reservation, release, look-up by
 * e-mail, the data export): one normalisation, one name.
 */
export function uniqueStream(pseudonymKey: Buffer, kind: UniqueKind, value: string): string {
  return `${UNIQUE_STREAM_PREFIX[kind]}-${pseudonym(pseudonymKey, kind, normaliseUniqueValue(value))}`;
}

/**
 * The name the same stream had before pseudonyms: the normalised value in clear (`userEmail-ada@x.org`).
 * A log written by an earlier version holds its reservations under such names until the log is rewritten
 * (the upgrade moves them to the pseudonymous names); until then they must still be honoured: a value
 * reserved there by another user blocks a registration or a rename, and a release goes where the value
 * is held. Nothing new is ever reserved under a legacy name.
 *
 * Which policy, and why: the legacy stream is always read, concurrently with the current one, rather
 * than only when a per-process check has found legacy names in the log. Measured on the Postgres store,
 * in-process, registrations one at a time on 2 shared cores, four alternating runs of 300-600 each: a
 * registration without its password hash took a median 4.0-6.4 ms with the two legacy reads and
 * 4.9-6.9 ms without them (no difference beyond the noise); a read of a stream that does not exist is
 * one indexed look-up, median 0.09-0.23 ms; the whole registration, with the argon2 hash, 17-47 ms. A
 * check "does the log hold legacy names" would save that fraction of a millisecond but needs a query the
 * EventStore port does not have (EventStoreDB cannot answer it cheaply), and a cached "no" goes stale if
 * a process of the earlier version still writes (a rolling upgrade): what it reserved would not block
 * here. (Even so, old and new processes must not register side by side: the old one does not read the
 * pseudonymous names; docs/architecture/personal-data.md.) The look-up by e-mail
 * (sign-in, recipient look-up) reads the legacy name only when the current stream has no registered
 * holder, so a user whose reservation is under the new name pays nothing there. Once every deployment's
 * log is rewritten, the legacy reads can go.
 *
 * Legacy names are never 64 lower-case hex characters after the prefix: an e-mail has an `@`, and a
 * username is at most 32 characters; `isLegacyUniqueStream` tells them apart.
 */
export function legacyUniqueStream(kind: UniqueKind, value: string): string {
  return `${UNIQUE_STREAM_PREFIX[kind]}-${normaliseUniqueValue(value)}`;
}

/** Where a reservation of `value` may be held: its pseudonymous stream, then its legacy one. */
export function uniqueStreamsOf(pseudonymKey: Buffer, kind: UniqueKind, value: string): [string, string] {
  return [uniqueStream(pseudonymKey, kind, value), legacyUniqueStream(kind, value)];
}

export const UNIQUE_STREAM_NAME = /^(userEmail|userName)-[0-9a-f]{64}$/;

/** A uniqueness stream named by the value in clear, as an earlier version wrote it. */
export function isLegacyUniqueStream(name: string): boolean {
  return /^(userEmail|userName)-./.test(name) && !UNIQUE_STREAM_NAME.test(name);
}
