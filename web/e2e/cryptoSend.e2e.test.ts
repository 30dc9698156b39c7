import { randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import {
  DESKTOP,
  expectAccessible,
  expectNoHorizontalScroll,
  newAccount,
  newAdmin,
  PHONE,
  setUpBrowserApp,
  type Viewport,
} from './browserKit.ts';
import { allowPageProblems } from './harness.ts';
import { LANGUAGES, type Language, text } from './messagesKit.ts';

/**
 * A crypto transfer finds its recipient before the review, as the SAI transfer does (issue 48, point 7): an
 * unknown e-mail is refused on the form (when the field is left, and on "Review transfer") instead of at
 * Confirm, a known one shows "Sending to <username>" under the field, and the review names the recipient
 * by username and e-mail. At 1280 px and 360 px, in every language of the dashboard.
 */

const ADMIN = newAdmin();
const { kit } = setUpBrowserApp('crypto_send_e2e', ADMIN.env);

async function journey(viewport: Viewport, language: Language) {
  const px = `${viewport.width}px`;
  const sender = newAccount('Crypto');
  const friend = newAccount('Payee');
  const user = await kit.session(viewport);
  await kit.register(user.context, sender);
  const other = await kit.session(viewport);
  await kit.register(other.context, friend);
  await other.context.close();
  const admin = await kit.session(viewport);
  await kit.signIn(admin.context, ADMIN.email, ADMIN.password);
  const preferences = await kit.call(user.context, 'GET', '/api/account/preferences');
  await kit.call(user.context, 'PUT', '/api/account/preferences', { ...preferences, language });
  const deposit = await kit.call(user.context, 'POST', '/api/crypto/deposits', {
    currency: 'ETH',
    network: 'ethereum',
  });
  await kit.call(admin.context, 'PATCH', `/api/admin/crypto/deposits/${deposit.id}`, {
    action: 'confirm',
    amount: '1',
    txHash: `0x${randomBytes(32).toString('hex')}`,
  });
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
  await expectAccessible(page, `the crypto transfer's review in ${language} at ${px}`);
  if (viewport === PHONE) await expectNoHorizontalScroll(page, `the crypto transfer's review in ${language}`);
  await user.context.close();
}

describe('a crypto transfer finds its recipient before the review', () => {
  for (const language of LANGUAGES) {
    test(`at 1280px in ${language}`, () => journey(DESKTOP, language), 120_000);
    test(`at 360px in ${language}`, () => journey(PHONE, language), 120_000);
  }
});
