import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  DESKTOP,
  expectAccessible,
  expectNoHorizontalScroll,
  newAccount,
  PHONE,
  setUpBrowserApp,
  toasts,
} from './browserKit.ts';
import { allowPageProblems } from './harness.ts';

/**
 * Passkeys with Chromium's virtual authenticator (DevTools protocol, WebAuthn domain): a platform
 * authenticator with discoverable credentials that verifies the user at once. WebAuthn needs a domain
 * for its relying party, not an IP address, so the pages are opened on `localhost` (PUBLIC_URL's host).
 */
const { kit, app } = setUpBrowserApp('e2e_passkeys');
const local = (path: string) => `http://localhost:${app().port}${path}`;

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
    await post(context, '/api/auth/register', {
      username: account.username,
      email: account.email,
      password: account.password,
      confirmPassword: account.password,
      firstName: account.firstName,
      lastName: 'Hopper',
      isAdmin: false,
      profileImageUrl: '',
      bio: '',
      termsAgreed: true,
    });

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
    await expectAccessible(page, `passkey list at ${viewport.width}px`);
    if (viewport.width <= PHONE.width) await expectNoHorizontalScroll(page, '/profile?tab=security');

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
    await expectAccessible(page, `passkey step at ${viewport.width}px`);
    if (viewport.width <= PHONE.width) await expectNoHorizontalScroll(page, '/login passkey step');
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
  test('add, sign in with, second factor, remove at 1280 px', async () => {
    await journey(DESKTOP);
  }, 240_000);

  test('add, sign in with, second factor, remove at 360 px', async () => {
    await journey(PHONE);
  }, 240_000);
});
