import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  type Account,
  confirmInDialog,
  DESKTOP,
  newAccount,
  PHONE,
  submitRegisterForm,
  type Viewport,
} from './browserKit.ts';
import { expectAccessible, expectNoHorizontalScroll, expectUncovered } from './screenKit.ts';
import { setUpAdminApp } from './sessionsKit.ts';

/**
 * The dashboard's portfolio total, its giveaway and main-site banners, the register screen's progress, and
 * the admin's header and recent-users actions, at 1280 px and 360 px, axe-clean.
 */

const { kit, ADMIN, adminSession } = setUpAdminApp('screens_e2e');

/** Registers through the form and follows its progress to the dashboard. */
async function registerInForm(page: Page, account: Account) {
  await page.goto(kit.url('/register'));
  await page.getByRole('heading', { name: 'Create your account' }).waitFor();
  await expectAccessible(page, '/register');
  await submitRegisterForm(page, account);
  // Between the answer and the dashboard (at least the 300 ms hop), checked at one instant in the page: the
  // form says what is happening, its fields and its button are disabled.
  await page.waitForFunction(() => {
    const status = [...document.querySelectorAll('[role="status"]')].some(
      (node) => node.textContent === 'Account created. Opening your dashboard…',
    );
    const fieldset = document.querySelector('form[aria-label="Create account"] fieldset');
    const button = document.querySelector('form[aria-label="Create account"] button[type="submit"]');
    return (
      status &&
      fieldset instanceof HTMLFieldSetElement &&
      fieldset.disabled &&
      button instanceof HTMLButtonElement &&
      button.disabled &&
      button.textContent?.includes('Opening your dashboard…')
    );
  });
  await page.waitForURL(kit.url('/dashboard'));
  await page.getByRole('heading', { name: `Welcome, ${account.firstName}` }).waitFor();
}

async function userJourney(viewport: Viewport, name: string) {
  const account = newAccount(name);
  const admin = await adminSession(viewport);
  await kit.withPage(viewport, async (page) => {
    await registerInForm(page, account);
    // The new account receives money once its address is verified, by the link mailed to it.
    await kit.verifyByMail(page.context(), account.email);
    const portfolio = page.getByRole('region', { name: 'Portfolio total' });
    await portfolio.getByTestId('portfolio-value').getByText('0.00 USD').waitFor();

    // 100 SAI, and the SAI price moved from its default 2.50 to 3.10 within the last 24 hours.
    const me = (await (await page.request.get(kit.url('/api/auth/user'))).json()) as { id: string };
    await kit.call(admin.context, 'POST', '/api/transactions', {
      type: 'admin_deposit',
      receiver_id: me.id,
      amount: '100',
      description: 'Funding',
    });
    await kit.call(admin.context, 'PUT', '/api/admin/settings/token-price', { price: '3.10' });
    await page.reload();
    await portfolio.getByTestId('portfolio-value').getByText('310.00 USD').waitFor();
    expect(await portfolio.getByTestId('portfolio-change').textContent()).toContain('+60.00 USD (+24.00%)');

    const main = page.getByRole('complementary', { name: 'Main site' });
    await main.getByRole('link', { name: 'Visit the main site' }).waitFor();
    const giveaway = page.getByRole('region', { name: 'Win a luxury electric car' });
    // The same dates as /rewards, from the one campaign answer.
    await giveaway.getByText(/the winner is drawn on May 31, 2027\./).waitFor();
    await giveaway.getByRole('progressbar', { name: 'Giveaway progress' }).waitFor();
    await expectAccessible(page, '/dashboard with the portfolio and banners');
    if (viewport === PHONE) {
      await expectNoHorizontalScroll(page, '/dashboard');
      await expectUncovered(giveaway.getByRole('link', { name: 'See the giveaway' }), 'See the giveaway');
      await expectUncovered(main.getByRole('link', { name: 'Visit the main site' }), 'Visit the main site');
    }
    await giveaway.getByRole('link', { name: 'See the giveaway' }).click();
    await page.waitForURL(kit.url('/rewards'));
    await page
      .getByText(/May 31, 2027/)
      .first()
      .waitFor();
  });
  await admin.context.close();
  return account;
}

async function adminJourney(viewport: Viewport, user: Account) {
  await kit.withPage(viewport, async (page) => {
    await kit.signIn(page.context(), ADMIN.email, ADMIN.password);
    await page.goto(kit.url('/dashboard'));
    const nav = page.getByRole('navigation', { name: 'Main' });
    if (viewport === PHONE) await page.getByRole('button', { name: 'Open navigation menu' }).click();
    for (const link of ['Home', 'Dashboard', 'Users', 'Transactions', 'Settings'])
      await nav.getByRole('link', { name: link, exact: true }).waitFor();
    expect(await nav.getByRole('link', { name: 'Partners & Rewards' }).count()).toBe(0);
    if (viewport === PHONE) await page.getByRole('button', { name: 'Close navigation menu' }).click();

    const recent = page.getByRole('region', { name: 'Recent users table' });
    const row = recent.getByRole('row').filter({ hasText: user.email });
    await row.waitFor();
    await recent.getByRole('columnheader', { name: 'Actions' }).waitFor();
    await expectAccessible(page, '/dashboard as an admin');
    const suspend = row.getByRole('button', { name: `Suspend ${user.username}` });
    if (viewport === PHONE) {
      await expectNoHorizontalScroll(page, '/dashboard as an admin');
      await expectUncovered(suspend, 'Suspend in the recent users');
    }
    await suspend.click();
    await confirmInDialog(page, `Suspend ${user.username}?`, 'Suspend', 'User suspended');
    await row.getByRole('button', { name: `Reactivate ${user.username}` }).waitFor();
    await row.getByText('Suspended').waitFor();

    await row.getByRole('link', { name: `Edit ${user.username}` }).click();
    await page.waitForURL((url) => url.pathname === '/admin/users');
    expect(await page.getByRole('searchbox', { name: 'Search by name or e-mail' }).inputValue()).toBe(
      user.email,
    );
    const found = page.getByRole('region', { name: 'Users table' }).getByRole('row').filter({
      hasText: user.email,
    });
    await found.getByRole('button', { name: `Reactivate ${user.username}` }).click();
    await confirmInDialog(page, `Reactivate ${user.username}?`, 'Reactivate', 'User reactivated');
    await expectAccessible(page, '/admin/users searched from Edit');
  });
}

describe('dashboard and spec gaps in the browser', () => {
  test('desktop: register with progress, portfolio total, banners; the admin acts on recent users', async () => {
    const user = await userJourney(DESKTOP, 'Ada');
    await adminJourney(DESKTOP, user);
  }, 240_000);

  test('the same at 360 px, nothing covered and nothing scrolling sideways', async () => {
    const user = await userJourney(PHONE, 'Grace');
    await adminJourney(PHONE, user);
  }, 240_000);
});
