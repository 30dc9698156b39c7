import { createHash } from 'node:crypto';

/** A version-5-style UUID (SHA-1 of a name): the same name always gives the same id, so ids derived from
 * events are the same after a rebuild and a re-run command appends the same event ids. */
export function nameBasedUuid(name: string): string {
  const hash = createHash('sha1').update('sai-wallet:').update(name).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
