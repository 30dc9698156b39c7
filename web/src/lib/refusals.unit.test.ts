import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { PROBLEM_CODES } from '../../../api/http/problemCodes.ts';
import { englishText, setLocale, t } from '../i18n/i18n.ts';
import type { Locale } from '../i18n/locales.ts';
import { errorFromResponse } from './api.ts';
import { REFUSALS, refusalText, type ServerText } from './refusals.ts';

/**
 * Every refusal the API can answer has its wording in every language, so that none ships English-only:
 * the inventory (api/http/problemCodes.ts) holds every code the server's sources write, each has an entry
 * here, and each entry's texts are recognised and said in the language with their values.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const LANGUAGES: Locale[] = ['de', 'es', 'fr'];

/** The server's sources (not their tests): where a Problem's code can be written. */
function serverSources(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !/\.(unit|int|e2e|faults)\.test\.ts$/.test(file))
    .map((file) => path.join(root, folder, file));
}

/**
 * The codes written as `code: 'x'` (also `code: cond ? 'x' : 'y'` and a parameter typed `'x' | 'y'`),
 * but not zod's issue code 'custom', nor a string compared to (`typeof code === 'string'`, in a log line) or a schema's `code: { … }`.
 */
function writtenCodes(source: string): string[] {
  const codes: string[] = [];
  for (const [, tail = ''] of source.matchAll(/\bcode: ([^{,}\n][^,}\n]*)/g))
    for (const [, code = ''] of tail.matchAll(/(?<!=== )'([a-z]+(?:_[a-z]+)*)'/g))
      if (code !== 'custom') codes.push(code);
  return codes;
}

/**
 * The fixed texts of the server's refusals that carry no code: `new HttpProblem(404, 'Card not found')`,
 * quoted literals only (a text built with values is listed in lib/refusals.ts by hand).
 */
function uncodedTexts(source: string): string[] {
  const texts: string[] = [];
  for (const [, text = '', options = ''] of source.matchAll(
    /new HttpProblem\(\s*\d{3},\s*'([^']+)'\s*(?:,?\s*\)|,\s*(\{[^}]*\}))/g,
  ))
    if (!/\bcode\b/.test(options)) texts.push(text);
  return texts;
}

/**
 * The code-less refusals no screen of the app meets, which keep the server's English: the admin
 * console's and the audit's (English by decision), the development outbox's, and what only another
 * client can be answered (the spec's client naming someone else, a malformed key or body). A new
 * code-less refusal must be worded in lib/refusals.ts or be added here with its reason.
 */
const OPERATORS_TEXTS = [
  'Admin access required',
  'Admin accounts are created by an operator',
  'Approval request not found',
  'Deposit not found',
  'Not a stream name this audit can open',
  'Position must be like 1234-56 (commit-prepare)',
  'The end of the period must be after its start',
  'There is no development outbox: mail is sent by SMTP or not at all',
  'There is no development outbox: the app is public (TRUST_PROXY or PUBLIC_URL)',
  'The development outbox is served to this machine only (localhost)',
  'You can only request a card for yourself',
  'You can only see your own card',
  'You can only see your own payments',
  'You can only send tokens from your own account',
  'Idempotency-Key must be 1 to 200 visible ASCII characters',
  'This Idempotency-Key was already used with a different request',
  // lib/idempotency.ts asks again by itself, reading this text.
  'A request with this Idempotency-Key is still being processed',
  'Request body must be JSON (Content-Type: application/json)',
];

/** A text's English with sample values, as the server would write it. */
function serverEnglish(text: ServerText): string {
  if (typeof text === 'string') return englishText(text) ?? '';
  const values = Object.fromEntries(text.values.map((name, index) => [name, `${name}${index}`]));
  return englishText(text.id, values) ?? '';
}

function problem(status: number, body: Record<string, unknown>) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/problem+json' },
  });
}

afterEach(() => setLocale('en'));

describe('the inventory of the API refusals', () => {
  test('holds every code the server sources write, and the web words each one', () => {
    const written = new Set(
      ['api', 'app', 'domain', 'infra']
        .flatMap(serverSources)
        .flatMap((file) => writtenCodes(readFileSync(file, 'utf8'))),
    );
    // The scan finds what it should: codes of the HTTP layer, the routes and the deciders.
    for (const code of [
      'csrf',
      'receipt_unavailable',
      'ledger_proofs_unavailable',
      'passkey_invalid',
      'insufficient_funds',
    ])
      expect(written).toContain(code);
    expect([...written].filter((code) => !PROBLEM_CODES.includes(code as never))).toEqual([]);
    expect(Object.keys(REFUSALS).sort()).toEqual([...PROBLEM_CODES].sort());
  });

  test('a fixed text of a refusal without a code is worded, or is one only operators meet', async () => {
    const sources = ['api', 'app'].flatMap(serverSources).map((file) => readFileSync(file, 'utf8'));
    const texts = new Set(sources.flatMap(uncodedTexts));
    // The scan finds what it should.
    for (const text of ['Card not found', 'Please sign in to continue', 'Admin access required'])
      expect(texts).toContain(text);
    for (const locale of LANGUAGES) {
      await setLocale(locale);
      const unworded = [...texts].filter(
        (text) => !OPERATORS_TEXTS.includes(text) && refusalText(text, undefined) === text,
      );
      expect(unworded, locale).toEqual([]);
    }
    // And the list names no text the server no longer writes.
    expect(OPERATORS_TEXTS.filter((text) => !texts.has(text))).toEqual([]);
  });

  test('an entry a person can meet has its texts and a general wording in every language', async () => {
    for (const locale of LANGUAGES) {
      await setLocale(locale);
      for (const [code, wording] of Object.entries(REFUSALS)) {
        if (!('general' in wording)) {
          expect(wording.operators, code).not.toBe('');
          continue;
        }
        expect(t(wording.general), `${code} in ${locale}`).not.toBe(englishText(wording.general));
        for (const text of wording.texts) {
          const english = serverEnglish(text);
          const id = typeof text === 'string' ? text : text.id;
          expect(english, id).not.toBe('');
          const worded = refusalText(english, code);
          expect(worded, `${id} in ${locale}`).not.toBe(english);
          // Every value read out of the English is said again in the language.
          if (typeof text !== 'string')
            for (const [index, name] of text.values.entries())
              expect(worded, `${id} in ${locale}`).toContain(`${name}${index}`);
        }
      }
    }
  });
});

describe('the refusals in the reader’s language', () => {
  test('values are parsed out of the server’s text, amounts in the language’s signs', async () => {
    await setLocale('de');
    const refused = await errorFromResponse(
      problem(422, {
        message: 'Insufficient balance. You have 1234.50000000 ETH available.',
        code: 'insufficient_funds',
        fieldErrors: { amount: 'Insufficient balance. You have 1234.50000000 ETH available.' },
      }),
    );
    expect(refused.message).toBe('Unzureichendes Guthaben. Verfügbar sind 1.234,50000000 ETH.');
    expect(refused.fieldErrors).toEqual({
      amount: 'Unzureichendes Guthaben. Verfügbar sind 1.234,50000000 ETH.',
    });
    await setLocale('fr');
    const quote = await errorFromResponse(
      problem(409, {
        message:
          'The price changed since it was quoted: the fee is now 0.88 SAI and you pay 0.07146000 ETH. Review the new quote and submit again.',
        code: 'quote_changed',
      }),
    );
    expect(quote.message).toBe(
      'Le prix a changé depuis le devis : les frais sont maintenant de 0,88 SAI et vous payez 0,07146000 ETH. Vérifiez le nouveau devis et envoyez-le à nouveau.',
    );
  });

  test('a text of a known code the client does not know gets the code’s general wording', async () => {
    await setLocale('es');
    const refused = await errorFromResponse(
      problem(400, {
        message: 'Description contains a control character (U+0007)',
        code: 'text_not_allowed',
        fieldErrors: { description: 'Description contains a control character (U+0007)' },
      }),
    );
    const general =
      'Este texto contiene un carácter invisible o de control que no se puede guardar. Elimínelo e inténtelo de nuevo.';
    expect(refused.message).toBe(general);
    expect(refused.fieldErrors).toEqual({ description: general });
  });

  test('a domain refusal without a code, and an operator’s, are worded by their text or left as sent', async () => {
    await setLocale('de');
    expect(refusalText('Recipient not found', undefined)).toBe('Empfänger nicht gefunden');
    expect(refusalText('Current password is incorrect', 'password_incorrect')).toBe(
      'Das aktuelle Passwort ist falsch',
    );
    expect(refusalText('Fee rate must be between 0 and 10', 'fee_rate_invalid')).toBe(
      'Fee rate must be between 0 and 10',
    );
    expect(refusalText('Something new', 'a_code_of_tomorrow')).toBe('Something new');
  });
});
