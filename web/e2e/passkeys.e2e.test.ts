import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  DESKTOP,
  journeyTests,
  newAccount,
  PHONE,
  registration,
  setUpBrowserApp,
  toasts,
} from './browserKit.ts';
import { allowPageProblems } from './harness.ts';
import { expectAccessible, expectScreenAt } from './screenKit.ts';

/**
 * Passkeys with Chromium's virtual authenticator (DevTools protocol, WebAuthn domain): a platform
 * authenticator with discoverable credentials that verifies the user at once. WebAuthn needs a domain
 * for its relying party, not an IP address, so the pages are opened on `localhost` (PUBLIC_URL's host).
 */
const { kit, app } = setUpBrowserApp('e2e_passkeys');
const local = (path: string) => `http://localhost:${app().port}${path}`;

/** The security tab's words, and what it says when the wallet is opened by an IP address. */
const IP_WORDS = {
  en: {
    add: 'Add a passkey',
    name: 'Passkey name',
    password: 'Password',
    create: 'Create passkey',
    says: 'Passkeys work only when the wallet is opened by its name',
  },
  de: {
    add: 'Passkey hinzufügen',
    name: 'Name des Passkeys',
    password: 'Passwort',
    create: 'Passkey erstellen',
    says: 'Passkeys funktionieren nur, wenn die Wallet über ihren Namen geöffnet wird',
  },
  fr: {
    add: 'Ajouter une clé d’accès',
    name: 'Nom de la clé d’accès',
    password: 'Mot de passe',
    create: 'Créer la clé d’accès',
    says: "Les clés d'accès ne fonctionnent que si le portefeuille est ouvert par son nom",
  },
  es: {
    add: 'Añadir una llave de acceso',
    name: 'Nombre de la llave de acceso',
    password: 'Contraseña',
    create: 'Crear llave de acceso',
    says: 'Las llaves de acceso solo funcionan cuando el monedero se abre por su nombre',
  },
} as const;

async function withAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () =>
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials as {
        isResidentCredential: boolean;
      }[],
  };
}

async function post(context: BrowserContext, path: string, data: unknown) {
  const response = await context.request.post(local(path), { data, headers: { Origin: local('') } });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
}

async function signOut(context: BrowserContext, page: Page) {
  // Off the signed-in page first: a screen still loading would meet the logout behind its back.
  await page.goto('about:blank');
  await post(context, '/api/auth/logout', {});
  await page.goto(local('/login'));
  await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
}

/** Register over the API, add a passkey on /profile, sign in with it alone, then as the second factor, remove it. */
async function journey(viewport: typeof DESKTOP) {
  const { context, page, problems } = await kit.session(viewport);
  try {
    const authenticator = await withAuthenticator(context, page);
    const account = newAccount('Grace');
    await post(context, '/api/auth/register', registration(account, 'Hopper'));
    // A passkey needs a verified address (docs/security.md, "E-mail verification").
    await kit.verifyByMail(context, account.email, local(''));

    // Add a passkey: a name and the password, then the authenticator makes a discoverable credential.
    await page.goto(local('/profile?tab=security'));
    const passkeys = page.getByRole('region', { name: 'Passkeys' });
    await passkeys.getByText('No passkeys yet.').waitFor();
    await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
    await passkeys.getByLabel('Passkey name').fill('This laptop');
    await passkeys.getByLabel('Password').fill(account.password);
    await expectAccessible(page, `add passkey form at ${viewport.width}px`);
    await passkeys.getByRole('button', { name: 'Create passkey' }).click();
    await toasts(page).getByText('Passkey added').waitFor();
    await passkeys.getByRole('listitem').filter({ hasText: 'This laptop' }).waitFor();
    expect((await authenticator.credentials()).map((c) => c.isResidentCredential)).toEqual([true]);
    await expectScreenAt(page, viewport, '/profile?tab=security');

    // Sign in with the passkey alone: no e-mail typed.
    await signOut(context, page);
    await expectAccessible(page, `/login at ${viewport.width}px`);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL(local('/dashboard'));
    await page.getByRole('heading', { name: `Welcome, ${account.firstName}` }).waitFor();

    // Password, then the passkey as the second factor (asked for by a 401 'passkey_required', as TOTP is).
    await signOut(context, page);
    allowPageProblems(page, /^failed: 401 POST \/api\/auth\/login$/);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const usePasskey = page.getByRole('button', { name: 'Use your passkey' });
    await usePasskey.waitFor();
    await expectScreenAt(page, viewport, '/login passkey step');
    await usePasskey.click();
    await page.waitForURL(local('/dashboard'));

    // Remove it (password again); signing in with the password alone works again.
    await page.goto(local('/profile?tab=security'));
    const item = passkeys.getByRole('listitem').filter({ hasText: 'This laptop' });
    await item.getByRole('button', { name: 'Remove This laptop' }).click();
    await item.getByLabel('Password').fill(account.password);
    await expectAccessible(page, `remove passkey at ${viewport.width}px`);
    await item.getByRole('button', { name: 'Remove passkey' }).click();
    await passkeys.getByText('No passkeys yet.').waitFor();
    await signOut(context, page);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(local('/dashboard'));
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
}

describe('passkeys in the browser', () => {
  test.each([
    ['en', DESKTOP],
    ['de', PHONE],
    ['fr', PHONE],
    ['es', DESKTOP],
  ] as const)(
    'opened by its IP address (%s): says to open the wallet by its name',
    async (language, viewport) => {
      const words = IP_WORDS[language];
      // kit.url is http://127.0.0.1:<port>: WebAuthn takes no IP address as its relying party's domain.
      const { context, page } = await kit.session(viewport);
      await withAuthenticator(context, page);
      const account = newAccount('Ada');
      await kit.register(context, account);
      const preferences = await context.request.get(kit.url('/api/account/preferences'));
      const saved = await context.request.put(kit.url('/api/account/preferences'), {
        data: { ...(await preferences.json()), language },
        headers: { Origin: kit.url('') },
      });
      expect(saved.status()).toBe(200);
      await page.goto(kit.url('/profile?tab=security'));
      await expect
        .poll(() => page.evaluate(() => document.documentElement.lang), { timeout: 30_000 })
        .toBe(language);
      await page.getByRole('button', { name: words.add }).click();
      await page.getByLabel(words.name).fill('Laptop');
      await page.locator('input[name="add-passkey-password"]').fill(account.password);
      await page.getByRole('button', { name: words.create }).click();
      await page.getByText(words.says).first().waitFor();
      await expectAccessible(
        page,
        `the passkey refusal on an IP address in ${language} at ${viewport.width}px`,
      );
      await context.close();
    },
  );

  journeyTests(journey, [
    ['add, sign in with, second factor, remove at 1280 px', DESKTOP],
    ['add, sign in with, second factor, remove at 360 px', PHONE],
  ]);
});
