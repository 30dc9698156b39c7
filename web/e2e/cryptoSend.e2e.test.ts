import { randomBytes } from 'node:crypto';
import { describe, expect } from 'vitest';
import { newAccount, type Viewport, widthAndLanguageTests } from './browserKit.ts';
import { allowPageProblems } from './harness.ts';
import { LANGUAGES, type Language, text } from './messagesKit.ts';
import { expectAccessible, expectScreenAt } from './screenKit.ts';
import { confirmedCryptoDeposit, saveLanguage, setUpAdminApp } from './sessionsKit.ts';

/**
 * A crypto transfer finds its recipient before the review, as the SAI transfer does (issue 48, point 7): an
 * unknown e-mail is refused on the form (when the field is left, and on "Review transfer") instead of at
 * Confirm, a known one shows "Sending to <username>" under the field, and the review names the recipient
 * by username and e-mail. At 1280 px and 360 px, in every language of the dashboard.
 */

const { kit, adminSession } = setUpAdminApp('crypto_send_e2e');

async function journey(viewport: Viewport, language: Language) {
  const px = `${viewport.width}px`;
  const sender = newAccount('Crypto');
  const friend = newAccount('Payee');
  const user = await kit.registered(viewport, sender);
  await (await kit.registered(viewport, friend)).context.close();
  const admin = await adminSession(viewport);
  await saveLanguage(kit, user.context, language);
  const sessions = { user: user.context, admin: admin.context };
  await confirmedCryptoDeposit(kit, sessions, { currency: 'ETH', network: 'ethereum', amount: '1' });
  await admin.context.close();

  const { page } = user;
  allowPageProblems(page, /^failed: 404 GET \/api\/users\/by-email\?/);
  await page.goto(kit.url('/dashboard'));
  await page.getByRole('button', { name: text(language, 'dashboard.actions.send'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: text(language, 'dashboard.actions.send') });
  await dialog.getByRole('combobox', { name: text(language, 'dashboard.currency') }).click();
  await page.getByRole('option', { name: 'ETH', exact: true }).click();
  const form = dialog.getByRole('form', { name: text(language, 'dashboard.send.form', { currency: 'ETH' }) });
  const email = form.getByLabel(text(language, 'dashboard.send.recipientEmail'));
  const amount = form.getByLabel(text(language, 'dashboard.send.amount', { currency: 'ETH' }));
  const reviewButton = form.getByRole('button', { name: text(language, 'dashboard.send.reviewButton') });
  const notFound = form.getByText(text(language, 'dashboard.send.notFound'), { exact: true });

  // An unknown e-mail: said when the field is left, and the review does not open.
  const stranger = `nobody.${randomBytes(4).toString('hex')}@example.com`;
  await email.fill(stranger);
  await amount.focus();
  await notFound.waitFor();
  await amount.fill('0.01');
  await reviewButton.click();
  await notFound.waitFor();
  expect(await dialog.getByRole('form', { name: text(language, 'dashboard.send.review') }).count()).toBe(0);
  await expectAccessible(page, `the crypto send form with an unknown recipient in ${language} at ${px}`);

  // A known one: named under the field, then on the review by username and e-mail.
  await email.fill(friend.email);
  await amount.focus();
  await form.getByText(text(language, 'dashboard.send.sendingTo', { name: friend.username })).waitFor();
  expect(await notFound.count()).toBe(0);
  await reviewButton.click();
  const review = dialog.getByRole('form', { name: text(language, 'dashboard.send.review') });
  await review.getByText(`${friend.username} (${friend.email})`, { exact: true }).waitFor();
  await review.getByText(text(language, 'dashboard.review.recipient'), { exact: true }).waitFor();
  await expectScreenAt(page, viewport, `the crypto transfer's review in ${language}`);
  await user.context.close();
}

describe('a crypto transfer finds its recipient before the review', () => {
  widthAndLanguageTests(journey, LANGUAGES, 120_000);
});
