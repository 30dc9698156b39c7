import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DESKTOP, journeyTests, newAccount, PHONE, toasts, type Viewport } from './browserKit.ts';
import { expectAccessible, expectScreenAt } from './screenKit.ts';
import { setUpAdminApp } from './sessionsKit.ts';

/**
 * The colour theme: light, dark and system (the default), applied before the first paint from this
 * browser's saved choice or the device's setting, saved with the preferences, and axe-clean (contrast
 * included) on the main screens in both, at 1280 px and 360 px.
 */

const { kit, ADMIN } = setUpAdminApp('theme_e2e');

/** The theme set on <html>, checked against the page's painted background (the tokens' own `bg`). */
async function themeOf(page: Page) {
  const { theme, background } = await page.evaluate(() => ({
    theme: document.documentElement.dataset.theme,
    background: getComputedStyle(document.body).backgroundColor,
  }));
  expect(background).toBe(theme === 'light' ? 'rgb(246, 244, 239)' : 'rgb(10, 10, 13)');
  return theme;
}

/** The theme is set by a blocking script in <head>, before any stylesheet or the app's module. */
async function expectThemeBeforeFirstPaint(page: Page) {
  const order = await page.evaluate(() =>
    [...document.head.querySelectorAll('script, link[rel="stylesheet"]')].map((node) =>
      node instanceof HTMLScriptElement
        ? `script:${node.getAttribute('src')}:${node.type || 'classic'}:${node.async || node.defer}`
        : 'stylesheet',
    ),
  );
  expect(order[0]).toBe('script:/theme.js:classic:false');
}

async function chooseTheme(page: Page, label: 'Light' | 'Dark' | 'System (as your device)') {
  await page.goto(kit.url('/profile?tab=preferences'));
  const form = page.getByRole('form', { name: 'Preferences' });
  await form.getByRole('combobox', { name: 'Theme' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
  await form.getByRole('button', { name: 'Save Preferences' }).click();
  await toasts(page).getByText('Preferences saved').waitFor();
}

async function journey(viewport: Viewport, name: string) {
  const account = newAccount(name);
  // A visitor: no choice saved, so the device decides.
  await kit.withPage(viewport, async (page) => {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const path of ['/login', '/register']) {
        await page.goto(kit.url(path));
        await page
          .getByRole('heading', { name: path === '/login' ? 'Welcome back' : 'Create your account' })
          .waitFor();
        expect(await themeOf(page)).toBe(scheme);
        await expectThemeBeforeFirstPaint(page);
        await expectAccessible(page, `${path} in ${scheme}`);
      }
    }
  });

  // Signed in, on a device set to dark: the saved choice wins, here and on the user's next device.
  await kit.withPage(viewport, async (page) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await kit.register(page.context(), account);
    await page.goto(kit.url('/dashboard'));
    await page.getByRole('heading', { name: `Welcome, ${name}` }).waitFor();
    expect(await themeOf(page)).toBe('dark');
    await expectAccessible(page, '/dashboard in dark');

    await chooseTheme(page, 'Light');
    expect(await themeOf(page)).toBe('light');
    await expectAccessible(page, '/profile preferences in light');
    await page.goto(kit.url('/dashboard'));
    await page.getByTestId('portfolio-value').getByText('0.00 USD').waitFor();
    expect(await themeOf(page)).toBe('light');
    await expectAccessible(page, '/dashboard in light');
    await page.goto(kit.url('/transactions'));
    await page.getByRole('heading', { name: 'Transaction History' }).waitFor();
    await expectScreenAt(page, viewport, '/transactions in light');
  });

  await kit.withPage(viewport, async (page) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await kit.signIn(page.context(), account.email, account.password);
    await page.goto(kit.url('/dashboard'));
    await page.getByRole('heading', { name: `Welcome, ${name}` }).waitFor();
    // Another device: dark at first paint (nothing saved here), then the saved light from the account.
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    await chooseTheme(page, 'System (as your device)');
    expect(await themeOf(page)).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
  });
}

/** The public site and the admin's screens, in light (the system default where the device asks for it). */
const PUBLIC_SCREENS = ['/', '/rewards', '/cards', '/help', '/partners', '/compliance', '/about'];
const ADMIN_SCREENS = [
  '/admin',
  '/admin/users',
  '/admin/transactions',
  '/admin/cards',
  '/admin/crypto',
  '/admin/approvals',
  '/admin/settings',
  '/admin/distribution',
  '/deposit',
  '/profile?tab=security',
];

async function walk(viewport: Viewport) {
  await kit.withPage(viewport, async (page) => {
    await page.emulateMedia({ colorScheme: 'light' });
    for (const path of PUBLIC_SCREENS) {
      await page.goto(kit.url(path));
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await themeOf(page)).toBe('light');
      await expectAccessible(page, `${path} in light`);
    }
    await kit.signIn(page.context(), ADMIN.email, ADMIN.password);
    for (const path of ADMIN_SCREENS) {
      await page.goto(kit.url(path));
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await themeOf(page)).toBe('light');
      await expectAccessible(page, `${path} in light`);
    }
  });
}

describe('light, dark and system themes in the browser', () => {
  test('public and admin screens in light, desktop and phone', async () => {
    await walk(DESKTOP);
    await walk(PHONE);
  }, 240_000);

  journeyTests(journey, [
    ['desktop', DESKTOP, 'Ada'],
    ['360 px phone', PHONE, 'Grace'],
  ]);
});
