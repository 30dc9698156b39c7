import type { Locator } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { answerTo, DESKTOP, newAccount, PHONE, type Viewport } from './browserKit.ts';
import { allowPageProblems } from './harness.ts';
import { CATALOGS, fill } from './messagesKit.ts';
import { expectAccessible } from './screenKit.ts';
import { confirmedCryptoDeposit, saveLanguage, setUpAdminApp } from './sessionsKit.ts';

/**
 * The crypto send and withdraw forms place the server's refusal by its `code` (api/http/problemCodes.ts),
 * not by its English text: a user whose saved language is German sends, then withdraws, more ETH than
 * another session has left them (so that the server refuses it, not the form), and reads the refusal in
 * German on the amount field. A form that matched the English text would leave the field without it.
 */

const { kit, adminSession } = setUpAdminApp('i18n_refusals_crypto_e2e');
const words = CATALOGS.de;
const WITHDRAW_TO = '0x1111222233334444555566667777888899990000';

/**
 * The German "not enough ETH" refusal, whatever amount it names (written in German notation). Unanchored:
 * the amount field's description also holds its hint (what is available).
 */
const NOT_ENOUGH_ETH = new RegExp(
  `${words['shell.validation.cryptoInsufficient']
    .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
    .replace('{amount}', '[\\d.,\\s]+')
    .replace('{currency}', 'ETH')}`,
);

/** The error a field is described by (TextField links it with aria-describedby and marks it invalid). */
async function fieldError(field: Locator): Promise<string> {
  expect(await field.getAttribute('aria-invalid')).toBe('true');
  return field.evaluate((input) =>
    (input.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );
}

async function journey(viewport: Viewport) {
  const at = `at ${viewport.width}px`;
  const saver = newAccount('Crypto');
  const friend = newAccount('Payee');
  const user = await kit.registered(viewport, saver, { locale: 'en-US' });
  await (await kit.registered(viewport, friend)).context.close();
  const admin = await adminSession(viewport);
  await saveLanguage(kit, user.context, 'de');
  const sessions = { user: user.context, admin: admin.context };
  await confirmedCryptoDeposit(kit, sessions, { currency: 'ETH', network: 'ethereum', amount: '2' });
  await admin.context.close();

  const { page } = user;
  allowPageProblems(
    page,
    /^failed: 401 POST \/api\/crypto\/transfer$/,
    /^failed: 422 POST \/api\/crypto\/transfer$/,
    /^failed: 422 POST \/api\/crypto\/withdraw$/,
  );

  // The crypto send form: 0.6 ETH reviewed while the screen shows 2 ETH, then another session of the user
  // sends 1.5 ETH away, so the server refuses the 0.6 with insufficient_funds.
  await page.goto(kit.url('/dashboard'));
  await page.getByRole('button', { name: words['dashboard.actions.send'], exact: true }).click();
  const dialog = page.getByRole('dialog', { name: words['dashboard.actions.send'] });
  await dialog.getByRole('combobox', { name: words['dashboard.currency'] }).click();
  await page.getByRole('option', { name: 'ETH', exact: true }).click();
  const send = dialog.getByRole('form', { name: fill(words['dashboard.send.form'], { currency: 'ETH' }) });
  const sendAmount = send.getByLabel(fill(words['dashboard.send.amount'], { currency: 'ETH' }));
  await send.getByLabel(words['dashboard.send.recipientEmail']).fill(friend.email);
  await sendAmount.fill('0.6');
  await send.getByRole('button', { name: words['dashboard.send.reviewButton'] }).click();
  const review = dialog.getByRole('form', { name: words['dashboard.send.review'] });
  await review.waitFor();
  await kit.call(user.context, 'POST', '/api/crypto/transfer', {
    recipientEmail: friend.email,
    currency: 'ETH',
    amount: '1.5',
    description: '',
    password: saver.password,
  });
  let sent = answerTo(page, 'POST', '/api/crypto/transfer');
  await review.getByRole('button', { name: words['dashboard.send.confirm'] }).click();
  // Above the small allowance the server first asks for the password (docs/security.md, "Step-up").
  if ((await sent).status() === 401) {
    await review.getByLabel(words['dashboard.withdraw.password'], { exact: true }).fill(saver.password);
    sent = answerTo(page, 'POST', '/api/crypto/transfer');
    await review.getByRole('button', { name: words['dashboard.send.confirm'] }).click();
  }
  const refused = await sent;
  expect(refused.status()).toBe(422);
  expect(((await refused.json()) as { code?: string }).code).toBe('insufficient_funds');
  await send.getByText(NOT_ENOUGH_ETH).waitFor();
  expect(await fieldError(sendAmount)).toMatch(NOT_ENOUGH_ETH);
  await expectAccessible(page, `the crypto send form refused over the balance ${at}`);

  // The withdraw form: 0.4 ETH reviewed while the screen shows 0.5 ETH, then 0.3 ETH is withdrawn elsewhere.
  await page.goto(kit.url('/dashboard'));
  await page.getByRole('button', { name: words['dashboard.actions.withdraw'], exact: true }).click();
  const withdraw = page.getByRole('form', { name: words['dashboard.actions.withdraw.title'] });
  await withdraw.getByRole('combobox', { name: words['dashboard.review.network'] }).click();
  await page.getByRole('option', { name: 'Base', exact: true }).click();
  await withdraw.getByLabel(words['dashboard.withdraw.address']).fill(WITHDRAW_TO);
  const withdrawAmount = withdraw.getByLabel(fill(words['dashboard.send.amount'], { currency: 'ETH' }));
  await withdrawAmount.fill('0.4');
  await withdraw.getByRole('button', { name: words['dashboard.withdraw.reviewButton'] }).click();
  const withdrawReview = page.getByRole('form', { name: words['dashboard.withdraw.review'] });
  await withdrawReview.getByText(WITHDRAW_TO).waitFor();
  await kit.call(user.context, 'POST', '/api/crypto/withdraw', {
    currency: 'ETH',
    amount: '0.3',
    address: WITHDRAW_TO,
    chain: 'ethereum',
    password: saver.password,
  });
  await withdrawReview.getByLabel(words['dashboard.withdraw.password'], { exact: true }).fill(saver.password);
  const withdrawn = answerTo(page, 'POST', '/api/crypto/withdraw');
  await withdrawReview.getByRole('button', { name: words['dashboard.withdraw.confirm'] }).click();
  const declined = await withdrawn;
  expect(declined.status()).toBe(422);
  expect(((await declined.json()) as { code?: string }).code).toBe('insufficient_funds');
  await withdraw.getByText(NOT_ENOUGH_ETH).waitFor();
  expect(await fieldError(withdrawAmount)).toMatch(NOT_ENOUGH_ETH);
  await expectAccessible(page, `the withdraw form refused over the balance ${at}`);
  await user.context.close();
}

describe('the crypto forms place a refusal by its code', () => {
  test('in German at 1280 px', () => journey(DESKTOP), 240_000);
  test('in German at 360 px', () => journey(PHONE), 240_000);
});
