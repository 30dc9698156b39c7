import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { type Account, DESKTOP, newAccount, PHONE, setUpBrowserApp, untilVisible } from './browserKit.ts';
import { allowPageProblems } from './harness.ts';
import { expectAccessible, expectNoHorizontalScroll, expectScreen } from './screenKit.ts';

/**
 * The sign-in screens and the signed-in app's frame in the visitor's language: the browser's language by
 * default, the switcher on the sign-in and register screens, a registration that keeps its language as
 * the account's preference, the server's refusals and notification titles worded by the client. Each
 * screen is axe-clean and fits 360 px with the longer German and French words.
 */

const { kit } = setUpBrowserApp('i18n_auth_e2e');

type Viewport = typeof DESKTOP;

/** Words of the English screens, in none of their translations, in no test data and no brand name. */
const ENGLISH = [' the ', 'your', 'Password', 'Sign in', 'Remember', 'Forgot', 'account', 'Back to'];

async function expectNoEnglish(page: Page, where: string, words = ENGLISH) {
  const text = await page.locator('main').innerText();
  for (const word of words) expect(text, `${where} shows the English "${word}"`).not.toContain(word);
}

async function expectLanguage(page: Page, lang: string) {
  await page.waitForFunction((wanted) => document.documentElement.lang === wanted, lang);
}

/** The register form's words in one language. */
interface RegisterWords {
  heading: string;
  firstName: RegExp;
  lastName: RegExp;
  username: string;
  email: string;
  password: string;
  confirm: string;
  terms: string;
  submit: string;
}

const SPANISH: RegisterWords = {
  heading: 'Cree su cuenta',
  firstName: /^Nombre ?\(opcional\)$/,
  lastName: /^Apellidos ?\(opcional\)$/,
  username: 'Nombre de usuario',
  email: 'Correo electrónico',
  password: 'Contraseña',
  confirm: 'Confirmar contraseña',
  terms: 'Acepto los términos y condiciones',
  submit: 'Crear cuenta',
};

const GERMAN: RegisterWords = {
  heading: 'Erstellen Sie Ihr Konto',
  firstName: /^Vorname ?\(optional\)$/,
  lastName: /^Nachname ?\(optional\)$/,
  username: 'Benutzername',
  email: 'E-Mail',
  password: 'Passwort',
  confirm: 'Passwort bestätigen',
  terms: 'Ich stimme den Allgemeinen Geschäftsbedingungen zu',
  submit: 'Konto erstellen',
};

async function fillRegistration(page: Page, words: RegisterWords, account: Account) {
  await page.getByRole('textbox', { name: words.firstName }).fill(account.firstName);
  await page.getByRole('textbox', { name: words.lastName }).fill('Tester');
  await page.getByLabel(words.username, { exact: true }).fill(account.username);
  await page.getByLabel(words.email, { exact: true }).fill(account.email);
  await page.getByLabel(words.password, { exact: true }).fill(account.password);
  await page.getByLabel(words.confirm, { exact: true }).fill(account.password);
  const terms = page.getByRole('checkbox', { name: words.terms });
  if ((await terms.getAttribute('aria-checked')) !== 'true') await terms.click();
}

async function signInVisitor(viewport: Viewport) {
  await kit.withPage(
    viewport,
    async (page) => {
      await page.goto(kit.url('/login'));
      await page.getByRole('heading', { name: 'Willkommen zurück' }).waitFor();
      await expectLanguage(page, 'de');
      const form = page.getByRole('form', { name: 'Anmelden' });
      await form.getByLabel('Passwort', { exact: true }).waitFor();
      await form.getByRole('checkbox', { name: 'Angemeldet bleiben' }).waitFor();
      await page.getByRole('link', { name: 'Passwort vergessen?' }).waitFor();
      await page.getByRole('link', { name: 'Registrieren' }).waitFor();
      // The client's own validation, in German.
      await form.getByRole('button', { name: 'Anmelden', exact: true }).click();
      await form.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein').waitFor();
      await form.getByText('Das Passwort muss mindestens 6 Zeichen lang sein').waitFor();
      await expectNoEnglish(page, `/login in German at ${viewport.width} px`);
      await expectScreen(page, `/login in German at ${viewport.width} px`);
    },
    { locale: 'de-DE' },
  );
}

async function frenchForgotPassword(viewport: Viewport) {
  await kit.withPage(
    viewport,
    async (page) => {
      await page.goto(kit.url('/login'));
      await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
      await page.getByRole('heading', { name: 'Réinitialisez votre mot de passe' }).waitFor();
      await expectLanguage(page, 'fr');
      const form = page.getByRole('form', { name: 'Réinitialiser le mot de passe' });
      await form.getByRole('button', { name: 'Envoyer le lien de réinitialisation' }).click();
      await form.getByText('Veuillez saisir une adresse e-mail valide').waitFor();
      await expectScreen(page, `/forgot-password in French with an error at ${viewport.width} px`);
      await form.getByLabel('E-mail', { exact: true }).fill(`nobody.${viewport.width}@example.com`);
      await form.getByRole('button', { name: 'Envoyer le lien de réinitialisation' }).click();
      // The server's fixed answer, worded by the client.
      await page.getByRole('status').getByText('Si un compte utilise cette adresse').waitFor();
      await page.getByRole('button', { name: "Ouvrir la boîte d'envoi de développement" }).waitFor();
      await page.getByRole('button', { name: 'Utiliser une autre adresse' }).waitFor();
      await expectNoEnglish(page, `/forgot-password in French at ${viewport.width} px`);
      await expectScreen(page, `/forgot-password in French at ${viewport.width} px`);
    },
    { locale: 'fr-FR' },
  );
}

describe('the sign-in screens and the app frame in the visitor language', () => {
  test('a German browser gets the sign-in screen in German, desktop and phone', async () => {
    await signInVisitor(DESKTOP);
    await signInVisitor(PHONE);
  }, 240_000);
  test('the switcher changes the language of the sign-in screen, and it is remembered', async () => {
    await kit.withPage(DESKTOP, async (page) => {
      await page.goto(kit.url('/login'));
      await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
      await expectLanguage(page, 'en');
      const switcher = page.getByRole('combobox', { name: 'Language' });
      expect(await switcher.locator('option').allInnerTexts()).toEqual([
        'English',
        'Español',
        'Français',
        'Deutsch',
      ]);
      await switcher.selectOption('fr');
      await page.getByRole('heading', { name: 'Bon retour parmi nous' }).waitFor();
      await expectLanguage(page, 'fr');
      await page.getByRole('button', { name: 'Se connecter', exact: true }).waitFor();
      await expectNoEnglish(page, '/login switched to French');
      await expectScreen(page, '/login switched to French');

      await page.reload();
      await page.getByRole('heading', { name: 'Bon retour parmi nous' }).waitFor();
      await page.getByRole('link', { name: 'Inscrivez-vous' }).click();
      await page.getByRole('heading', { name: 'Créez votre compte' }).waitFor();
      await page.getByRole('combobox', { name: 'Langue' }).selectOption('de');
      await page.getByRole('heading', { name: GERMAN.heading }).waitFor();
      await expectLanguage(page, 'de');
    });
  }, 240_000);
});

describe('the sign-in screens and the app frame in the visitor language', () => {
  test('a Spanish visitor registers in Spanish and stays in Spanish', async () => {
    const taken = newAccount('Taken');
    const other = await kit.session();
    await kit.register(other.context, taken);
    await other.context.close();
    const account = newAccount('Lucia');

    await kit.withPage(
      DESKTOP,
      async (page) => {
        await page.goto(kit.url('/register'));
        await page.getByRole('heading', { name: SPANISH.heading }).waitFor();
        await expectLanguage(page, 'es');
        // The client's validation first, in Spanish.
        await page.getByLabel(SPANISH.username, { exact: true }).fill('lu');
        await page.getByRole('button', { name: SPANISH.submit }).click();
        await page.getByText('El nombre de usuario debe tener al menos 3 caracteres').waitFor();
        await page.getByText('Debe aceptar los términos y condiciones').waitFor();
        await expectNoEnglish(page, '/register in Spanish with errors');
        await expectScreen(page, '/register in Spanish with errors');

        // The API's refusal of a taken address, worded by the client.
        allowPageProblems(page, /^failed: 409 POST \/api\/auth\/register$/);
        await fillRegistration(page, SPANISH, { ...account, email: taken.email });
        await page.getByRole('button', { name: SPANISH.submit }).click();
        await page.getByText('Este correo electrónico ya está registrado').first().waitFor();

        await page.getByLabel(SPANISH.email, { exact: true }).fill(account.email);
        await page.getByRole('button', { name: SPANISH.submit }).click();
        await page.getByText('Cuenta creada', { exact: true }).waitFor();
        await page.waitForURL(kit.url('/dashboard'));
        const nav = page.getByRole('navigation', { name: 'Principal' });
        await nav.getByRole('link', { name: 'Inicio' }).waitFor();
        await nav.getByRole('link', { name: 'Socios y recompensas' }).waitFor();
        await expectLanguage(page, 'es');

        // Saved as the account's language, not only this browser's.
        const saved = await page.request.get(kit.url('/api/account/preferences'));
        expect(((await saved.json()) as { language: string }).language).toBe('es');

        await page.reload();
        await nav.getByRole('link', { name: 'Inicio' }).waitFor();
        await page.getByRole('button', { name: 'Notificaciones' }).waitFor();
        await expectLanguage(page, 'es');
      },
      { locale: 'es-ES' },
    );

    // On an English browser, the account's language wins once signed in.
    await kit.withPage(DESKTOP, async (page) => {
      await kit.signIn(page.context(), account.email, account.password);
      await page.goto(kit.url('/dashboard'));
      await expectLanguage(page, 'es');
      await page
        .getByRole('navigation', { name: 'Principal' })
        .getByRole('link', { name: 'Panel' })
        .waitFor();
    });
  }, 240_000);
  test('the forgot-password screen in French, desktop and phone', async () => {
    await frenchForgotPassword(DESKTOP);
    await frenchForgotPassword(PHONE);
  }, 240_000);
  test('the header fits with its French words from tablet to desktop width', async () => {
    const account = newAccount('Amelie');
    await kit.withPage(DESKTOP, async (page) => {
      await kit.register(page.context(), account);
      const saved = await page.request.get(kit.url('/api/account/preferences'));
      const preferences = (await saved.json()) as Record<string, unknown>;
      const put = await page.request.put(kit.url('/api/account/preferences'), {
        data: { ...preferences, language: 'fr' },
        headers: { Origin: kit.url('') },
      });
      expect(put.status()).toBe(200);
      for (const width of [768, 1024, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(kit.url('/notifications'));
        await expectLanguage(page, 'fr');
        const nav = page.getByRole('navigation', { name: 'Principale' });
        await nav.getByRole('link', { name: 'Partenaires et récompenses' }).waitFor();
        await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
        await expectNoHorizontalScroll(page, `the French header at ${width} px`);
      }
      await expectAccessible(page, '/notifications in French');
    });
  }, 240_000);
});

describe('the sign-in screens and the app frame in the visitor language', () => {
  test('the header, the bell and the notifications in German at 360 px', async () => {
    const account = newAccount('Greta');
    await kit.withPage(
      PHONE,
      async (page) => {
        await page.goto(kit.url('/register'));
        await page.getByRole('heading', { name: GERMAN.heading }).waitFor();
        await expectNoEnglish(page, '/register in German at 360 px');
        await expectScreen(page, '/register in German at 360 px');
        await fillRegistration(page, GERMAN, account);
        await page.getByRole('button', { name: GERMAN.submit }).click();
        await page.waitForURL(kit.url('/dashboard'));

        // A second sign-in: the server tells the bell, with an English title the client words.
        await kit.signIn(page.context(), account.email, account.password);
        const bell = page.getByRole('button', { name: /^Benachrichtigungen, \d ungelesen$/ });
        await untilVisible(page, bell);
        await expectLanguage(page, 'de');
        await bell.click();
        const popover = page.getByRole('dialog', { name: 'Benachrichtigungen' });
        await popover.getByText('Neue Anmeldung').first().waitFor();
        expect(await popover.locator('time').first().innerText()).toMatch(
          /^(vor \d+ \w+|jetzt|gerade eben)$/,
        );
        await popover.getByRole('button', { name: 'Alle als gelesen markieren' }).waitFor();
        await expectAccessible(page, 'the bell open in German at 360 px');
        await popover.getByRole('link', { name: 'Alle Benachrichtigungen anzeigen' }).click();

        await page.getByRole('heading', { level: 1, name: 'Benachrichtigungen' }).waitFor();
        await page.getByText(/^\d Benachrichtigung(en)? angezeigt · das ist alles$/).waitFor();
        const list = page.getByRole('list').filter({ hasText: 'Neue Anmeldung' });
        await list.getByText('(ungelesen)').first().waitFor();
        await expectNoEnglish(page, '/notifications in German', [
          'Mark all',
          'All notifications',
          'Everything',
          'shown',
          'Notifications',
          'Account',
          'unread',
        ]);
        await expectScreen(page, '/notifications in German at 360 px');

        const toggle = page.getByRole('button', { name: 'Navigationsmenü öffnen' });
        await toggle.click();
        const nav = page.getByRole('navigation', { name: 'Hauptmenü' });
        await nav.getByRole('link', { name: 'Start' }).waitFor();
        await nav.getByRole('link', { name: 'Partner & Prämien' }).waitFor();
        await page.getByRole('button', { name: 'Navigationsmenü schließen' }).waitFor();
        await expectScreen(page, 'the header menu open in German at 360 px');
      },
      { locale: 'de-DE' },
    );
  }, 240_000);
});
