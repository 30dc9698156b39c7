import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { verificationToken } from '../../testing/verificationLink.ts';
import {
  DESKTOP,
  newAccount,
  PHONE,
  setUpBrowserApp,
  type Viewport,
  widthAndLanguageTests,
} from './browserKit.ts';
import { LANGUAGES, type Language, text } from './messagesKit.ts';
import { expectAccessible, expectScreen, expectScreenAt } from './screenKit.ts';

/**
 * Issue 47.10: a new account is unverified until the link mailed to its address is opened. Every signed-in
 * screen shows "Confirm your e-mail" with "Send the link again"; the mailed link's page confirms the
 * address, and the banner goes. In English, German, French and Spanish, at 1280 and 360 px. Then, once, the
 * owner of a squatted address takes the account back from the link: the squatter's session ends.
 */
const { kit } = setUpBrowserApp('e2e_email_verify');

/** The newest verification link mailed to `email`, from the development outbox. */
async function mailedLink(context: BrowserContext, email: string, count: number): Promise<string> {
  let mails: { text: string; purpose: string }[] = [];
  await expect
    .poll(async () => {
      const answer = await kit.call(context, 'GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`);
      mails = (answer.mails as typeof mails).filter((m) => m.purpose === 'email_verification');
      return mails.length;
    })
    .toBe(count);
  return `/verify-email#token=${verificationToken(mails)}`;
}

async function banner(page: Page, language: Language) {
  return page.getByRole('region', { name: text(language, 'shell.verifyEmail.title') });
}

async function journey(viewport: Viewport, language: Language) {
  const where = `${language} at ${viewport.width}px`;
  const account = newAccount('Vera');
  const { context, page } = await kit.session(viewport);
  await kit.register(context, account, { verified: false });
  if (language !== 'en') {
    const preferences = await kit.call(context, 'GET', '/api/account/preferences');
    await kit.call(context, 'PUT', '/api/account/preferences', { ...preferences, language });
  }

  await page.goto(kit.url('/dashboard'));
  const shown = await banner(page, language);
  await shown.waitFor();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
  await expect
    .poll(() => shown.textContent())
    .toContain(text(language, 'shell.verifyEmail.text').replace('{email}', account.email));
  await expectScreenAt(page, viewport, `banner, ${where}`);

  await shown.getByRole('button', { name: text(language, 'shell.verifyEmail.resend') }).click();
  await shown
    .getByRole('status')
    .filter({ hasText: text(language, 'shell.verifyEmail.sent') })
    .waitFor();
  const link = await mailedLink(context, account.email, 2);

  await page.goto(kit.url(link));
  await page.waitForURL(kit.url('/verify-email'));
  await page.getByRole('heading', { name: text(language, 'auth.verify.title') }).waitFor();
  await expectScreenAt(page, viewport, `/verify-email, ${where}`);
  await page.getByRole('button', { name: text(language, 'auth.verify.submit') }).click();
  await page
    .getByRole('status')
    .filter({ hasText: text(language, 'auth.verify.done') })
    .waitFor();
  await expectAccessible(page, `/verify-email done, ${where}`);

  await page.goto(kit.url('/dashboard'));
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  expect(await (await banner(page, language)).count()).toBe(0);
  expect((await kit.call(context, 'GET', '/api/auth/user')).emailVerified).toBe(true);
  await context.close();
}

describe('Confirm your e-mail', () => {
  widthAndLanguageTests(journey, LANGUAGES);

  test('the owner of the address takes a squatted account back; the squatter is signed out', async () => {
    const owner = newAccount('Owner');
    const squatter = await kit.registered(DESKTOP, owner, { verified: false });
    await squatter.page.goto(kit.url('/dashboard'));
    await (await banner(squatter.page, 'en')).waitFor();
    const link = await mailedLink(squatter.context, owner.email, 1);

    await kit.withPage(PHONE, async (page) => {
      await page.goto(kit.url(link));
      await page.getByRole('heading', { name: text('en', 'auth.verify.title') }).waitFor();
      const form = page.getByRole('form', { name: text('en', 'auth.verify.notMe') });
      await form.getByLabel(text('en', 'auth.verify.newPassword'), { exact: true }).fill('the-owner-1');
      await form.getByLabel(text('en', 'auth.verify.confirmPassword')).fill('the-owner-1');
      await form.getByRole('button', { name: text('en', 'auth.verify.reclaim') }).click();
      await page
        .getByRole('status')
        .filter({ hasText: text('en', 'auth.verify.reclaimed') })
        .waitFor();
      await expectScreen(page, '/verify-email reclaimed, 360px');
    });

    // The squatter's session is gone: the next signed-in screen sends them to sign in.
    await squatter.page.goto(kit.url('/dashboard'));
    await squatter.page.waitForURL(/\/login/);
    const again = await squatter.context.request.post(kit.url('/api/auth/login'), {
      data: { email: owner.email, password: owner.password },
      headers: { Origin: kit.url('') },
    });
    expect(again.status()).toBe(401);
  });
});
