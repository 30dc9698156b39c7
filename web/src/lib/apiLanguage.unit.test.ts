import { afterEach, describe, expect, test } from 'vitest';
import { setLocale } from '../i18n/i18n.ts';
import { errorFromResponse } from './api.ts';
import { messages } from './validation.ts';

/** The API's refusals and the forms' messages in the person's language; English stays the server's. */

function problem(status: number, body: Record<string, unknown>) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/problem+json' },
  });
}

afterEach(() => setLocale('en'));

describe('the API refusals the client words itself', () => {
  test('a known code is worded by its text, each variant apart', async () => {
    await setLocale('de');
    const wrongPassword = await errorFromResponse(
      problem(401, {
        message: 'That password is not correct',
        code: 'reauthentication_failed',
        fieldErrors: { password: 'That password is not correct' },
      }),
    );
    expect(wrongPassword.message).toBe('Dieses Passwort ist nicht korrekt');
    expect(wrongPassword.fieldErrors).toEqual({ password: 'Dieses Passwort ist nicht korrekt' });
    expect(wrongPassword.code).toBe('reauthentication_failed');
    const suspended = await errorFromResponse(
      problem(403, {
        message: 'Your account is suspended. Please contact support.',
        code: 'account_suspended',
      }),
    );
    expect(suspended.message).toBe('Ihr Konto ist gesperrt. Bitte wenden Sie sich an den Support.');
  });

  test('a code whose text carries details gets its general wording', async () => {
    await setLocale('fr');
    const error = await errorFromResponse(
      problem(503, { message: 'The tree has not caught up with 3 events', code: 'receipt_unavailable' }),
    );
    expect(error.message).toBe("Le reçu n'est pas encore disponible. Veuillez réessayer dans un instant.");
  });

  test('fixed texts without a code, and field messages, are worded too', async () => {
    await setLocale('es');
    const error = await errorFromResponse(
      problem(409, {
        message: 'Email already registered',
        fieldErrors: { email: 'Email already registered' },
      }),
    );
    expect(error.message).toBe('Este correo electrónico ya está registrado');
    expect(error.fieldErrors).toEqual({ email: 'Este correo electrónico ya está registrado' });
  });

  test('an unknown text stays as the server wrote it, and English is always the server own', async () => {
    await setLocale('de');
    const unknown = await errorFromResponse(problem(400, { message: 'Something new', code: 'not_a_code' }));
    expect(unknown.message).toBe('Something new');
    // Of a known code, it gets the code's general wording (lib/refusals.unit.test.ts).
    const coded = await errorFromResponse(problem(401, { message: 'Something new', code: 'totp_invalid' }));
    expect(coded.message).toBe('Ungültiger Authentifizierungscode. Bitte versuchen Sie es erneut.');
    await setLocale('en');
    const english = await errorFromResponse(
      problem(503, { message: 'The tree has not caught up with 3 events', code: 'receipt_unavailable' }),
    );
    expect(english.message).toBe('The tree has not caught up with 3 events');
  });
});

describe('validation messages', () => {
  test('are read in the language of the moment', async () => {
    expect(messages.password).toBe('Password must be at least 6 characters');
    await setLocale('fr');
    expect(messages.password).toBe('Le mot de passe doit contenir au moins 6 caractères');
    expect(messages.email).toBe('Veuillez saisir une adresse e-mail valide');
  });
});
