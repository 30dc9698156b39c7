import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../infra/testing/testDb.ts';
import {
  describeViolations,
  ensureWebBuild,
  launchBrowser,
  type RunningApp,
  scrollWidth,
  seriousAxeViolations,
  startApp,
  watchPageProblems,
} from './harness.ts';

/**
 * The token ledger through the browser: buying SAI with a deposit proof that an admin approves, sending
 * SAI by e-mail, the history with its CSV export, and the notifications bell. Accounts are created over
 * the API (sign-up has its own browser test) so the time goes to the screens under test.
 */

const DEPOSIT_ADDRESS = `0x${'ab12'.repeat(10)}`;
const ADMIN = {
  email: `admin.${randomBytes(3).toString('hex')}@example.com`,
  password: 'admin-password-123',
};
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 780 };

let db: TestDatabase | undefined;
let app: RunningApp | undefined;
let browser: Browser | undefined;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  await ensureWebBuild();
  db = await createTestDatabase('ledger_e2e');
  app = await startApp({
    databaseUrl: db.url,
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, DEPOSIT_ADDRESS_ETH: DEPOSIT_ADDRESS },
  });
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  await browser?.close();
  await app?.stop();
  await db?.drop();
});

interface Account {
  firstName: string;
  username: string;
  email: string;
  password: string;
}

function newAccount(firstName: string): Account {
  const suffix = randomBytes(4).toString('hex');
  return {
    firstName,
    username: `${firstName.toLowerCase()}_${suffix}`,
    email: `${firstName.toLowerCase()}.${suffix}@example.com`,
    password: `correct-horse-${suffix}`,
  };
}

function url(path: string): string {
  return `${app!.url}${path}`;
}

/** A browser session; requests made with `context.request` share its cookies. */
async function session(viewport = DESKTOP) {
  const context = await browser!.newContext({
    viewport,
    isMobile: viewport.width < 768,
    hasTouch: viewport.width < 768,
    acceptDownloads: true,
  });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const { problems } = watchPageProblems(page);
  return { context, page, problems };
}

async function api(context: BrowserContext, path: string, data: unknown) {
  const response = await context.request.post(url(path), { data, headers: { Origin: app!.url } });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
}

async function registerOverApi(context: BrowserContext, account: Account) {
  await api(context, '/api/auth/register', {
    username: account.username,
    email: account.email,
    password: account.password,
    confirmPassword: account.password,
    firstName: account.firstName,
    lastName: 'Tester',
    isAdmin: false,
    profileImageUrl: '',
    bio: '',
    termsAgreed: true,
  });
}

async function signInOverApi(context: BrowserContext, email: string, password: string) {
  await api(context, '/api/auth/login', { email, password, rememberMe: false });
}

function toasts(page: Page) {
  return page.getByRole('region', { name: /Notifications/ });
}

async function openDashboard(page: Page) {
  await page.goto(url('/dashboard'));
  await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
}

async function balanceText(page: Page) {
  return (await page.getByRole('region', { name: 'Token balance' }).textContent()) ?? '';
}

async function expectAccessible(page: Page, where: string) {
  const violations = await seriousAxeViolations(page);
  expect(violations, `${where}\n${describeViolations(violations)}`).toEqual([]);
}

async function expectNoHorizontalScroll(page: Page, where: string) {
  expect(await scrollWidth(page), `horizontal overflow on ${where}`).toBeLessThanOrEqual(PHONE.width);
}

const buyer = newAccount('Buyer');
const friend = newAccount('Friend');

describe('the token ledger in the browser', () => {
  test('a deposit proof submitted on the dashboard is approved by an admin and credited', async () => {
    const user = await session();
    await registerOverApi(user.context, buyer);
    await openDashboard(user.page);
    expect(await balanceText(user.page)).toContain('0.00 SAI');

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
    const pendingNotice = user.page.getByRole('status').filter({ hasText: 'Pending confirmation' });
    await pendingNotice.getByText('250.00 SAI via USDT').waitFor();
    expect(user.problems).toEqual([]);

    const admin = await session();
    await signInOverApi(admin.context, ADMIN.email, ADMIN.password);
    await openDashboard(admin.page);
    const queue = admin.page.getByRole('region', { name: 'Pending payment verifications' });
    const item = queue.getByRole('listitem').filter({ hasText: buyer.username });
    await item.getByText('250.00 SAI').waitFor();
    await item.getByText('tx 0xfeed').waitFor();
    await item.getByText('No payment proof provided').waitFor();
    await expectAccessible(admin.page, 'admin /dashboard');

    await item.getByRole('button', { name: 'Approve' }).click();
    const confirm = admin.page.getByRole('alertdialog', { name: 'Approve this payment?' });
    await confirm
      .getByText(`250.00 SAI will be added to ${buyer.username}'s balance`, { exact: false })
      .waitFor();
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await toasts(admin.page).getByText('Payment verification updated').waitFor();
    await confirm.waitFor({ state: 'detached' });
    await queue.getByText('No pending payment verifications at this time.').waitFor();
    expect(admin.problems).toEqual([]);

    await user.page.reload();
    await user.page.getByRole('heading', { name: /^Welcome, / }).waitFor();
    expect(await balanceText(user.page)).toContain('250.00 SAI');
    expect(await balanceText(user.page)).toContain('$625.00 USD');
    expect(await balanceText(user.page)).toContain('+250.00 SAI');
    const recent = user.page.getByRole('region', { name: 'Recent transactions' });
    await recent.getByText('Deposit approved').waitFor();
    await recent.getByText('+250.00 SAI').waitFor();

    const bell = user.page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await bell.click();
    const popover = user.page.getByRole('dialog', { name: 'Notifications' });
    const approved = popover.getByRole('button', { name: /Payment approved/ });
    await approved.waitFor();
    await expectAccessible(user.page, '/dashboard with the notifications open');
    await approved.click();
    // Read now: no longer a button, no longer highlighted.
    await popover.getByText('Payment approved').waitFor();
    await approved.waitFor({ state: 'detached' });
    await popover.getByRole('button', { name: 'Mark all as read' }).click();
    await toasts(user.page).getByText('All notifications marked as read').waitFor();
    await user.page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    expect(user.problems).toEqual([]);
  }, 60_000);

  test('SAI sent by e-mail reaches the friend; the history shows it and exports it', async () => {
    const sender = await session();
    await signInOverApi(sender.context, buyer.email, buyer.password);
    const receiver = await session();
    await registerOverApi(receiver.context, friend);

    await openDashboard(sender.page);
    const send = sender.page.getByRole('form', { name: 'Send SAI' });
    await send.getByRole('button', { name: 'Send money' }).click();
    await send.getByText('Valid email is required').waitFor();
    await send.getByText('Amount must be a positive number').waitFor();

    await send.getByLabel('Recipient email').fill(friend.email);
    await send.getByLabel('Amount (SAI)').fill('1000');
    await send.getByRole('button', { name: 'Send money' }).click();
    await send
      .getByText('Insufficient balance: You do not have enough SAI tokens to complete this transaction.')
      .waitFor();

    await send.getByLabel('Amount (SAI)').fill('3');
    await send.getByLabel('Description').fill('Lunch, "the good one"');
    await send.getByText(`Sending to ${friend.username}`).waitFor();
    await send.getByRole('button', { name: 'Send money' }).click();
    await toasts(sender.page).getByText('Money sent successfully').waitFor();
    await sender.page
      .getByRole('region', { name: 'Token balance' })
      .getByText('247.00', { exact: true })
      .waitFor();

    await openDashboard(receiver.page);
    expect(await balanceText(receiver.page)).toContain('3.00 SAI');
    await receiver.page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    const popover = receiver.page.getByRole('dialog', { name: 'Notifications' });
    await popover.getByText('Money received').waitFor();
    await popover.getByText(`You received 3.00 SAI from ${buyer.username}`, { exact: false }).waitFor();

    await sender.page.getByRole('link', { name: 'View All' }).click();
    await sender.page.waitForURL(url('/transactions'));
    await sender.page.getByRole('heading', { name: 'Transaction History' }).waitFor();
    await sender.page.getByText('View all your SAI transactions').waitFor();
    const row = sender.page.getByTestId('transaction-row').filter({ hasText: `Sent to ${friend.username}` });
    await row.getByText('\u22123.00 SAI').waitFor();
    await row.getByText('Balance 247.00 SAI').waitFor();
    await expectAccessible(sender.page, '/transactions');

    const [download] = await Promise.all([
      sender.page.waitForEvent('download'),
      sender.page.getByRole('button', { name: /^Export/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^sai-transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('Date,Type,Description,Counterparty,Amount (SAI),Balance after (SAI)');
    expect(lines).toContainEqual(
      expect.stringMatching(`^[^,]+,Transfer,"Lunch, ""the good one""",${friend.username},-3.00,247.00$`),
    );
    expect(lines).toContainEqual(expect.stringMatching(/^[^,]+,Deposit,[^,]*,SAI Wallet,250\.00,250\.00$/));

    // Filter: only deposits, through the popover.
    await sender.page.getByRole('button', { name: /^Filter/ }).click();
    const filter = sender.page.getByRole('dialog', { name: 'Filter transactions' });
    await filter.getByRole('combobox', { name: 'Type' }).click();
    await sender.page.getByRole('option', { name: 'Deposit' }).click();
    await filter.getByRole('button', { name: 'Apply filters' }).click();
    await sender.page.waitForURL(/type=deposit/);
    await sender.page.getByText('Filtered by:').waitFor();
    // The old list stays up until the filtered one has loaded.
    await expect.poll(() => sender.page.getByTestId('transaction-row').count()).toBe(1);
    await sender.page.getByTestId('transaction-row').filter({ hasText: 'Deposit approved' }).waitFor();
    expect(sender.problems).toEqual([]);
    expect(receiver.problems).toEqual([]);
  }, 60_000);

  test('phones: no sideways scrolling, and axe stays quiet', async () => {
    const user = await session(PHONE);
    await signInOverApi(user.context, buyer.email, buyer.password);
    await openDashboard(user.page);
    await user.page
      .getByRole('navigation', { name: 'Quick navigation' })
      .getByRole('link', { name: 'Transactions' })
      .waitFor();
    await expectNoHorizontalScroll(user.page, 'user /dashboard');
    await expectAccessible(user.page, 'user /dashboard at 360px');

    await user.page.getByRole('button', { name: 'Receive' }).click();
    const receive = user.page.getByRole('dialog', { name: 'Receive SAI' });
    await receive.getByText(buyer.email).waitFor();
    await expectNoHorizontalScroll(user.page, 'the receive dialog');
    await user.page.keyboard.press('Escape');

    // Without a configured address (or with the endpoint down) the card says so instead of inventing one.
    await user.page.route('**/api/config/public', (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"Not found"}' }),
    );
    await user.page.reload();
    await user.page.getByText('The deposit address is shown once configured').waitFor();
    await expectNoHorizontalScroll(user.page, 'user /dashboard without a deposit address');

    await user.page.goto(url('/transactions'));
    await user.page.getByRole('heading', { name: 'Transaction History' }).waitFor();
    await expectNoHorizontalScroll(user.page, '/transactions');
    await expectAccessible(user.page, '/transactions at 360px');

    const admin = await session(PHONE);
    await signInOverApi(admin.context, ADMIN.email, ADMIN.password);
    await openDashboard(admin.page);
    await admin.page.getByRole('region', { name: 'Recent users' }).getByText(friend.email).waitFor();
    await expectNoHorizontalScroll(admin.page, 'admin /dashboard');
    await expectAccessible(admin.page, 'admin /dashboard at 360px');

    const distribute = admin.page.getByRole('form', { name: 'Distribute tokens' });
    await distribute.getByLabel('User email').fill('nobody@example.com');
    await distribute.getByLabel('Amount (SAI)').fill('5');
    await distribute.getByRole('button', { name: 'Distribute tokens' }).click();
    await distribute.getByText('User with email nobody@example.com not found').waitFor();
    await distribute.getByLabel('User email').fill(friend.email);
    await distribute.getByRole('button', { name: 'Distribute tokens' }).click();
    await toasts(admin.page).getByText('Tokens distributed successfully').waitFor();
    const friendRow = admin.page
      .getByRole('region', { name: 'Recent users' })
      .getByRole('row', { name: new RegExp(friend.username) });
    await friendRow.getByText('8.00 SAI').waitFor();
    expect(user.problems).toEqual([]);
    expect(admin.problems).toEqual([]);
  }, 60_000);
});
