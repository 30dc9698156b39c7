import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { journeyTests, setUpBrowserApp, submitRegisterForm } from './browserKit.ts';
import { allowPageProblems, repoRoot } from './harness.ts';
import { expectAccessible, expectNoHorizontalScroll } from './screenKit.ts';

const { kit } = setUpBrowserApp('e2e');
const { url } = kit;

interface Account {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
}

function newAccount(firstName: string): Account {
  const suffix = randomBytes(4).toString('hex');
  return {
    firstName,
    lastName: 'Lovelace',
    username: `${firstName.toLowerCase()}_${suffix}`,
    email: `${firstName.toLowerCase()}.${suffix}@example.com`,
    password: `correct-horse-${suffix}`,
  };
}

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 780 };

function toastRegion(page: Page) {
  return page.getByRole('region', { name: /Notifications/ });
}

async function register(page: Page, account: Account) {
  await page.goto(url('/register'));
  await page.getByRole('heading', { name: 'Create your account' }).waitFor();
  await submitRegisterForm(page, account, account.lastName);
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function signOut(page: Page, account: Account) {
  await page.getByRole('button', { name: account.firstName, exact: true }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL(url('/login'));
}

async function expectDashboard(page: Page, account: Account) {
  await page.waitForURL(url('/dashboard'));
  await page.getByRole('heading', { name: `Welcome, ${account.firstName}` }).waitFor();
  const balance = page.getByRole('region', { name: 'Token balance' });
  expect(await balance.textContent()).toContain('0.00 SAI');
  expect(await balance.textContent()).toContain('0.00 USD');
}

/** Register → dashboard → sign out → wrong password → right password → dashboard. */
async function journey(viewport: { width: number; height: number }, account: Account) {
  const checkWidth = viewport.width <= PHONE.width;
  await kit.withPage(viewport, async (page) => {
    await register(page, account);
    // The toast is up before the 300 ms hop to the dashboard, and stays 5 s.
    await toastRegion(page).getByText('Account created').waitFor();
    await expectDashboard(page, account);
    if (checkWidth) await expectNoHorizontalScroll(page, '/dashboard');

    if (checkWidth) {
      // The folded navigation opens, holds the links, and still fits the screen.
      await page.getByRole('button', { name: 'Open navigation menu' }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).waitFor();
      await expectNoHorizontalScroll(page, '/dashboard with the menu open');
      await page.getByRole('button', { name: 'Close navigation menu' }).click();
    }

    await signOut(page, account);
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    if (checkWidth) await expectNoHorizontalScroll(page, '/login');

    // The one failed request of the journey, on purpose: the API refuses the wrong password.
    allowPageProblems(page, /^failed: 401 POST \/api\/auth\/login$/);
    await signIn(page, account.email, `${account.password}-wrong`);
    await toastRegion(page).getByText('Invalid email or password. Please try again.').waitFor();
    expect(page.url()).toBe(url('/login'));
    if (checkWidth) await expectNoHorizontalScroll(page, '/login with a toast');

    await signIn(page, account.email, account.password);
    await toastRegion(page).getByText('You have been logged in successfully.').waitFor();
    await expectDashboard(page, account);
    if (checkWidth) await expectNoHorizontalScroll(page, '/dashboard after sign-in');

    // Signed in, the sign-in screens send you back to the dashboard.
    await page.goto(url('/login'));
    await page.waitForURL(url('/dashboard'));
  });
}

describe('sign-up and sign-in in the browser', () => {
  journeyTests(journey, [
    ['desktop journey: register, sign out, wrong password, sign in', DESKTOP, newAccount('Ada')],
    ['the same journey on a 360 px wide phone, never scrolling sideways', PHONE, newAccount('Grace')],
  ]);
  test('client-side validation speaks before the server is asked', async () => {
    const { context, page } = await kit.session(DESKTOP);
    try {
      await page.goto(url('/login'));
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      const email = page.getByLabel('Email');
      await page.getByText('Please enter a valid email address').waitFor();
      await page.getByText('Password must be at least 6 characters').waitFor();
      expect(await email.getAttribute('aria-invalid')).toBe('true');
      const describedBy = await email.getAttribute('aria-describedby');
      expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(
        'Please enter a valid email address',
      );

      await page.goto(url('/register'));
      await page.getByLabel('Password', { exact: true }).fill('secret1');
      await page.getByLabel('Confirm password').fill('secret2');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByText('Username must be at least 3 characters').waitFor();
      await page.getByText("Passwords don't match").waitFor();
      await page.getByText('You must agree to the terms and conditions').waitFor();
    } finally {
      await context.close();
    }
  });
  test('two-factor sign-in: a totp_required answer asks for the code and the form resends with it', async () => {
    // The API's two-factor step is answered here by the browser, so the form is tested on its own.
    const { context, page } = await kit.session(DESKTOP);
    const bodies: unknown[] = [];
    // Both answers are 401s on purpose: the code asked for, then a wrong code.
    allowPageProblems(page, /^failed: 401 POST \/api\/auth\/login$/);
    try {
      await page.route('**/api/auth/login', async (route) => {
        const body = route.request().postDataJSON() as { totpCode?: string };
        bodies.push(body);
        const code = body.totpCode ? 'totp_invalid' : 'totp_required';
        await route.fulfill({
          status: 401,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Two-factor code required', code }),
        });
      });
      await page.goto(url('/login'));
      await page.getByRole('checkbox', { name: 'Remember me' }).click();
      await signIn(page, 'ada@example.com', 'secret-password');

      const codeField = page.getByLabel('Authentication code');
      await codeField.waitFor();
      await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'totpCode');
      const verify = page.getByRole('button', { name: 'Verify and sign in' });
      await verify.click();
      await page.getByText('Enter the 6-digit code from your authenticator app', { exact: true }).waitFor();
      expect(await codeField.getAttribute('aria-invalid')).toBe('true');
      expect(bodies).toHaveLength(1);

      await codeField.fill('123456');
      await verify.click();
      await page.getByText('That code did not work.', { exact: false }).waitFor();
      expect(bodies).toEqual([
        { email: 'ada@example.com', password: 'secret-password', rememberMe: true },
        { email: 'ada@example.com', password: 'secret-password', rememberMe: true, totpCode: '123456' },
      ]);
    } finally {
      await context.close();
    }
  });
});

describe('sign-up and sign-in in the browser', () => {
  test('a taken e-mail is reported under the field and in a toast', async () => {
    const account = newAccount('Alan');
    const first = await kit.session(DESKTOP);
    try {
      await register(first.page, account);
      await expectDashboard(first.page, account);
    } finally {
      await first.context.close();
    }
    const { context, page } = await kit.session(DESKTOP);
    // The API refuses the taken e-mail: the one failed request, on purpose.
    allowPageProblems(page, /^failed: 409 POST \/api\/auth\/register$/);
    try {
      await register(page, { ...account, username: `${account.username}_2` });
      await toastRegion(page)
        .getByText(/^Registration failed: /)
        .waitFor();
      const email = page.getByLabel('Email');
      expect(await email.getAttribute('aria-invalid')).toBe('true');
      expect(page.url()).toBe(url('/register'));
    } finally {
      await context.close();
    }
  }, 240_000);
});

describe('sign-up and sign-in in the browser', () => {
  test('unknown paths show the 404 screen; every protected route sends visitors to /login, admin ones send users away', async () => {
    // Each route file that calls requireUser or requireAdmin, checked against the admin folder below so
    // a new admin screen cannot be left out of this walk.
    const userRoutes = ['/dashboard', '/transactions', '/deposit', '/profile'];
    const adminRoutes = [
      '/admin',
      '/admin/approvals',
      '/admin/audit',
      '/admin/cards',
      '/admin/crypto',
      '/admin/distribution',
      '/admin/messages',
      '/admin/projections',
      '/admin/reports',
      '/admin/settings',
      `/admin/transaction/${randomUUID()}`,
      '/admin/transactions',
      '/admin/users',
    ];
    const adminFiles = readdirSync(path.join(repoRoot, 'web', 'src', 'routes', 'admin'))
      .filter((file) => file.endsWith('.tsx'))
      .map((file) =>
        file
          .replace(/\.tsx$/, '')
          .replace(/^index$/, '')
          .replace('.$id', '/:id'),
      );
    expect(
      adminRoutes.map((route) => route.replace(/^\/admin\/?/, '').replace(/[0-9a-f-]{36}$/, ':id')).sort(),
    ).toEqual(adminFiles.sort());

    await kit.withPage(DESKTOP, async (page, problems) => {
      await page.goto(url('/no/such/page'));
      await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
      await page.getByRole('link', { name: 'Back to home' }).click();
      await page.waitForURL(url('/'));

      for (const route of [...userRoutes, ...adminRoutes, '/auth']) {
        await page.goto(url(route));
        await page.waitForURL(url('/login'));
        await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
        expect(page.url(), `a visitor on ${route}`).toBe(url('/login'));
      }
      expect(problems).toEqual([]);

      // A signed-in user who is not an admin: the admin guard sends them to /login, and /login sends
      // anyone signed in on to the dashboard (routeGuards; the API answers 403 regardless, docs/product-rules.md rule 3).
      const account = newAccount('Linus');
      await register(page, account);
      await expectDashboard(page, account);
      for (const route of [
        '/admin',
        '/admin/transactions',
        `/admin/transaction/${randomUUID()}`,
        '/admin/audit',
      ]) {
        await page.goto(url(route));
        await page.waitForURL(url('/dashboard'));
        await page.getByRole('heading', { name: `Welcome, ${account.firstName}` }).waitFor();
        expect(await page.getByRole('navigation', { name: 'Admin' }).count(), `a user on ${route}`).toBe(0);
      }
    });
  }, 240_000);
});

describe('sign-up and sign-in in the browser', () => {
  test('axe finds no serious or critical problems on the sign-in screens, dashboard and 404', async () => {
    const account = newAccount('Hedy');
    for (const viewport of [DESKTOP, PHONE]) {
      const { context, page } = await kit.session(viewport);
      try {
        const label = `${viewport.width}px`;
        await page.goto(url('/login'));
        await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
        await expectAccessible(page, `/login at ${label}`);

        await page.goto(url('/no/such/page'));
        await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
        await expectAccessible(page, `404 at ${label}`);
        if (viewport === PHONE) await expectNoHorizontalScroll(page, '404');

        await page.goto(url('/'));
        await page.getByRole('heading', { name: 'SAI Wallet' }).waitFor();
        await expectAccessible(page, `/ at ${label}`);
        if (viewport === PHONE) await expectNoHorizontalScroll(page, '/');

        await page.goto(url('/register'));
        await page.getByRole('heading', { name: 'Create your account' }).waitFor();
        await expectAccessible(page, `/register at ${label}`);
        if (viewport === PHONE) await expectNoHorizontalScroll(page, '/register');

        if (viewport === DESKTOP) {
          await register(page, account);
        } else {
          await page.goto(url('/login'));
          await signIn(page, account.email, account.password);
        }
        await expectDashboard(page, account);
        await expectAccessible(page, `/dashboard at ${label}`);
        await page.getByRole('button', { name: account.firstName, exact: true }).click();
        await page.getByRole('menuitem', { name: 'Sign out' }).waitFor();
        await expectAccessible(page, `/dashboard with the account menu open at ${label}`);
      } finally {
        await context.close();
      }
    }
  }, 240_000);
});
