import { describe, expect, it } from 'vitest';
import { accountDecider } from '../accounts/account.ts';
import { contactMessageDecider } from '../contact/contactMessage.ts';
import { userDecider } from '../users/user.ts';
import { ValidationError } from './errors.ts';
import { parseUserId } from './ids.ts';
import { assertStoredText, textProblem } from './text.ts';

const alice = parseUserId('alice001');
const bob = parseUserId('bob00001');
const admin = parseUserId('admin001');

const line = (value: string) => textProblem(value, 'Description');
const lines = (value: string) => textProblem(value, 'Bio', { multiline: true });

describe('the stored-text rule', () => {
  it('accepts the text people write: accents, CJK, RTL letters, emoji and their sequences', () => {
    for (const value of [
      'Zürich Straße, café crème',
      '東京都 渋谷区 ありがとう',
      'مرحبا بالعالم',
      'שלום עולם',
      'Привет, Ελλάδα',
      'rent 🏠 and 🍕',
      '👩‍💻 pay day 👨‍👩‍👧‍👦',
      '🏳️‍🌈 party 👩🏽‍🚀 🏴‍☠️',
      '🏴󠁧󠁢󠁳󠁣󠁴󠁿 Scotland',
      '1️⃣ 🇫🇷',
      // Persian needs the non-joiner between letters; Devanagari conjuncts need the joiner.
      'می\u200Cخواهم',
      'क्\u200Dष',
      'e\u0301\u0301',
      '\u00a0non-breaking\u00a0',
      '',
    ]) {
      expect(line(value), value).toBeNull();
    }
  });

  it('refuses direction overrides and isolates, naming the field and the code point', () => {
    for (const c of [
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
    ]) {
      expect(line(`invoice ${c}fdp.exe`)).toMatch(
        /^Description contains an invisible text-direction character \(U\+/,
      );
    }
    expect(line('a\u200eb')).toBe('Description contains an invisible text-direction character (U+200E)');
    expect(line('a\u200fb')).toBe('Description contains an invisible text-direction character (U+200F)');
    expect(line('\u061c')).toBe('Description contains an invisible text-direction character (U+061C)');
    expect(lines('line one\n\u202Eenil')).toBe('Bio contains an invisible text-direction character (U+202E)');
  });

  it('refuses zero-width and other invisible characters, and joiners outside emoji or joining scripts', () => {
    expect(line('pay\u200bpal')).toBe('Description contains an invisible formatting character (U+200B)');
    expect(line('pay\u2060pal')).toBe('Description contains an invisible formatting character (U+2060)');
    expect(line('\ufeffhello')).toBe('Description contains an invisible formatting character (U+FEFF)');
    expect(line('soft\u00adhyphen')).toBe('Description contains an invisible formatting character (U+00AD)');
    expect(line('pay\u200dpal')).toBe('Description contains an invisible formatting character (U+200D)');
    expect(line('pay\u200cpal')).toBe('Description contains an invisible formatting character (U+200C)');
    expect(line('😀\u200d')).not.toBeNull();
    expect(line('\u200d😀')).not.toBeNull();
    expect(line('a\u200d😀')).not.toBeNull();
    // Tag characters are hidden text unless they spell a subdivision flag.
    expect(line('hi\u{E0068}\u{E0069}')).not.toBeNull();
  });

  it('refuses control characters; multi-line fields keep tab, line feed and CR LF only', () => {
    expect(line('a\u0000b')).toBe('Description contains a control character (U+0000)');
    expect(line('bell\u0007')).toBe('Description contains a control character (U+0007)');
    expect(line('del\u007f')).toBe('Description contains a control character (U+007F)');
    expect(line('c1\u0085')).toBe('Description contains a control character (U+0085)');
    expect(line('two\nlines')).toBe('Description must be a single line');
    expect(line('tab\there')).toBe('Description contains a control character (U+0009)');
    expect(line('a\u2028b')).toBe('Description must be a single line');
    expect(lines('one\ntwo\r\nthree\tfour')).toBeNull();
    expect(lines('carriage\rreturn')).toBe('Bio contains a line separator that is not a line break (U+000D)');
    expect(lines('a\u2029b')).toBe('Bio contains a line separator that is not a line break (U+2029)');
    expect(lines('esc\u001b[31m')).toBe('Bio contains a control character (U+001B)');
    expect(line('half \ud800')).toBe('Description contains an invalid character (an unpaired surrogate)');
  });
});

describe('the deciders apply the same rule to their commands', () => {
  const now = new Date('2026-11-23T10:00:00.000Z');

  it('throws a ValidationError naming the first offending field', () => {
    const thrown = (fields: Parameters<typeof assertStoredText>[0]) => {
      try {
        assertStoredText(fields);
        return null;
      } catch (error) {
        return error;
      }
    };
    const error = thrown({ a: ['fine', 'A'], b: ['bad\u202e', 'B'], c: ['bad\u0007', 'C'] });
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toBe(
      'B contains an invisible text-direction character (U+202E)',
    );
    expect((error as ValidationError).code).toBe('text_not_allowed');
    expect((error as ValidationError).attribute).toBe('b');
    expect(thrown({ a: ['', 'A'], b: [null, 'B'], c: ['line\none', 'C', { multiline: true }] })).toBeNull();
  });

  it('refuses a transfer description, a profile and a contact message with a direction override', () => {
    const funded = accountDecider.evolve(accountDecider.initialState(), {
      type: 'TokensMinted',
      data: {
        transactionId: 't0',
        userId: alice,
        asset: 'SAI',
        amount: '10',
        source: 'distribution',
        paymentId: null,
        description: '',
        mintedBy: admin,
        mintedAt: now.toISOString(),
      },
    });
    const transfer = (description: string) =>
      accountDecider.decide(
        {
          type: 'TransferTokens',
          data: {
            transactionId: 't1',
            fromUserId: alice,
            toUserId: bob,
            receiverExists: true,
            receiverSuspended: false,
            fromLabel: 'alice',
            toLabel: 'bob',
            asset: 'SAI',
            units: 100n,
            description,
            stepUp: 'system',
          },
          now,
        },
        funded,
      );
    expect(() => transfer('rent \u202Etxt.exe')).toThrow(ValidationError);
    expect(transfer('rent 🏠 👩‍💻')).toHaveLength(1);

    expect(() =>
      userDecider.decide(
        {
          type: 'RegisterUser',
          data: {
            userId: alice,
            email: 'alice@example.com',
            username: 'alice',
            firstName: 'Al\u200Bice',
            lastName: '',
            bio: '',
            profileImageUrl: '',
            isAdmin: false,
          },
          now,
        },
        userDecider.initialState(),
      ),
    ).toThrow('First name contains an invisible formatting character (U+200B)');

    expect(() =>
      contactMessageDecider.decide(
        {
          type: 'ReceiveContactMessage',
          data: {
            messageId: 'm1',
            fullName: 'Ada',
            email: 'a@example.com',
            subject: 'Hi',
            message: 'x\u2066y',
            userId: null,
          },
          now,
        },
        contactMessageDecider.initialState(),
      ),
    ).toThrow('Message contains an invisible text-direction character (U+2066)');
  });
});
