import { randomBytes } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { NO_DEPOSIT_ADDRESSES } from '../../testing/depositAddresses.ts';
import {
  type Account,
  DEPOSIT_ADDRESS_ETH,
  DESKTOP,
  dismissToast,
  journeyTests,
  newAccount,
  openDashboard,
  PHONE,
  toasts,
  untilVisible,
} from './browserKit.ts';
import { allowPageProblems } from './harness.ts';
import { expectAccessible, expectNoHorizontalScroll, expectScreenAt, expectUncovered } from './screenKit.ts';
import { setUpAdminApp } from './sessionsKit.ts';

/**
 * Crypto through the browser: a deposit declared on /deposit and confirmed by an admin, a withdrawal
 * held at once and completed by the admin; then the profile's three tabs with real calls. Each journey
 * runs at 1280 px and at 360 px, with its own accounts.
 */

const WITHDRAW_TO = '0x1111222233334444555566667777888899990000';
const DECLARED_ON_BASE = 'This transaction hash has already been declared for a deposit on Base';

const { kit, ADMIN, adminSession } = setUpAdminApp('crypto_e2e', {
  ...NO_DEPOSIT_ADDRESSES,
  DEPOSIT_ADDRESS_ETH,
});

function ethRow(page: Page) {
  return page.getByTestId('crypto-balance').and(page.locator('[data-currency="ETH"]'));
}

async function chooseOption(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

type Viewport = typeof DESKTOP;

/**
 * /deposit: no network is refused; USDT on Tron has no address and takes no declaration; USDT on Ethereum
 * shows its minimum; ETH on Base shows the configured address, copied to the clipboard. The form.
 */
async function chooseDepositNetwork(page: Page, viewport: Viewport) {
  await page.goto(kit.url('/deposit'));
  await page.getByRole('heading', { name: 'Add funds to your wallet' }).waitFor();
  await page.getByRole('tab', { name: 'Crypto deposit', selected: true }).waitFor();
  const form = page.getByRole('form', { name: 'Crypto deposit' });

  // No network yet: the form says so.
  await form.getByRole('button', { name: 'Declare deposit' }).click();
  await form.getByText('Please select a network').waitFor();

  // USDT on Tron: no Tron address is set, so the form says why and takes no declaration.
  await chooseOption(page, form, 'Currency', 'USDT');
  await chooseOption(page, form, 'Network', 'Tron TRC-20');
  await form
    .getByText('Deposits in USDT on Tron TRC-20 are not available yet: no deposit address is set.')
    .waitFor();
  expect(await form.getByRole('button', { name: 'Declare deposit' }).isDisabled()).toBe(true);
  // USDT on Ethereum (DEPOSIT_ADDRESS_ETH seeds it): a minimum and 12 confirmations.
  await chooseOption(page, form, 'Network', 'Ethereum');
  await form
    .getByText('The minimum deposit amount is 50 USDT. Sending less may result in loss of funds.')
    .waitFor();
  await form.getByText('12 network confirmations').waitFor();

  // Back to ETH: the network empties; on Base the configured address shows, with 6 confirmations.
  await chooseOption(page, form, 'Currency', 'ETH');
  await form.getByRole('combobox', { name: 'Network' }).getByText('Select a network').waitFor();
  await chooseOption(page, form, 'Network', 'Base');
  const address = form.getByRole('region', { name: 'Deposit address' });
  await address.getByText(DEPOSIT_ADDRESS_ETH).waitFor();
  await form.getByText('6 network confirmations').waitFor();
  await address.getByRole('button', { name: 'Copy deposit address' }).click();
  await address.getByText('Copied!').waitFor();
  await toasts(page).getByText('Address copied').waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(DEPOSIT_ADDRESS_ETH);
  await expectScreenAt(page, viewport, '/deposit with a network chosen');
  return form;
}

/**
 * An ETH deposit on Base declared with its hash in upper case without 0x (the same hash again is refused),
 * and one on Arbitrum without a hash. The hash, and the Base deposit's entry.
 */
async function declareDeposits(page: Page, viewport: Viewport, form: Locator) {
  const hex = randomBytes(32).toString('hex');
  await form.getByLabel('Transaction hash').fill(hex.toUpperCase());
  await form.getByRole('button', { name: 'Declare deposit' }).click();
  await toasts(page).getByText('Deposit Submitted').waitFor();
  await dismissToast(page, 'Deposit Submitted');
  const declared = page.getByTestId('declared-deposit').filter({ hasText: 'ETH on Base' });
  await declared.getByText('Pending').waitFor();
  if (viewport === PHONE) await expectNoHorizontalScroll(page, '/deposit with a declared deposit');
  // One transaction, one deposit: the same hash, spelled the canonical way, is refused.
  allowPageProblems(page, /^failed: 409 POST \/api\/crypto\/deposits$/);
  await form.getByLabel('Transaction hash').fill(`0x${hex}`);
  await form.getByRole('button', { name: 'Declare deposit' }).click();
  await form.getByText(DECLARED_ON_BASE).waitFor();
  await dismissToast(page, 'Failed to declare deposit');
  // A second deposit, on Arbitrum, without a hash.
  await chooseOption(page, form, 'Network', 'Arbitrum');
  await form.getByLabel('Transaction hash').fill('');
  await form.getByRole('button', { name: 'Declare deposit' }).click();
  await toasts(page).getByText('Deposit Submitted').waitFor();
  await page.getByTestId('declared-deposit').filter({ hasText: 'ETH on Arbitrum' }).waitFor();
  return { hex, declared };
}

/** The admin confirms 1 ETH and 0.5 ETH, giving the hashless deposit its hash; the admin's session. */
async function confirmDeposits(viewport: Viewport, saver: Account, hex: string) {
  const admin = await adminSession(viewport);
  await admin.page.goto(kit.url('/admin/crypto'));
  const ofSaver = admin.page.getByTestId('deposit-queue-item').filter({ hasText: saver.username });
  // The hash as its network writes it: 0x and lower case.
  const deposit = ofSaver.filter({ hasText: `0x${hex}` });
  await deposit.waitFor();
  if (viewport === PHONE) await expectNoHorizontalScroll(admin.page, '/admin/crypto with a deposit');
  await deposit.getByRole('button', { name: 'Confirm' }).click();
  const confirm = admin.page.getByRole('alertdialog', { name: 'Confirm this deposit?' });
  expect(await confirm.getByLabel('Transaction hash').count()).toBe(0);
  await confirm.getByLabel('Amount received (ETH)').fill('1');
  // Crediting needs the admin's fresh proof (docs/security.md, "Admin re-authentication and four-eyes").
  await confirm.getByLabel('Password').fill(ADMIN.password);
  await confirm.getByRole('button', { name: 'Confirm deposit' }).click();
  await toasts(admin.page).getByText('Deposit confirmed').waitFor();
  await dismissToast(admin.page, 'Deposit confirmed');
  // The one declared without a hash gets it at confirmation: the dialog asks for it.
  const hashless = ofSaver.filter({ hasText: 'Arbitrum' });
  await hashless.getByRole('button', { name: 'Confirm' }).click();
  await confirm.getByLabel('Amount received (ETH)').fill('0.5');
  await confirm.getByLabel('Password').fill(ADMIN.password);
  await confirm.getByRole('button', { name: 'Confirm deposit' }).click();
  await confirm.getByText('Enter the transaction hash of this deposit to confirm it').waitFor();
  await confirm.getByLabel('Transaction hash').fill(randomBytes(32).toString('hex'));
  await confirm.getByRole('button', { name: 'Confirm deposit' }).click();
  await toasts(admin.page).getByText('Deposit confirmed').waitFor();
  await admin.page.getByText('No crypto deposits waiting for confirmation.').waitFor();
  return admin;
}

/**
 * Withdraw: chain clears with the currency; the amount is checked against what is available; 0.5 ETH
 * on Base reviewed and confirmed with the password is held. The pending withdrawal's row.
 */
async function withdrawOnBase(page: Page, viewport: Viewport, saver: Account) {
  const phone = viewport === PHONE;
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  const withdraw = page.getByRole('form', { name: 'Withdraw crypto' });
  await chooseOption(page, withdraw, 'Network', 'Base');
  await chooseOption(page, withdraw, 'Currency', 'BTC');
  await withdraw.getByRole('combobox', { name: 'Network' }).getByText('Select a network').waitFor();
  await chooseOption(page, withdraw, 'Currency', 'ETH');
  await withdraw.getByRole('button', { name: 'Review withdrawal' }).click();
  await withdraw.getByText('Please select a network').waitFor();
  await withdraw.getByText('Address must be at least 10 characters').waitFor();
  await chooseOption(page, withdraw, 'Network', 'Base');
  await withdraw.getByLabel('Destination address').fill(WITHDRAW_TO);
  await withdraw.getByLabel('Amount (ETH)').fill('5');
  await withdraw.getByRole('button', { name: 'Review withdrawal' }).click();
  await withdraw.getByText('Insufficient balance. You have 1.500000 ETH available.').waitFor();
  await withdraw.getByLabel('Amount (ETH)').fill('0.5');
  await withdraw.getByLabel('Notes').fill('to my hardware wallet');
  if (phone) await expectNoHorizontalScroll(page, 'the withdraw dialog');
  await withdraw.getByRole('button', { name: 'Review withdrawal' }).click();
  // The review (docs/product-rules.md rule 26), confirmed with the password (no 2FA on this account).
  const review = page.getByRole('form', { name: 'Review your withdrawal' });
  await review.getByText(WITHDRAW_TO).waitFor();
  await review.getByLabel('Password').fill(saver.password);
  await review.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await toasts(page).getByText('Withdrawal Initiated').waitFor();
  await review.waitFor({ state: 'detached' });
  await ethRow(page).getByText('1.000000 ETH').waitFor();
  await ethRow(page).getByText('0.500000 ETH on hold').waitFor();
  const pending = page.getByTestId('withdrawal-row').filter({ hasText: '0.500000 ETH on Base' });
  await pending.getByText('Pending').waitFor();
  if (phone) await expectNoHorizontalScroll(page, '/dashboard with a pending withdrawal');
  return pending;
}

/** The admin sends it, within the 24-hour promise. */
async function completeWithdrawal(page: Page, viewport: Viewport, saver: Account) {
  await page.reload();
  const item = page.getByTestId('withdrawal-queue-item').filter({ hasText: saver.username });
  await item.getByText(WITHDRAW_TO).waitFor();
  await item.getByText(/h of 24 h$/).waitFor();
  if (viewport === PHONE) await expectNoHorizontalScroll(page, '/admin/crypto with a withdrawal');
  await item.getByRole('button', { name: 'Complete' }).click();
  const complete = page.getByRole('alertdialog', { name: 'Complete this withdrawal?' });
  await complete.getByLabel('Outgoing transaction hash').fill('0xfeedbeef00112233');
  await complete.getByLabel('Password').fill(ADMIN.password);
  await complete.getByRole('button', { name: 'Mark completed' }).click();
  await toasts(page).getByText('Withdrawal completed').waitFor();
  await page.getByText('No withdrawals waiting to be sent.').waitFor();
}

/**
 * Declare an ETH deposit (its hash typed in upper case, without 0x; declaring it again is refused) and one
 * without a hash; the admin confirms 1 ETH and 0.5 ETH, giving the second its hash; withdraw 0.5 ETH on Base, the admin sends it;
 * then the Buy tab of /deposit leads back to the dashboard.
 */
async function cryptoJourney(viewport: Viewport) {
  const saver = newAccount('Saver');
  const user = await kit.registered(viewport, saver);

  const form = await chooseDepositNetwork(user.page, viewport);
  const { hex, declared } = await declareDeposits(user.page, viewport, form);
  const admin = await confirmDeposits(viewport, saver, hex);

  await untilVisible(user.page, declared.getByText('Confirmed'));
  await openDashboard(user.page, kit.url('/dashboard'));
  await untilVisible(user.page, ethRow(user.page).getByText('1.500000 ETH'));

  const pending = await withdrawOnBase(user.page, viewport, saver);
  await completeWithdrawal(admin.page, viewport, saver);

  await untilVisible(user.page, pending.getByText('Completed'));
  await ethRow(user.page).getByText('1.000000 ETH').waitFor();
  expect(await ethRow(user.page).getByText('on hold').count()).toBe(0);

  // The Buy tab of /deposit, reached by the DEPOSIT quick action, leads back to the dashboard.
  await user.page.getByRole('link', { name: 'Deposit', exact: true }).click();
  await user.page.waitForURL(kit.url('/deposit'));
  await user.page.getByRole('tab', { name: 'Buy' }).click();
  await user.page
    .getByRole('form', { name: 'Buy SAI with crypto' })
    .getByRole('button', { name: 'Submit payment' })
    .click();
  await toasts(user.page).getByText('Payment submitted').waitFor();
  await user.page.waitForURL(kit.url('/dashboard'));
  expect(user.problems).toEqual([]);
  expect(admin.problems).toEqual([]);
}

/** The profile, by the phone's bottom tab bar or its address on a desktop; the account card. */
async function openProfile(page: Page, viewport: Viewport, member: Account) {
  const phone = viewport === PHONE;
  if (phone) {
    // On a phone, the bottom tab bar leads to the profile.
    await openDashboard(page, kit.url('/dashboard'));
    await page
      .getByRole('navigation', { name: 'Quick navigation' })
      .getByRole('link', { name: 'Profile' })
      .click();
    await page.waitForURL(kit.url('/profile'));
  } else {
    await page.goto(kit.url('/profile'));
  }
  await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
  const account = page.getByRole('region', { name: 'Your account' });
  await account.getByText('MT', { exact: true }).waitFor();
  await account.getByText(member.email).waitFor();
  if (phone) await expectNoHorizontalScroll(page, '/profile');
  return account;
}

/**
 * Security, through the quick button: a wrong current password is refused, then the new one is set, and a
 * fresh session signs in with it.
 */
async function changePassword(
  page: Page,
  viewport: Viewport,
  account: Locator,
  member: Account,
  newPassword: string,
) {
  await account.getByRole('button', { name: 'Security' }).click();
  await page.getByRole('tab', { name: 'Security', selected: true }).waitFor();
  const password = page.getByRole('form', { name: 'Change password' });
  allowPageProblems(page, /^failed: 400 POST \/api\/account\/password$/);
  await password.getByLabel('Current Password').fill('not-my-password');
  await password.getByLabel('New Password', { exact: true }).fill(newPassword);
  await password.getByLabel('Confirm New Password').fill(newPassword);
  await password.getByRole('button', { name: 'Update Password' }).click();
  await password.getByText('Current password is incorrect').waitFor();
  if (viewport === PHONE) await expectNoHorizontalScroll(page, '/profile security');
  await password.getByLabel('Current Password').fill(member.password);
  await password.getByRole('button', { name: 'Update Password' }).click();
  await toasts(page).getByText('Password updated').waitFor();

  const fresh = await kit.session(viewport);
  await fresh.page.goto(kit.url('/login'));
  await fresh.page.getByLabel('Email').fill(member.email);
  await fresh.page.getByLabel('Password', { exact: true }).fill(newPassword);
  await fresh.page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await fresh.page.getByRole('heading', { name: 'Welcome, Renamed' }).waitFor();
  expect(fresh.problems).toEqual([]);
}

/**
 * 2FA: the password first (a stolen session cannot enrol its own authenticator), then the QR code and
 * its URI, confirmed with a code; then off again with the next one.
 */
async function enableAndDisableTwoFactor(page: Page, viewport: Viewport, password: string) {
  await page.getByRole('button', { name: 'Enable 2FA' }).click();
  const start = page.getByRole('form', { name: 'Enable 2FA' });
  allowPageProblems(page, /^failed: 401 POST \/api\/account\/2fa\/setup$/);
  await start.getByLabel('Password', { exact: true }).fill('not-my-password');
  await start.getByRole('button', { name: 'Enable 2FA' }).click();
  await start.getByText('That password is not correct').waitFor();
  await start.getByLabel('Password', { exact: true }).fill(password);
  await start.getByRole('button', { name: 'Enable 2FA' }).click();
  await page.getByRole('img', { name: 'QR code to add SAI Wallet to your authenticator app' }).waitFor();
  const uri = (await page.getByTestId('otpauth-uri').textContent()) ?? '';
  const totp = OTPAuth.URI.parse(uri);
  expect(totp).toBeInstanceOf(OTPAuth.TOTP);
  await expectScreenAt(page, viewport, '/profile security with the QR code');
  const enable = page.getByRole('form', { name: 'Confirm and enable' });
  await enable.getByLabel('Authentication code').fill(totp.generate());
  await enable.getByRole('button', { name: 'Confirm and enable' }).click();
  await toasts(page).getByText('Two-factor authentication enabled').waitFor();
  // At 1280 px the toast covers the card's last button (Disable 2FA) for its 5 s; close it.
  await dismissToast(page, 'Two-factor authentication enabled');
  const disable = page.getByRole('form', { name: 'Disable 2FA' });
  await disable
    .getByLabel('Authentication code')
    .fill((totp as OTPAuth.TOTP).generate({ timestamp: Date.now() + 30_000 }));
  await disable.getByRole('button', { name: 'Disable 2FA' }).click();
  await toasts(page).getByText('Two-factor authentication disabled').waitFor();
  await dismissToast(page, 'Two-factor authentication disabled');
}

/** Preferences: the spec's defaults, saved, kept across a reload, reset. */
async function savePreferencesAndReset(page: Page, viewport: Viewport, account: Locator) {
  await account.getByRole('button', { name: 'Preferences' }).click();
  const preferences = page.getByRole('form', { name: 'Preferences' });
  const marketing = preferences.getByRole('switch', { name: 'Marketing Communications' });
  expect(
    await preferences.getByRole('switch', { name: 'Email Notifications' }).getAttribute('aria-checked'),
  ).toBe('true');
  expect(await marketing.getAttribute('aria-checked')).toBe('false');
  expect(
    await preferences.getByRole('switch', { name: 'Transaction Alerts' }).getAttribute('aria-checked'),
  ).toBe('true');
  await marketing.click();
  // Languages are listed in their own names; saving one switches the page to it at once
  // (web/e2e/i18n-profile.e2e.test.ts walks the translated page).
  await chooseOption(page, preferences, 'Language', 'Français');
  await preferences.getByRole('button', { name: 'Save Preferences' }).click();
  await toasts(page).getByText('Préférences enregistrées').waitFor();
  await page.reload();
  const reloaded = page.getByRole('form', { name: 'Préférences' });
  await expect
    .poll(() =>
      reloaded.getByRole('switch', { name: 'Communications marketing' }).getAttribute('aria-checked'),
    )
    .toBe('true');
  await reloaded.getByRole('combobox', { name: 'Langue' }).getByText('Français').waitFor();
  if (viewport === PHONE) {
    await expectNoHorizontalScroll(page, '/profile preferences');
    // The form's last buttons sit at the foot of the page, above the tab bar and the chat button.
    await expectUncovered(
      reloaded.getByRole('button', { name: 'Enregistrer les préférences' }),
      'Save Preferences',
    );
  }
  // The defaults include English: the page is back in it, the toast too.
  await reloaded.getByRole('button', { name: 'Rétablir les valeurs par défaut' }).click();
  await toasts(page).getByText('Preferences reset to default').waitFor();
  const inEnglish = page.getByRole('form', { name: 'Preferences' });
  await expect
    .poll(() =>
      inEnglish.getByRole('switch', { name: 'Marketing Communications' }).getAttribute('aria-checked'),
    )
    .toBe('false');
  await inEnglish.getByRole('combobox', { name: 'Language' }).getByText('English').waitFor();
  await expectAccessible(page, `/profile preferences at ${viewport.width}px`);
}

/** Personal info, a new password to sign in with, 2FA on and off, preferences saved and reset, log out. */
async function profileJourney(viewport: Viewport) {
  const member = newAccount('Member');
  const newPassword = `new-password-${randomBytes(3).toString('hex')}`;
  const user = await kit.registered(viewport, member);
  const account = await openProfile(user.page, viewport, member);

  const personal = user.page.getByRole('form', { name: 'Personal info' });
  expect(await personal.getByLabel('Email').isEditable()).toBe(false);
  await personal.getByLabel('First name').fill('Renamed');
  await personal.getByLabel('Bio').fill('Collector of metal cards.');
  await personal.getByRole('button', { name: 'Save Changes' }).click();
  await toasts(user.page).getByText('Profile updated').waitFor();
  await account.getByText('Renamed Tester').waitFor();
  await expectAccessible(user.page, `/profile personal info at ${viewport.width}px`);

  await changePassword(user.page, viewport, account, member, newPassword);
  await enableAndDisableTwoFactor(user.page, viewport, newPassword);
  await savePreferencesAndReset(user.page, viewport, account);

  await account.getByRole('button', { name: 'Log Out' }).click();
  await user.page.waitForURL(kit.url('/login'));
  expect(user.problems).toEqual([]);
}

describe('crypto in the browser', () => {
  journeyTests(cryptoJourney, [
    [
      'declare an ETH deposit, the admin confirms 1.5 ETH, withdraw 0.5 ETH on Base, the admin sends it',
      DESKTOP,
    ],
    ['declare an ETH deposit, the admin confirms, withdraw, the admin sends it, at 360 px', PHONE],
  ]);

  journeyTests(profileJourney, [
    ['profile: personal info, a new password to sign in with, 2FA, preferences saved and reset', DESKTOP],
    ['profile: personal info, new password, 2FA, preferences saved and reset, at 360 px', PHONE],
  ]);
});
