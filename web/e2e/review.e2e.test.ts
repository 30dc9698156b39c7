import { randomBytes } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import {
  type Account,
  DESKTOP,
  journeyTests,
  newAccount,
  openDashboard,
  PHONE,
  toasts,
  untilVisible,
  withSignInProof,
} from './browserKit.ts';
import { allowPageProblems } from './harness.ts';
import { expectScreenAt } from './screenKit.ts';
import { setUpAdminApp } from './sessionsKit.ts';

/**
 * The review step before money leaves (docs/product-rules.md rule 26): Send shows a summary and only
 * Confirm sends; Withdraw's review asks for the password and shows the server's refusal of a wrong one on
 * its field; the admin's Distribute is reviewed too. At 1280 px and at 360 px, each with its own accounts.
 */

const WITHDRAW_TO = '0x9999888877776666555544443333222211110000';
const { kit, app, ADMIN, userFriendAndAdmin } = setUpAdminApp('review_e2e');

type Viewport = typeof DESKTOP;

async function userIdOf(context: BrowserContext): Promise<string> {
  const response = await context.request.get(kit.url('/api/auth/user'));
  return ((await response.json()) as { id: string }).id;
}

/** 50 SAI distributed by the admin and 1 ETH deposited and confirmed, through the API. */
async function fund(admin: BrowserContext, user: BrowserContext) {
  const userId = await userIdOf(user);
  await kit.post(admin, '/api/transactions', { type: 'admin_deposit', amount: '50.00', receiver_id: userId });
  const declared = await kit.post(user, '/api/crypto/deposits', {
    currency: 'ETH',
    network: 'ethereum',
    txHash: `0x${randomBytes(32).toString('hex')}`,
  });
  const { id } = (await declared.json()) as { id: string };
  const path = `/api/admin/crypto/deposits/${id}`;
  const confirmed = await admin.request.patch(kit.url(path), {
    data: withSignInProof(admin, 'PATCH', path, { action: 'confirm', amount: '1' }),
    headers: { Origin: app().url },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

async function chooseOption(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The summary's value for `term` (a `dt` and its `dd`). */
function summaryValue(review: Locator, term: string): Locator {
  return review.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
}

/** Send: the form validates, then the review; Edit keeps the values; only Confirm sends. */
async function reviewAndSendSai(page: Page, viewport: Viewport, friend: Account) {
  await openDashboard(page, kit.url('/dashboard'));
  const send = page.getByRole('form', { name: 'Send SAI' });
  await send.getByLabel('Recipient email').fill(friend.email);
  await send.getByLabel('Amount (SAI)').fill('2.5');
  await send.getByLabel('Description').fill('Coffee');
  await send.getByRole('button', { name: 'Review transfer' }).click();
  const sendReview = page.getByRole('form', { name: 'Review your transfer' });
  await sendReview.getByRole('heading', { name: 'Review your transfer' }).waitFor();
  expect(await summaryValue(sendReview, 'Amount').textContent()).toBe('2.50 SAI');
  expect(await summaryValue(sendReview, 'Fee').textContent()).toBe('Free');
  expect(await summaryValue(sendReview, 'Recipient').textContent()).toBe(
    `${friend.username} (${friend.email})`,
  );
  expect(await summaryValue(sendReview, 'Arrives').textContent()).toBe('Instantly');
  await expectScreenAt(page, viewport, 'the transfer review');
  // Nothing was sent yet.
  const balance = page.getByRole('region', { name: 'Token balance' });
  await balance.getByText('50.00', { exact: true }).waitFor();
  await sendReview.getByRole('button', { name: 'Edit' }).click();
  await send.getByLabel('Amount (SAI)').waitFor();
  expect(await send.getByLabel('Amount (SAI)').inputValue()).toBe('2.5');
  await send.getByRole('button', { name: 'Review transfer' }).click();
  await sendReview.getByRole('button', { name: 'Confirm and send' }).click();
  await toasts(page).getByText('Money sent successfully').waitFor();
  await untilVisible(page, balance.getByText('47.50', { exact: true }));
  await send.getByLabel('Recipient email').waitFor();
}

/**
 * Withdraw: addresses of another network or with a mistyped checksum refused on the field; then the review
 * with network, address, fee and arrival; a wrong password is refused on its field, the right one sends.
 */
async function withdrawWithPassword(page: Page, viewport: Viewport, sender: Account) {
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  const withdraw = page.getByRole('form', { name: 'Withdraw crypto' });
  await chooseOption(page, withdraw, 'Network', 'Ethereum');
  await withdraw.getByLabel('Amount (ETH)').fill('0.25');
  // An address of another network, and one with a mistyped EIP-55 checksum: refused on the field, with
  // the network named, before any review (domain/crypto/addresses.ts, the server's own check).
  const invalidAddress =
    'This is not a valid Ethereum address: check it character by character, or copy it again from your wallet.';
  for (const wrong of [
    'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    '0x52908400098527886E0F7030069857D2E4169Ee7',
  ]) {
    await withdraw.getByLabel('Destination address').fill(wrong);
    await withdraw.getByRole('button', { name: 'Review withdrawal' }).click();
    await withdraw.getByText(invalidAddress).waitFor();
    expect(await page.getByRole('form', { name: 'Review your withdrawal' }).count()).toBe(0);
  }
  await expectScreenAt(page, viewport, 'the withdrawal form refusing an address');
  await withdraw.getByLabel('Destination address').fill(WITHDRAW_TO);
  await withdraw.getByRole('button', { name: 'Review withdrawal' }).click();
  const withdrawReview = page.getByRole('form', { name: 'Review your withdrawal' });
  await withdrawReview.getByRole('heading', { name: 'Review your withdrawal' }).waitFor();
  expect(await summaryValue(withdrawReview, 'Amount').textContent()).toBe('0.250000 ETH');
  expect(await summaryValue(withdrawReview, 'Fee').textContent()).toBe('None: the full amount is sent');
  expect(await summaryValue(withdrawReview, 'Network').textContent()).toBe('Ethereum');
  expect(await summaryValue(withdrawReview, 'Address').textContent()).toBe(WITHDRAW_TO);
  expect(await summaryValue(withdrawReview, 'Arrives').textContent()).toBe('Within 24 hours');
  // Confirm without the password: asked for it, nothing sent.
  await withdrawReview.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await withdrawReview.getByText('Enter your password to confirm').waitFor();
  allowPageProblems(page, /^failed: 4\d\d POST \/api\/crypto\/withdraw$/);
  await withdrawReview.getByLabel('Password').fill('not-my-password');
  await withdrawReview.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await withdrawReview.getByText('That password is not correct').waitFor();
  expect(await withdrawReview.getByLabel('Password').inputValue()).toBe('');
  await expect
    .poll(() => withdrawReview.getByLabel('Password').evaluate((el) => el === document.activeElement))
    .toBe(true);
  await expectScreenAt(page, viewport, 'the withdrawal review');
  await withdrawReview.getByLabel('Password').fill(sender.password);
  await withdrawReview.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await toasts(page).getByText('Withdrawal Initiated').waitFor();
  await withdrawReview.waitFor({ state: 'detached' });
  const eth = page.getByTestId('crypto-balance').and(page.locator('[data-currency="ETH"]'));
  await untilVisible(page, eth.getByText('0.250000 ETH on hold'));
}

/** The admin's distribution: reviewed, then minted with the admin's password. */
async function reviewAndDistribute(page: Page, viewport: Viewport, friend: Account) {
  await openDashboard(page, kit.url('/dashboard'));
  const distribute = page.getByRole('form', { name: 'Distribute tokens' });
  await distribute.getByLabel('User email').fill(friend.email);
  await distribute.getByLabel('Amount (SAI)').fill('5');
  await distribute.getByRole('button', { name: 'Review distribution' }).click();
  const distributeReview = page.getByRole('form', { name: 'Review the distribution' });
  await distributeReview.getByRole('heading', { name: 'Review the distribution' }).waitFor();
  expect(await summaryValue(distributeReview, 'Amount').textContent()).toBe('5.00 SAI');
  expect(await summaryValue(distributeReview, 'Recipient').textContent()).toBe(
    `${friend.username} (${friend.email})`,
  );
  expect(await summaryValue(distributeReview, 'Arrives').textContent()).toBe('Instantly');
  await expectScreenAt(page, viewport, 'the distribution review');
  // The admin's fresh proof (docs/security.md, "Admin re-authentication and four-eyes").
  await distributeReview.getByLabel('Password').fill(ADMIN.password);
  await distributeReview.getByRole('button', { name: 'Confirm and distribute' }).click();
  await toasts(page).getByText('Tokens distributed successfully').waitFor();
}

async function reviewJourney(viewport: Viewport) {
  const sender = newAccount('Payer');
  const friend = newAccount('Payee');
  const { user, other, admin } = await userFriendAndAdmin(viewport, sender, friend);
  await fund(admin.context, user.context);

  await reviewAndSendSai(user.page, viewport, friend);
  await withdrawWithPassword(user.page, viewport, sender);
  expect(user.problems).toEqual([]);

  await reviewAndDistribute(admin.page, viewport, friend);
  expect(admin.problems).toEqual([]);

  // The friend got both: 2.50 sent and 5.00 distributed.
  await openDashboard(other.page, kit.url('/dashboard'));
  await untilVisible(
    other.page,
    other.page.getByRole('region', { name: 'Token balance' }).getByText('7.50', { exact: true }),
  );
}

/** 2FA switched on through the API; the authenticator, to make codes with. */
async function enrol(context: BrowserContext, password: string): Promise<OTPAuth.TOTP> {
  const setup = await kit.post(context, '/api/account/2fa/setup', { password });
  const totp = OTPAuth.URI.parse(((await setup.json()) as { otpauthUri: string }).otpauthUri) as OTPAuth.TOTP;
  await kit.post(context, '/api/account/2fa/enable', { code: totp.generate() });
  return totp;
}

/** A crypto transfer reviewed and sent; a withdrawal confirmed with the authenticator code (2FA on). */
async function twoFactorJourney(viewport: Viewport) {
  const holder = newAccount('Guarded');
  const friend = newAccount('Buddy');
  const { user, admin } = await userFriendAndAdmin(viewport, holder, friend);
  await fund(admin.context, user.context);
  const totp = await enrol(user.context, holder.password);

  // Send ETH: the crypto transfer is reviewed too.
  await openDashboard(user.page, kit.url('/dashboard'));
  await user.page.getByRole('button', { name: 'Send', exact: true }).click();
  const dialog = user.page.getByRole('dialog', { name: 'Send' });
  await chooseOption(user.page, dialog, 'Currency', 'ETH');
  const send = dialog.getByRole('form', { name: 'Send ETH' });
  await send.getByLabel('Recipient email').fill(friend.email);
  // 0.01 ETH: within the small allowance, so no proof is asked (the SAI journeys of sendOnce show one).
  await send.getByLabel('Amount (ETH)').fill('0.01');
  await send.getByRole('button', { name: 'Review transfer' }).click();
  const sendReview = dialog.getByRole('form', { name: 'Review your transfer' });
  expect(await summaryValue(sendReview, 'Amount').textContent()).toBe('0.010000 ETH');
  expect(await summaryValue(sendReview, 'Fee').textContent()).toBe('Free');
  // Looked up before the review (issue 48, point 7): named by username and e-mail, as for SAI.
  expect(await summaryValue(sendReview, 'Recipient').textContent()).toBe(
    `${friend.username} (${friend.email})`,
  );
  expect(await summaryValue(sendReview, 'Arrives').textContent()).toBe('Instantly');
  await expectScreenAt(user.page, viewport, 'the crypto transfer review');
  await sendReview.getByRole('button', { name: 'Confirm and send' }).click();
  await toasts(user.page).getByText('Money sent successfully').waitFor();
  await dialog.waitFor({ state: 'detached' });

  // Withdraw with 2FA on: the review asks for the code, not the password.
  await user.page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  const withdraw = user.page.getByRole('form', { name: 'Withdraw crypto' });
  await chooseOption(user.page, withdraw, 'Network', 'Ethereum');
  await withdraw.getByLabel('Destination address').fill(WITHDRAW_TO);
  await withdraw.getByLabel('Amount (ETH)').fill('0.25');
  await withdraw.getByRole('button', { name: 'Review withdrawal' }).click();
  const review = user.page.getByRole('form', { name: 'Review your withdrawal' });
  await review.getByText('To confirm, enter the current code from your authenticator app.').waitFor();
  expect(await review.getByLabel('Password').count()).toBe(0);
  // A code from ten minutes on is wrong now: refused on the field.
  allowPageProblems(user.page, /^failed: 4\d\d POST \/api\/crypto\/withdraw$/);
  await review.getByLabel('Authentication code').fill(totp.generate({ timestamp: Date.now() + 600_000 }));
  await review.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await review
    .getByText('That code is not valid, or was already used. Wait for the next code and try again.')
    .waitFor();
  await expectScreenAt(user.page, viewport, 'the withdrawal review asking for a code');
  // The enrolment spent the current step's code; the next step's is accepted (one step of clock drift).
  await review.getByLabel('Authentication code').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await review.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await toasts(user.page).getByText('Withdrawal Initiated').waitFor();
  const eth = user.page.getByTestId('crypto-balance').and(user.page.locator('[data-currency="ETH"]'));
  await untilVisible(user.page, eth.getByText('0.250000 ETH on hold'));
  expect(user.problems).toEqual([]);
}

describe('review before money leaves', () => {
  journeyTests(reviewJourney, [
    ['send, withdraw with the password and distribute, each reviewed first', DESKTOP],
    ['send, withdraw with the password and distribute, each reviewed first, at 360 px', PHONE],
  ]);
  journeyTests(twoFactorJourney, [
    ['a crypto transfer reviewed; a withdrawal confirmed with the authenticator code', DESKTOP],
    ['a crypto transfer reviewed; a withdrawal confirmed with the authenticator code, at 360 px', PHONE],
  ]);
});
