import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DESKTOP, journeyTests, newAccount, PHONE, setUpBrowserApp } from './browserKit.ts';
import { allowPageProblems } from './harness.ts';
import { expectAccessible, expectScreenAt } from './screenKit.ts';

// No SMTP_URL and not production: mail waits in the development outbox, which the pages open in place.
const { kit } = setUpBrowserApp('e2email');
const { url } = kit;

/** Opens the outbox on the page, waits for the mail, and follows its link on this server's origin. */
async function followMailedLink(page: Page, subject: string, path: string, where: string) {
  await page.getByRole('button', { name: 'Open the development outbox' }).click();
  const mail = page.getByRole('article', { name: subject });
  await mail.waitFor();
  await expectAccessible(page, `${where} with the outbox open`);
  const href = await mail.getByRole('link').getAttribute('href');
  const link = new URL(href ?? '');
  expect(link.pathname).toBe(path);
  expect(link.hash).toMatch(/^#token=[A-Za-z0-9_-]{43}$/);
  await page.goto(url(`${link.pathname}${link.hash}`));
  // The token leaves the address bar once read.
  await page.waitForURL(url(path));
}

async function journey(viewport: typeof DESKTOP) {
  const account = newAccount('Mara');
  const { context } = await kit.session(viewport);
  await kit.register(context, account);
  await context.close();

  await kit.withPage(viewport, async (page) => {
    // Forgot password, from the sign-in form.
    await page.goto(url('/login'));
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(url('/forgot-password'));
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').filter({ hasText: 'If an account uses this address' }).waitFor();
    await expectScreenAt(page, viewport, '/forgot-password, sent');
    await followMailedLink(page, 'Reset your SAI Wallet password', '/reset-password', '/forgot-password');

    const newPassword = `new-secret-${randomBytes(3).toString('hex')}`;
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await expectAccessible(page, '/reset-password');
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('status').filter({ hasText: 'Your password was changed' }).waitFor();
    await expectScreenAt(page, viewport, '/reset-password, done');

    // The new password signs in.
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(url('/login'));
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(url('/dashboard'));

    // Change of e-mail, from the security centre.
    const newEmail = `mara.moved.${randomBytes(3).toString('hex')}@example.org`;
    await page.goto(url('/profile?tab=security'));
    const panel = page.getByRole('region', { name: 'E-mail address' });
    await panel.getByText(`You sign in with ${account.email}`).waitFor();
    await panel.getByLabel('New e-mail address').fill(newEmail);
    await panel.getByLabel('Current password').fill(newPassword);
    await panel.getByRole('button', { name: 'Send confirmation link' }).click();
    await panel
      .getByRole('status')
      .filter({ hasText: `We have sent a link to ${newEmail}` })
      .waitFor();
    await expectScreenAt(page, viewport, '/profile security, e-mail change sent');
    await followMailedLink(page, 'Confirm your new SAI Wallet e-mail address', '/confirm-email', '/profile');

    await page.getByRole('heading', { name: 'Confirm your new e-mail address' }).waitFor();
    await expectAccessible(page, '/confirm-email');
    await page.getByRole('button', { name: 'Confirm new address' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Your address is now ${newEmail}` })
      .waitFor();
    await expectScreenAt(page, viewport, '/confirm-email, done');

    await page.goto(url('/profile?tab=security'));
    await page
      .getByRole('region', { name: 'E-mail address' })
      .getByText(`You sign in with ${newEmail}`)
      .waitFor();
  });
}

/**
 * The e-mail change's link opened in another browser (signed out): the page asks for the account's
 * password before the change is made (docs/security.md "Account recovery").
 */
async function confirmElsewhere(viewport: typeof DESKTOP) {
  const account = newAccount('Nils');
  const newEmail = `nils.moved.${randomBytes(3).toString('hex')}@example.org`;
  const { context } = await kit.session(viewport);
  await kit.register(context, account);
  await kit.post(context, '/api/account/email', { newEmail, currentPassword: account.password });
  let link = '';
  for (let i = 0; i < 50 && !link; i++) {
    const outbox = await context.request.get(url(`/api/dev/outbox?to=${encodeURIComponent(newEmail)}`));
    link = /\/confirm-email#token=[A-Za-z0-9_-]{43}/.exec(await outbox.text())?.[0] ?? '';
    if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(link).not.toBe('');
  await context.close();

  await kit.withPage(viewport, async (page) => {
    // The 401s asking for the password, and refusing the wrong one, are this journey's point.
    allowPageProblems(page, /^failed: 401 POST \/api\/auth\/email-change\/confirm$/);
    await page.goto(url(link));
    await page.waitForURL(url('/confirm-email'));
    await page.getByRole('button', { name: 'Confirm new address' }).click();
    await page.getByText('opened away from the session that asked for the change').waitFor();
    await expectScreenAt(page, viewport, '/confirm-email, password asked');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Confirm new address' }).click();
    await page.getByText('That password is not correct').waitFor();
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Confirm new address' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Your address is now ${newEmail}` })
      .waitFor();
  });
}

describe('password reset and e-mail change through the development outbox', () => {
  journeyTests(journey, [
    ['desktop: forgot password, reset from the mailed link, change e-mail and confirm it', DESKTOP],
    ['the same on a 360 px wide phone', PHONE],
  ]);

  test('an e-mail change confirmed in another browser asks for the password', async () => {
    await confirmElsewhere(DESKTOP);
  }, 240_000);
});
