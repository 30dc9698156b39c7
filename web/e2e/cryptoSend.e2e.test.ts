import { randomBytes } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { messages as deApp } from '../src/i18n/messages/de/app.ts';
import { messages as enApp } from '../src/i18n/messages/en/app.ts';
import { messages as esApp } from '../src/i18n/messages/es/app.ts';
import { messages as frApp } from '../src/i18n/messages/fr/app.ts';
import {
  DESKTOP,
  expectAccessible,
  expectNoHorizontalScroll,
  newAccount,
  newAdmin,
  PHONE,
  setUpBrowserApp,
  withSignInProof,
} from './browserKit.ts';
import { allowPageProblems } from './harness.ts';

/**
 * A crypto transfer finds its recipient before the review, as the SAI transfer does (issue 48, point 7): an
 * unknown e-mail is refused on the form (when the field is left, and on "Review transfer") instead of at
 * Confirm, a known one shows "Sending to <username>" under the field, and the review names the recipient
 * by username and e-mail. At 1280 px and 360 px, in every language of the dashboard.
 */

const ADMIN = newAdmin();
const { kit } = setUpBrowserApp('crypto_send_e2e', ADMIN.env);

type Viewport = typeof DESKTOP;
const CATALOGS = { en: enApp, de: deApp, fr: frApp, es: esApp } as const;
type Language = keyof typeof CATALOGS;
type MessageId = keyof typeof enApp;

function text(language: Language, id: MessageId, args: Record<string, string> = {}): string {
  let message = (CATALOGS[language] as Record<MessageId, string>)[id];
  for (const [name, value] of Object.entries(args)) message = message.replace(`{${name}}`, value);
  return message;
}

async function call(
  context: BrowserContext,
  method: 'GET' | 'PUT' | 'POST' | 'PATCH',
  path: string,
  data?: unknown,
) {
  const response = await context.request.fetch(kit.url(path), {
    method,
    ...(data === undefined ? {} : { data: withSignInProof(context, method, path, data) }),
    headers: { Origin: kit.url('') },
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as Record<string, unknown>;
}

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
  const preferences = await call(user.context, 'GET', '/api/account/preferences');
  await call(user.context, 'PUT', '/api/account/preferences', { ...preferences, language });
  const deposit = await call(user.context, 'POST', '/api/crypto/deposits', {
    currency: 'ETH',
    network: 'ethereum',
  });
  await call(admin.context, 'PATCH', `/api/admin/crypto/deposits/${deposit.id}`, {
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
  for (const language of Object.keys(CATALOGS) as Language[]) {
    test(`at 1280px in ${language}`, () => journey(DESKTOP, language), 120_000);
    test(`at 360px in ${language}`, () => journey(PHONE, language), 120_000);
  }
});
