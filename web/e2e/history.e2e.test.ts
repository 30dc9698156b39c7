import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import {
  type Account,
  DEPOSIT_ADDRESS_ETH,
  DESKTOP,
  journeyTests,
  newAccount,
  PHONE,
  type Viewport,
} from './browserKit.ts';
import { allowPageProblems } from './harness.ts';
import { expectAccessible, expectScreenAt } from './screenKit.ts';
import { type BrowserSession, setUpAdminApp } from './sessionsKit.ts';

/**
 * The history of every movement (docs/architecture/history.md) through the browser: a user with crypto
 * deposits (one confirmed, one still pending), a withdrawal sent and one failed, and ETH sent to a friend,
 * sees them all on /transactions, filters them by asset and type, and opens a receipt. At 1280 px and
 * 360 px, each with its own accounts; the movements are made through the API, as crypto.e2e does them.
 */

const { kit, userFriendAndAdmin } = setUpAdminApp('history_e2e', { DEPOSIT_ADDRESS_ETH });

async function chooseOption(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function filterBy(page: Page, choices: [label: string, option: string][]) {
  await page.getByRole('button', { name: /^Filter/ }).click();
  const form = page.getByRole('form', { name: 'Filter transactions' });
  for (const [label, option] of choices) await chooseOption(page, form, label, option);
  await form.getByRole('button', { name: 'Apply filters' }).click();
  await form.waitFor({ state: 'detached' });
}

/**
 * The saver's movements, made through the API: 2 ETH deposited and confirmed, a USDT deposit pending and
 * one rejected, a withdrawal sent and one failed, 0.25 ETH to the friend. The ids of the receipts opened.
 */
async function makeMovements(user: BrowserSession, admin: BrowserSession, saver: Account, friend: Account) {
  // 2 ETH deposited and confirmed, a USDT deposit still pending.
  const eth = await kit.call<{ id: string }>(user.context, 'POST', '/api/crypto/deposits', {
    currency: 'ETH',
    network: 'ethereum',
  });
  await kit.call<{ id: string }>(admin.context, 'PATCH', `/api/admin/crypto/deposits/${eth.id}`, {
    action: 'confirm',
    amount: '2',
    txHash: `0x${randomBytes(32).toString('hex')}`,
  });
  await kit.call<{ id: string }>(user.context, 'POST', '/api/crypto/deposits', {
    currency: 'USDT',
    network: 'tron',
  });
  // And one an admin rejected: nothing credited.
  const refused = await kit.call<{ id: string }>(user.context, 'POST', '/api/crypto/deposits', {
    currency: 'USDT',
    network: 'tron',
  });
  await kit.call<{ id: string }>(admin.context, 'PATCH', `/api/admin/crypto/deposits/${refused.id}`, {
    action: 'reject',
    reason: 'Not received',
  });
  // A withdrawal sent, one failed, and 0.25 ETH to a friend.
  const withdraw = (amount: string) =>
    kit.call<{ id: string }>(user.context, 'POST', '/api/crypto/withdraw', {
      currency: 'ETH',
      amount,
      address: '0x1111222233334444555566667777888899990000',
      chain: 'ethereum',
      password: saver.password,
    });
  const sent = await withdraw('0.5');
  await kit.call<{ id: string }>(admin.context, 'PATCH', `/api/admin/crypto/withdrawals/${sent.id}`, {
    action: 'complete',
    txHash: '0xfeedbeef',
  });
  const failed = await withdraw('0.1');
  await kit.call<{ id: string }>(admin.context, 'PATCH', `/api/admin/crypto/withdrawals/${failed.id}`, {
    action: 'fail',
    reason: 'Address refused',
  });
  // 0.25 ETH to someone new asks the password (docs/security.md, "Step-up for transfers").
  await kit.call<{ id: string }>(user.context, 'POST', '/api/crypto/transfer', {
    recipientEmail: friend.email,
    currency: 'ETH',
    amount: '0.25',
    password: saver.password,
  });
  return { refusedId: refused.id, failedId: failed.id };
}

/** /transactions lists every movement with its state and running balance; the rows, and the failed one's. */
async function checkListedMovements(page: Page, viewport: Viewport, friend: Account) {
  await page.goto(kit.url('/transactions'));
  await page.getByRole('heading', { name: 'Transaction History' }).waitFor();
  const rows = page.getByTestId('transaction-row');
  // Six movements in seven rows: three deposits, two withdrawals, one transfer, and the failed
  // withdrawal's held amount coming back, its own row so that each running balance follows from the one
  // before.
  await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(7);
  await rows.filter({ hasText: 'USDT deposit' }).getByText('Declared', { exact: true }).waitFor();
  await rows.filter({ hasText: 'USDT deposit' }).getByText('Amount pending').waitFor();
  // The rejected one: nothing is pending any more, nothing was credited.
  const rejectedRow = rows.filter({ hasText: 'USDT deposit' }).filter({ hasText: 'Rejected' });
  await rejectedRow.getByText('Not credited').waitFor();
  await rows.filter({ hasText: 'ETH deposit' }).getByText('+2.000000 ETH').waitFor();
  await rows
    .filter({ hasText: `Sent to ${friend.username}` })
    .getByText('−0.250000 ETH')
    .waitFor();
  const failedRow = rows.filter({ hasText: '−0.100000 ETH' });
  await failedRow.getByText('Failed', { exact: true }).waitFor();
  await failedRow.getByText('Balance 1.400000 ETH').waitFor();
  const returnedRow = rows.filter({ hasText: 'ETH withdrawal returned' });
  await returnedRow.getByText('+0.100000 ETH').waitFor();
  await returnedRow.getByText('Withdrawal failed: Address refused').waitFor();
  await returnedRow.getByText('Balance 1.500000 ETH').waitFor();
  await rows.first().getByText('Balance 1.250000 ETH').waitFor();
  await expectScreenAt(page, viewport, '/transactions with crypto movements');
  return { rows, failedRow };
}

/** The failed withdrawal's receipt: its status timeline, the fee, the balances (held, then returned). */
async function checkFailedWithdrawalReceipt(
  page: Page,
  viewport: Viewport,
  failedRow: Locator,
  failedId: string,
  saver: Account,
) {
  await failedRow.getByRole('link').click();
  await page.getByRole('heading', { name: 'Withdrawal' }).waitFor();
  await page.waitForURL(`**/transactions/${failedId}`);
  const timeline = page.getByRole('region', { name: 'Status' });
  await timeline.getByText('Requested').waitFor();
  await timeline.getByText('Funds held').waitFor();
  await timeline.getByText('Failed').waitFor();
  await page.getByText(failedId).waitFor();
  await page.getByText('Free').waitFor();
  await page.getByText('Address refused').waitFor();
  await page.getByRole('button', { name: 'Print' }).waitFor();
  // Whose receipt it is, and a status pill as wide as its words, not the card.
  const details = page.getByRole('region', { name: /−0\.100000 ETH/ });
  await details.getByText(`${saver.username} (${saver.email})`).waitFor();
  const pill = (await details.getByText('Failed', { exact: true }).first().boundingBox())!;
  const card = (await details.boundingBox())!;
  expect(pill.width).toBeLessThan(card.width / 2);
  await expectScreenAt(page, viewport, 'a withdrawal receipt');
  // Printed, the navigation is gone.
  await page.emulateMedia({ media: 'print' });
  expect(await page.locator('header').first().isVisible()).toBe(false);
  expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
  expect(await page.getByRole('button', { name: 'Open support chat' }).isVisible()).toBe(false);
  expect(await details.getByText(`${saver.username} (${saver.email})`).isVisible()).toBe(true);
  await page.emulateMedia({ media: 'screen' });
  await page.getByRole('button', { name: 'Open support chat' }).waitFor();
}

/** The friend's receipt of the ETH they received; a stranger's id is not found for them. */
async function checkFriendsReceipt(page: Page, viewport: Viewport, saver: Account, strangersId: string) {
  await page.goto(kit.url('/transactions'));
  const received = page.getByTestId('transaction-row').filter({ hasText: `Received from ${saver.username}` });
  await received.getByText('+0.250000 ETH').waitFor();
  await received.getByRole('link').click();
  await page.getByRole('heading', { name: 'Transfer' }).waitFor();
  await page.getByText(saver.username).first().waitFor();
  await expectScreenAt(page, viewport, 'a transfer receipt');
  allowPageProblems(page, /^failed: 404 GET \/api\/transactions\/[^/]+$/);
  await page.goto(kit.url(`/transactions/${strangersId}`));
  await page.getByText('Transaction not found').waitFor();
}

async function historyJourney(viewport: Viewport) {
  const px = `${viewport.width}px`;
  const saver = newAccount('Saver');
  const friend = newAccount('Friend');
  const { user, other, admin } = await userFriendAndAdmin(viewport, saver, friend);
  const { refusedId, failedId } = await makeMovements(user, admin, saver, friend);

  const { page } = user;
  const { rows, failedRow } = await checkListedMovements(page, viewport, friend);

  // Filters: the asset, then withdrawals of it; on the server, in the URL.
  await filterBy(page, [['Asset', 'USDT']]);
  await expect.poll(() => rows.count()).toBe(2);
  expect(page.url()).toContain('asset=USDT');
  await filterBy(page, [
    ['Asset', 'ETH'],
    ['Type', 'Withdrawal'],
  ]);
  await expect.poll(() => rows.count()).toBe(3);
  await page.getByText('Filtered by:').waitFor();
  await expectAccessible(page, `/transactions filtered at ${px}`);

  await checkFailedWithdrawalReceipt(page, viewport, failedRow, failedId, saver);

  // A rejected deposit's receipt: nothing credited, not "pending"; the network by its name.
  await page.goto(kit.url(`/transactions/${refusedId}`));
  await page.getByRole('heading', { name: 'Crypto deposit' }).waitFor();
  await page.getByText('Not credited').first().waitFor();
  expect(await page.getByText('Pending confirmation').count()).toBe(0);
  await page.getByText('External wallet (Tron TRC-20)').waitFor();
  await page.getByText('Not received').waitFor();
  await expectScreenAt(page, viewport, "a rejected deposit's receipt");

  await checkFriendsReceipt(other.page, viewport, saver, failedId);
}

describe('the history of every movement', () => {
  journeyTests(historyJourney, [
    ['desktop: crypto movements listed, filtered, and a receipt opened', DESKTOP],
    ['phone: the same at 360 px', PHONE],
  ]);
});
