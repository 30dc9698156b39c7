import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pseudonym } from './pseudonyms.ts';
import {
  type DataKey,
  isSealedValue,
  masterKeyId,
  open,
  type SealedValue,
  SealedValueError,
  seal,
  unwrapDataKey,
  wrapDataKey,
} from './sealing.ts';

const alice: DataKey = { subjectId: 'user-alice', key: randomBytes(32) };
const bob: DataKey = { subjectId: 'user-bob', key: randomBytes(32) };
const AD = 'UserRegistered.email:evt-1';

/** Flips one bit of a base64url field. */
function flip(text: string, byte = 0): string {
  const bytes = Buffer.from(text, 'base64url');
  bytes[byte] = bytes[byte]! ^ 0x01;
  return bytes.toString('base64url');
}

describe('sealing personal data', () => {
  it('round-trips text (Unicode included) and never shows the plaintext in the envelope', () => {
    for (const text of ['alice@example.com', 'Zoë Ōkubo, 12 rue de la Paix 🏠', '']) {
      const sealed = seal(alice, text, AD);
      expect(isSealedValue(sealed)).toBe(true);
      expect(JSON.stringify(sealed)).not.toContain('alice@example.com');
      expect(open(alice, JSON.parse(JSON.stringify(sealed)), AD)).toEqual({ ok: true, value: text });
    }
  });

  it('uses a fresh IV each time: the same value sealed twice gives two ciphertexts', () => {
    const a = seal(alice, 'same', AD);
    const b = seal(alice, 'same', AD);
    expect(a.iv).not.toBe(b.iv);
    expect(a.ct).not.toBe(b.ct);
  });

  it('fails with another key, even under the same subject id', () => {
    const sealed = seal(alice, 'secret', AD);
    const impostor: DataKey = { subjectId: alice.subjectId, key: randomBytes(32) };
    expect(() => open(impostor, sealed, AD)).toThrow(SealedValueError);
    expect(() => open(bob, sealed, AD)).toThrow(/another subject/);
  });

  it('fails on a tampered ciphertext, tag or IV, and on a subject rewritten to another person', () => {
    const sealed = seal(alice, 'Main Street 1', AD);
    for (const tampered of [
      { ...sealed, ct: flip(sealed.ct) },
      { ...sealed, tag: flip(sealed.tag) },
      { ...sealed, iv: flip(sealed.iv) },
    ]) {
      expect(() => open(alice, tampered, AD)).toThrow(SealedValueError);
    }
    // Moved to Bob's name and opened with Bob's key: the subject is bound into the associated data.
    const moved: SealedValue = { ...seal(alice, 'x', AD), s: bob.subjectId };
    expect(() => open(bob, moved, AD)).toThrow(SealedValueError);
  });

  it('binds the associated data: a value moved to another field or event does not open', () => {
    const sealed = seal(alice, 'alice@example.com', AD);
    expect(() => open(alice, sealed, 'UserRegistered.email:evt-2')).toThrow(SealedValueError);
    expect(() => open(alice, sealed, 'UserRegistered.username:evt-1')).toThrow(SealedValueError);
    expect(open(alice, sealed, AD)).toEqual({ ok: true, value: 'alice@example.com' });
  });

  it('answers erased, distinguishably, once the key is gone; refuses what is not an envelope', () => {
    const sealed = seal(alice, 'alice@example.com', AD);
    expect(open('erased', sealed, AD)).toEqual({ ok: false, reason: 'erased' });
    expect(() => open(alice, { v: 2 } as unknown as SealedValue, AD)).toThrow(/known format/);
  });
});

describe('wrapping data keys with the master key', () => {
  it('unwraps only with the master key that wrapped it and for the subject it was wrapped for', () => {
    const master = randomBytes(32);
    const wrapped = wrapDataKey(master, 'user-alice', alice.key);
    expect(wrapped.length).toBe(12 + 16 + 32);
    expect(wrapped.includes(alice.key)).toBe(false);
    expect(unwrapDataKey(master, 'user-alice', wrapped).equals(alice.key)).toBe(true);
    expect(() => unwrapDataKey(randomBytes(32), 'user-alice', wrapped)).toThrow(SealedValueError);
    expect(() => unwrapDataKey(master, 'user-bob', wrapped)).toThrow(SealedValueError);
    const tampered = Buffer.from(wrapped);
    tampered[40] = tampered[40]! ^ 1;
    expect(() => unwrapDataKey(master, 'user-alice', tampered)).toThrow(SealedValueError);
  });

  it('names a master key by a stable fingerprint that is not the key', () => {
    const master = randomBytes(32);
    expect(masterKeyId(master)).toMatch(/^[0-9a-f]{16}$/);
    expect(masterKeyId(Buffer.from(master))).toBe(masterKeyId(master));
    expect(masterKeyId(randomBytes(32))).not.toBe(masterKeyId(master));
    expect(master.toString('hex')).not.toContain(masterKeyId(master));
  });

  it('refuses keys that are not 32 bytes', () => {
    expect(() => wrapDataKey(randomBytes(16), 's', alice.key)).toThrow(/32 bytes/);
    expect(() => seal({ subjectId: 's', key: randomBytes(31) }, 'x', AD)).toThrow(/32 bytes/);
  });
});

describe('pseudonyms', () => {
  const key = randomBytes(32);

  it('are stable for one key, differ by kind and by key, and hide the value', () => {
    const a = pseudonym(key, 'email', 'alice@example.com');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(pseudonym(key, 'email', 'alice@example.com')).toBe(a);
    expect(pseudonym(key, 'username', 'alice@example.com')).not.toBe(a);
    expect(pseudonym(randomBytes(32), 'email', 'alice@example.com')).not.toBe(a);
    expect(pseudonym(key, 'email', 'bob@example.com')).not.toBe(a);
    expect(a).not.toContain('alice');
  });

  it('refuse an empty value, a malformed kind and a short key', () => {
    expect(() => pseudonym(key, 'email', '')).toThrow(/empty/);
    expect(() => pseudonym(key, 'e-mail\0', 'x')).toThrow(/kind/);
    expect(() => pseudonym(randomBytes(16), 'email', 'x')).toThrow(/32 bytes/);
  });
});
