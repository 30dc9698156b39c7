import { createHmac } from 'node:crypto';
import { assertKey32 } from './sealing.ts';

/**
 * Pseudonyms for values that must stay unique but may not appear in the log in clear: the e-mail and the
 * username of the uniqueness streams (`userEmail-<pseudonym>`, app/auth/uniqueStreams.ts). The same
 * normalised value always gives the same pseudonym, so two registrations of one e-mail still meet on one
 * stream; without PSEUDONYM_KEY nobody can compute it from a guessed e-mail (a plain hash could be).
 *
 * PSEUDONYM_KEY is never rotated: a new key would give every existing value a new stream name, and the
 * reservations held under the old names would no longer stop a second registration of the same value
 * (docs/decisions/0014-crypto-shredding.md).
 *
 * `normalisedValue` is the caller's canonical form (e.g. trimmed and lower-cased); this function does not
 * normalise, so one rule of normalisation stays where uniqueness is defined.
 */
export function pseudonym(pseudonymKey: Buffer, kind: string, normalisedValue: string): string {
  assertKey32(pseudonymKey, 'PSEUDONYM_KEY');
  if (!/^[a-z][a-zA-Z0-9]*$/.test(kind)) throw new Error(`Not a pseudonym kind: ${kind}`);
  if (normalisedValue === '') throw new Error('An empty value has no pseudonym');
  // The kind is part of the input, so the same text as an e-mail and as a username gives two pseudonyms.
  return createHmac('sha256', pseudonymKey).update(`${kind}\0${normalisedValue}`, 'utf8').digest('hex');
}
