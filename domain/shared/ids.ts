/**
 * Ids are chosen on the write side and stored in events, so a rebuilt read model has the same ids.
 * User ids are 8 characters (the spec's user id is 7 to 8 characters) from an alphabet without look-alikes.
 */
const USER_ID_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';

declare const brand: unique symbol;
/** A string known to be an id of one kind: a plain string must pass its parser (or be minted) first. */
export type Branded<Kind extends string> = string & { readonly [brand]: Kind };

export type UserId = Branded<'UserId'>;

/** The one definition of a well-formed user id (what was ever issued, older 7-character ids included). */
export const USER_ID_SOURCE = '[0-9a-z]{7,8}';
export const USER_ID_PATTERN = new RegExp(`^${USER_ID_SOURCE}$`);

export function newUserId(): UserId {
  const bytes = new Uint8Array(8);
  globalThis.crypto.getRandomValues(bytes);
  let id = '';
  // 256 % 31 leaves a small bias; ids are not secrets, only unique (uniqueness is enforced by the stream).
  for (const byte of bytes) id += USER_ID_ALPHABET[byte % USER_ID_ALPHABET.length];
  return id as UserId;
}

export function isUserId(value: string): value is UserId {
  return USER_ID_PATTERN.test(value);
}

/**
 * A user id from outside the type system (a JSON body a test or tool received, a row it read): checked,
 * then branded. Code on the request path gets its ids branded by the schemas and the session instead.
 */
export function parseUserId(value: string): UserId {
  if (!isUserId(value)) throw new TypeError(`Not a user id: ${JSON.stringify(value)}`);
  return value;
}

export function newId(): string {
  return globalThis.crypto.randomUUID();
}
