/**
 * Ids are chosen on the write side and stored in events, so a rebuilt read model has the same ids.
 * User ids are 8 characters (the spec's user id is 7 to 8 characters) from an alphabet without look-alikes.
 */
const USER_ID_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';

export function newUserId(): string {
  const bytes = new Uint8Array(8);
  globalThis.crypto.getRandomValues(bytes);
  let id = '';
  // 256 % 31 leaves a small bias; ids are not secrets, only unique (uniqueness is enforced by the stream).
  for (const byte of bytes) id += USER_ID_ALPHABET[byte % USER_ID_ALPHABET.length];
  return id;
}

export function isUserId(value: string): boolean {
  return /^[0-9a-z]{7,8}$/.test(value);
}

export function newId(): string {
  return globalThis.crypto.randomUUID();
}
