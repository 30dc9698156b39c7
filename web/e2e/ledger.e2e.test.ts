import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import {
  type Account,
  DESKTOP,
  expectToastListLetsClicksThrough,
  journeyTests,
  newAccount,
  openDashboard,
  PHONE,
  toasts,
} from './browserKit.ts';
import { allowPageProblems } from './harness.ts';
import { expectAccessible, expectNoHorizontalScroll, expectScreenAt, expectUncovered } from './screenKit.ts';
import { setUpAdminApp } from './sessionsKit.ts';

/**
 * The token ledger through the browser: buying SAI with a deposit proof that an admin approves, sending
 * SAI by e-mail, an admin's token distribution, the history with its CSV export, and the notifications
 * bell. Each journey runs at 1280 px and again at 360 px with its own accounts, on the same app and
 * database. Accounts are created over the API (sign-up has its own browser test) so the time goes to the
 * screens under test.
 */

const DEPOSIT_ADDRESS = `0x${'ab12'.repeat(10)}`;

const { kit, ADMIN, adminSession } = setUpAdminApp('ledger_e2e', { DEPOSIT_ADDRESS_ETH: DEPOSIT_ADDRESS });

type Viewport = typeof DESKTOP;

async function balanceText(page: Page) {
  return (await page.getByRole('region', { name: 'Token balance' }).textContent()) ?? '';
}

/** The buyer pays 250 SAI with a proof, the admin approves it, the buyer sees it and its notification. */
async function depositApproved(viewport: Viewport, buyer: Account) {
  const phone = viewport === PHONE;
  const user = await kit.registered(viewport, buyer);
  await openDashboard(user.page, kit.url('/dashboard'));
  expect(await balanceText(user.page)).toContain('0.00 SAI');
  if (phone) {
    await user.page
      .getByRole('navigation', { name: 'Quick navigation' })
      .getByRole('link', { name: 'Transactions' })
      .waitFor();
    await expectNoHorizontalScroll(user.page, 'user /dashboard');
  }

  const buy = user.page.getByRole('form', { name: 'Buy SAI with crypto' });
  await buy.getByRole('radio', { name: '250 SAI' }).click();
  await buy.getByRole('combobox', { name: 'Payment method' }).click();
  await user.page.getByRole('option', { name: 'USDT' }).click();
  // The configured address, for every method (all on Ethereum mainnet), with a copy button.
  await buy.getByText(DEPOSIT_ADDRESS).waitFor();
  await buy.getByRole('button', { name: 'Copy deposit address' }).waitFor();
  await buy.getByLabel('Notes').fill('tx 0xfeed');
  await buy.getByRole('button', { name: 'Submit payment' }).click();
  await toasts(user.page).getByText('Payment submitted').waitFor();
  await expectToastListLetsClicksThrough(user.page);
  const pendingNotice = user.page.getByRole('status').filter({ hasText: 'Pending confirmation' });
  await pendingNotice.getByText('250.00 SAI via USDT').waitFor();
  if (phone) await expectNoHorizontalScroll(user.page, 'user /dashboard with a pending payment');
  expect(user.problems).toEqual([]);

  const admin = await adminSession(viewport);
  await openDashboard(admin.page, kit.url('/dashboard'));
  const queue = admin.page.getByRole('region', { name: 'Pending payment verifications' });
  const item = queue.getByRole('listitem').filter({ hasText: buyer.username });
  await item.getByText('250.00 SAI').waitFor();
  await item.getByText('tx 0xfeed').waitFor();
  await item.getByText('No payment proof provided').waitFor();
  await expectScreenAt(admin.page, viewport, 'admin /dashboard');

  await item.getByRole('button', { name: 'Approve' }).click();
  const confirm = admin.page.getByRole('alertdialog', { name: 'Approve this payment?' });
  await confirm
    .getByText(`250.00 SAI will be added to ${buyer.username}'s balance`, { exact: false })
    .waitFor();
  if (phone) await expectNoHorizontalScroll(admin.page, 'the approve dialog');
  // An approval mints: the dialog asks the admin's password (docs/security.md).
  await confirm.getByLabel('Password').fill(ADMIN.password);
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await toasts(admin.page).getByText('Payment verification updated').waitFor();
  await confirm.waitFor({ state: 'detached' });
  await queue.getByText('No pending payment verifications at this time.').waitFor();
  expect(admin.problems).toEqual([]);

  await user.page.reload();
  await user.page.getByRole('heading', { name: /^Welcome, / }).waitFor();
  expect(await balanceText(user.page)).toContain('250.00 SAI');
  expect(await balanceText(user.page)).toContain('625.00 USD');
  expect(await balanceText(user.page)).toContain('+250.00 SAI');
  const recent = user.page.getByRole('region', { name: 'Recent transactions' });
  await recent.getByText('Deposit approved').waitFor();
  await recent.getByText('+250.00 SAI').waitFor();
  // The last card of the page, above the phone's tab bar and clear of the chat button.
  if (phone) await expectUncovered(recent.getByText('+250.00 SAI'), 'the newest recent transaction');

  const bell = user.page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await bell.click();
  const popover = user.page.getByRole('dialog', { name: 'Notifications' });
  const approved = popover.getByRole('button', { name: /Payment approved/ });
  await approved.waitFor();
  await expectScreenAt(user.page, viewport, 'the notifications popover');
  await approved.click();
  // Read now: no longer a button, no longer highlighted.
  await popover.getByText('Payment approved').waitFor();
  await approved.waitFor({ state: 'detached' });
  await popover.getByRole('button', { name: 'Mark all as read' }).click();
  await toasts(user.page).getByText('All notifications marked as read').waitFor();
  await user.page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
  await user.page.keyboard.press('Escape');

  if (phone) {
    // Without an address for the method's network the card says so and takes no proof.
    const unset = [
      { currency: 'ETH', network: 'ethereum', networkName: 'Ethereum', minimum: null, address: null },
    ];
    await user.page.route('**/api/crypto/deposit-addresses', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(unset) }),
    );
    await user.page.reload();
    await user.page
      .getByText('Deposits in ETH on Ethereum are not available yet: no deposit address is set.')
      .waitFor();
    expect(await user.page.getByRole('button', { name: 'Submit payment' }).isDisabled()).toBe(true);
    await expectNoHorizontalScroll(user.page, 'user /dashboard without a deposit address');
  }
  expect(user.problems).toEqual([]);
}

/**
 * RECEIVE shows the e-mail to share; the send form refuses an empty form and more than the balance, names
 * the friend it found, and sends 3 SAI once reviewed.
 */
async function sendToFriend(page: Page, viewport: Viewport, buyer: Account, friend: Account) {
  const phone = viewport === PHONE;
  await openDashboard(page, kit.url('/dashboard'));
  // RECEIVE shows the e-mail to share.
  await page.getByRole('button', { name: 'Receive' }).click();
  const receive = page.getByRole('dialog', { name: 'Receive SAI' });
  await receive.getByText(buyer.email).waitFor();
  if (phone) await expectNoHorizontalScroll(page, 'the receive dialog');
  await page.keyboard.press('Escape');
  await receive.waitFor({ state: 'detached' });

  const send = page.getByRole('form', { name: 'Send SAI' });
  await send.getByRole('button', { name: 'Review transfer' }).click();
  await send.getByText('Valid email is required').waitFor();
  await send.getByText('Amount must be a positive number').waitFor();

  await send.getByLabel('Recipient email').fill(friend.email);
  await send.getByLabel('Amount (SAI)').fill('1000');
  await send.getByRole('button', { name: 'Review transfer' }).click();
  await send
    .getByText('Insufficient balance: You do not have enough SAI tokens to complete this transaction.')
    .waitFor();

  await send.getByLabel('Amount (SAI)').fill('3');
  await send.getByLabel('Description').fill('Lunch, "the good one"');
  await send.getByText(`Sending to ${friend.username}`).waitFor();
  if (phone) await expectNoHorizontalScroll(page, 'user /dashboard with the send form filled');
  await send.getByRole('button', { name: 'Review transfer' }).click();
  await page
    .getByRole('form', { name: 'Review your transfer' })
    .getByRole('button', { name: 'Confirm and send' })
    .click();
  await toasts(page).getByText('Money sent successfully').waitFor();
  await page.getByRole('region', { name: 'Token balance' }).getByText('247.00', { exact: true }).waitFor();
}

/** The admin distributes tokens to the friend by e-mail, after an address nobody has is refused. */
async function distributeToFriend(viewport: Viewport, friend: Account) {
  const admin = await adminSession(viewport);
  await openDashboard(admin.page, kit.url('/dashboard'));
  const recentUsers = admin.page.getByRole('region', { name: 'Recent users' });
  await recentUsers.getByText(friend.email).waitFor();
  const distribute = admin.page.getByRole('form', { name: 'Distribute tokens' });
  allowPageProblems(admin.page, /^failed: 404 GET \/api\/users\/by-email\?/);
  await distribute.getByLabel('User email').fill('nobody@example.com');
  await distribute.getByLabel('Amount (SAI)').fill('5');
  await distribute.getByRole('button', { name: 'Review distribution' }).click();
  await distribute.getByText('User with email nobody@example.com not found').waitFor();
  await distribute.getByLabel('User email').fill(friend.email);
  await distribute.getByRole('button', { name: 'Review distribution' }).click();
  const distributeReview = admin.page.getByRole('form', { name: 'Review the distribution' });
  await distributeReview.getByLabel('Password').fill(ADMIN.password);
  await distributeReview.getByRole('button', { name: 'Confirm and distribute' }).click();
  await toasts(admin.page).getByText('Tokens distributed successfully').waitFor();
  const friendRow = recentUsers.getByRole('row', { name: new RegExp(friend.username) });
  await friendRow.getByText('8.00 SAI').waitFor();
  if (viewport === PHONE) await expectNoHorizontalScroll(admin.page, 'admin /dashboard after a distribution');
  expect(admin.problems).toEqual([]);
}

/** To the history: "View All" on a desktop, the bottom tab bar on a phone; the transfer is listed. */
async function openHistory(page: Page, viewport: Viewport, friend: Account) {
  const phone = viewport === PHONE;
  if (phone) {
    await page
      .getByRole('navigation', { name: 'Quick navigation' })
      .getByRole('link', { name: 'Transactions' })
      .click();
  } else {
    await page.getByRole('link', { name: 'View All' }).click();
  }
  await page.waitForURL(kit.url('/transactions'));
  await page.getByRole('heading', { name: 'Transaction History' }).waitFor();
  await page.getByText('View all your SAI transactions').waitFor();
  const row = page.getByTestId('transaction-row').filter({ hasText: `Sent to ${friend.username}` });
  await row.getByText('\u22123.00 SAI').waitFor();
  await row.getByText('Balance 247.00 SAI').waitFor();
  await expectAccessible(page, `/transactions at ${viewport.width}px`);
  if (phone) {
    await expectNoHorizontalScroll(page, '/transactions');
    // The oldest row is the page's last: it must clear the tab bar and the chat button.
    await expectUncovered(
      page.getByTestId('transaction-row').last().getByText('+250.00 SAI'),
      'the oldest transaction on /transactions',
    );
  }
}

/** The history's CSV export holds the transfer and the deposit, text quoted and numbers bare. */
async function checkExport(page: Page, friend: Account) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: /^Export/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^sai-transactions-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv.split('\r\n');
  // Every asset's movements: each line names its reference, status and asset (docs/architecture/history.md).
  // Every text cell quoted (domain/shared/csv.ts), numbers bare.
  expect(lines[0]).toBe(
    '"Date","Reference","Type","Status","Description","Counterparty","Asset","Amount","Balance after"',
  );
  expect(lines).toContainEqual(
    expect.stringMatching(
      `^"[^"]+","[^"]+","Transfer","Completed","Lunch, ""the good one""","${friend.username}","SAI",-3.00,247.00$`,
    ),
  );
  expect(lines).toContainEqual(
    expect.stringMatching(
      /^"[^"]+","[^"]+","Deposit","Completed","[^"]*","SAI Wallet","SAI",250\.00,250\.00$/,
    ),
  );
}

/**
 * The buyer sends 3 SAI to a new friend by e-mail; the admin distributes 5 SAI to the friend; the buyer's
 * history shows the transfer, exports it as CSV and filters it.
 */
async function sendAndHistory(viewport: Viewport, buyer: Account, friend: Account) {
  const sender = await kit.session(viewport);
  await kit.signIn(sender.context, buyer.email, buyer.password);
  const receiver = await kit.registered(viewport, friend);

  await sendToFriend(sender.page, viewport, buyer, friend);

  await openDashboard(receiver.page, kit.url('/dashboard'));
  expect(await balanceText(receiver.page)).toContain('3.00 SAI');
  await receiver.page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  const popover = receiver.page.getByRole('dialog', { name: 'Notifications' });
  await popover.getByText('Money received').waitFor();
  await popover.getByText(`You received 3.00 SAI from ${buyer.username}`, { exact: false }).waitFor();
  expect(receiver.problems).toEqual([]);

  await distributeToFriend(viewport, friend);
  await openHistory(sender.page, viewport, friend);
  await checkExport(sender.page, friend);

  // Filter: only deposits, through the popover.
  await sender.page.getByRole('button', { name: /^Filter/ }).click();
  const filter = sender.page.getByRole('dialog', { name: 'Filter transactions' });
  await filter.getByRole('combobox', { name: 'Type' }).click();
  await sender.page.getByRole('option', { name: 'Deposit', exact: true }).click();
  if (viewport === PHONE) await expectNoHorizontalScroll(sender.page, 'the filter popover');
  await filter.getByRole('button', { name: 'Apply filters' }).click();
  await sender.page.waitForURL(/type=deposit/);
  await sender.page.getByText('Filtered by:').waitFor();
  // The old list stays up until the filtered one has loaded.
  await expect.poll(() => sender.page.getByTestId('transaction-row').count()).toBe(1);
  await sender.page.getByTestId('transaction-row').filter({ hasText: 'Deposit approved' }).waitFor();
  expect(sender.problems).toEqual([]);
}

describe('the token ledger in the browser', () => {
  const desktop = { buyer: newAccount('Buyer'), friend: newAccount('Friend') };
  const phone = { buyer: newAccount('Buyer'), friend: newAccount('Friend') };

  journeyTests(depositApproved, [
    [
      'a deposit proof submitted on the dashboard is approved by an admin and credited',
      DESKTOP,
      desktop.buyer,
    ],
    [
      'a deposit proof submitted on the dashboard is approved by an admin and credited, at 360 px',
      PHONE,
      phone.buyer,
    ],
  ]);

  journeyTests(sendAndHistory, [
    [
      'SAI sent by e-mail reaches the friend; the admin distributes; the history shows and exports it',
      DESKTOP,
      desktop.buyer,
      desktop.friend,
    ],
    [
      'SAI sent by e-mail reaches the friend; the admin distributes; the history shows and exports it, at 360 px',
      PHONE,
      phone.buyer,
      phone.friend,
    ],
  ]);
});
