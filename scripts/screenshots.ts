import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot } from '../web/e2e/harness.ts';
import { withThrowawayApp } from './browserApp.ts';

/**
 * npm run screenshots: starts the app on a throw-away embedded Postgres, signs a user up through the real
 * UI, and writes the README's screenshots to docs/screenshots/.
 */
async function main() {
  const out = path.join(repoRoot, 'docs', 'screenshots');
  await mkdir(out, { recursive: true });
  const admin = { email: 'grace@example.com', password: 'screenshots-admin-password' };
  const env = { DEPOSIT_ADDRESS_ETH: '0x52908400098527886E0F7030069857D2E4169EE7' };
  await withThrowawayApp('shots', admin, env, async (app, browser) => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
    const shoot = async (name: string) => {
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: path.join(out, `${name}.png`) });
      process.stdout.write(`wrote docs/screenshots/${name}.png\n`);
    };
    await page.goto(`${app.url}/`);
    await shoot('landing');
    await page.goto(`${app.url}/login`);
    await shoot('login');
    await signUp(page, app.url);
    // An admin grants Ada her first tokens (over the API, as the admin console would), so the dashboard and
    // the console show real figures from the ledger.
    const adminPage = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
    // Calls over the API as the signed-in page would make them (same cookies, same origin).
    const call = async (from: Page, method: 'POST' | 'PATCH' | 'PUT', path: string, data: unknown) => {
      const response = await from.request.fetch(`${app.url}${path}`, {
        method,
        data,
        headers: { Origin: app.url },
      });
      if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
      return (await response.json()) as { id: string };
    };
    const shots: Shots = { page, adminPage, url: app.url, out, shoot, call, adminPassword: admin.password };
    await grantAndShootDashboard(shots, admin);
    const withdrawal = await cryptoAndHistory(shots);
    await shootReceiptAndVerify(shots, withdrawal.id);
    await shootBuySecurityAndGerman(shots);
    await shootAdmin(shots);
  });
}

/** What the screenshot steps share: Ada's page, the admin's, where the files go and the API calls. */
interface Shots {
  page: Page;
  adminPage: Page;
  url: string;
  out: string;
  shoot: (name: string) => Promise<void>;
  call: (
    from: Page,
    method: 'POST' | 'PATCH' | 'PUT',
    path: string,
    data: unknown,
  ) => Promise<{ id: string }>;
  adminPassword: string;
}

/** Ada signs up through the real form and confirms the link the server mailed her. */
async function signUp(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/register`);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Username').fill('ada');
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Password', { exact: true }).fill('correct-horse');
  await page.getByLabel('Confirm password').fill('correct-horse');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: /create account/i }).click();
  await page.waitForURL('**/dashboard');
  // Ada confirms the link the server mailed her (the development outbox): until then she can receive nothing.
  const outbox = await page.request.get(`${url}/api/dev/outbox?to=ada%40example.com`);
  const mails = ((await outbox.json()) as { mails: { text: string }[] }).mails;
  const token = mails.map((mail) => /#token=([\w-]{43})/.exec(mail.text)?.[1]).find(Boolean);
  if (!token) throw new Error('no verification link in the development outbox');
  const confirmed = await page.request.post(`${url}/api/auth/verify-email/confirm`, {
    data: { token },
    headers: { Origin: url },
  });
  if (!confirmed.ok()) throw new Error(`verify-email: ${confirmed.status()} ${await confirmed.text()}`);
}

/** The admin grants Ada 250 SAI; the dashboard, then the review of her card's stake. */
async function grantAndShootDashboard(
  { page, adminPage, url, out, shoot, call, adminPassword }: Shots,
  admin: { email: string; password: string },
): Promise<void> {
  const api = (path: string, data: unknown) => call(adminPage, 'POST', path, data);
  await api('/api/auth/login', { ...admin, rememberMe: false });
  const me = (await (await page.request.get(`${url}/api/auth/me`)).json()) as { id: string };
  await api('/api/transactions', {
    type: 'admin_deposit',
    receiver_id: me.id,
    amount: '250',
    description: 'Welcome grant',
    password: adminPassword,
  });
  await page.waitForTimeout(1_500);
  await page.reload();
  await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
  await shoot('dashboard');
  // Her 250 SAI activate a Ruby Steel card by staking them: the review before the stake is placed.
  await call(page, 'POST', '/api/cards', {});
  await page.reload();
  const cardPanel = page.getByRole('region', { name: 'Metal card' });
  await cardPanel.getByRole('button', { name: /^Stake .* SAI$/ }).click();
  const stakeReview = page.getByRole('alertdialog');
  await stakeReview.waitFor();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(out, 'card-stake.png') });
  process.stdout.write('wrote docs/screenshots/card-stake.png\n');
  await stakeReview.getByRole('button', { name: /^Stake .* SAI$/ }).click();
  await stakeReview.waitFor({ state: 'hidden' });
}

/** Her crypto: deposits, a withdrawal the admin completes; then the history. Returns the withdrawal. */
async function cryptoAndHistory({ page, adminPage, url, shoot, call, adminPassword }: Shots) {
  // Her crypto: 0.75 ETH deposited and confirmed, 0.1 ETH withdrawn and sent, a USDT deposit declared.
  const eth = await call(page, 'POST', '/api/crypto/deposits', { currency: 'ETH', network: 'ethereum' });
  await call(adminPage, 'PATCH', `/api/admin/crypto/deposits/${eth.id}`, {
    action: 'confirm',
    amount: '0.75',
    txHash: `0x${'5a1e'.repeat(16)}`,
    // The admin's fresh proof (docs/security.md, "Admin re-authentication and four-eyes").
    password: adminPassword,
  });
  const withdrawal = await call(page, 'POST', '/api/crypto/withdraw', {
    currency: 'ETH',
    amount: '0.1',
    address: '0x1111222233334444555566667777888899990000',
    chain: 'ethereum',
    password: 'correct-horse',
  });
  await call(adminPage, 'PATCH', `/api/admin/crypto/withdrawals/${withdrawal.id}`, {
    action: 'complete',
    txHash: `0x${'0fee'.repeat(16)}`,
    password: adminPassword,
  });
  await call(page, 'POST', '/api/crypto/deposits', { currency: 'USDT', network: 'ethereum' });
  await page.waitForTimeout(1_500);
  await page.goto(`${url}/transactions`);
  await page.getByTestId('transaction-row').nth(3).waitFor();
  await shoot('history');
  return withdrawal;
}

/** The withdrawal's receipt, then its verifiable receipt checked on /verify. */
async function shootReceiptAndVerify({ page, url, out }: Shots, withdrawalId: string): Promise<void> {
  await page.goto(`${url}/transactions/${withdrawalId}`);
  await page.getByRole('heading', { name: 'Withdrawal' }).waitFor();
  await page.getByRole('button', { name: /Ada/ }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(out, 'receipt.png'), fullPage: true });
  process.stdout.write('wrote docs/screenshots/receipt.png\n');
  // The withdrawal's verifiable receipt, checked on /verify: the verdict and what the file shows.
  const receipt = await receiptText(page, `${url}/api/transactions/${withdrawalId}/receipt`);
  await page.goto(`${url}/verify`);
  await page
    .getByLabel('Choose a file')
    .setInputFiles({ name: 'receipt.json', mimeType: 'application/json', buffer: Buffer.from(receipt) });
  await page.getByRole('heading', { name: 'Verified' }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(out, 'verify.png'), fullPage: true });
  process.stdout.write('wrote docs/screenshots/verify.png\n');
}

/** The Buy form's quote, the security centre, and the dashboard and notifications in German. */
async function shootBuySecurityAndGerman({ page, url, out, shoot, call }: Shots): Promise<void> {
  // The Buy form's quote: 250 SAI paid in ETH, with the conversion fee on top.
  await page.goto(`${url}/dashboard`);
  const buy = page.getByRole('form', { name: 'Buy SAI with crypto' });
  await buy.getByRole('radio', { name: '250 SAI' }).click();
  await buy.getByRole('combobox', { name: 'Payment method' }).click();
  await page.getByRole('option', { name: 'ETH' }).click();
  await buy.getByText(/^Conversion fee \(/).waitFor();
  await page.waitForLoadState('networkidle');
  // A full-page capture clipped to the panel: the fixed header stays at the page's top, off the panel.
  const panel = page.getByRole('region', { name: 'Buy SAI with crypto' });
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await panel.boundingBox();
  if (!box) throw new Error('the Buy panel is not on the dashboard');
  await page.screenshot({ path: path.join(out, 'buy-quote.png'), fullPage: true, clip: box });
  process.stdout.write('wrote docs/screenshots/buy-quote.png\n');
  // The security centre: passkeys, e-mail change, and the sessions and devices signed in.
  await page.goto(`${url}/profile?tab=security`);
  await page.getByRole('list', { name: 'Signed-in sessions' }).getByRole('listitem').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(out, 'security-centre.png'), fullPage: true });
  process.stdout.write('wrote docs/screenshots/security-centre.png\n');
  // The same dashboard in a second language: Ada saves German as her language, as the profile would.
  await call(page, 'PUT', '/api/account/preferences', {
    emailNotifications: true,
    marketingCommunications: false,
    transactionAlerts: true,
    language: 'de',
    theme: 'light',
  });
  await page.goto(`${url}/dashboard`);
  await page.getByRole('heading', { name: /^Willkommen, / }).waitFor();
  await shoot('dashboard-de');
  // Her notifications in German, worded in the browser from what each keeps.
  await page.getByRole('button', { name: /^Benachrichtigungen/ }).click();
  await page.getByRole('dialog', { name: 'Benachrichtigungen' }).getByRole('listitem').first().waitFor();
  await shoot('notifications-de');
  await page.keyboard.press('Escape');
}

/** The admin console and its transactions. */
async function shootAdmin({ adminPage, url, out }: Shots): Promise<void> {
  await adminPage.goto(`${url}/admin`);
  await adminPage.getByRole('navigation', { name: 'Admin' }).waitFor();
  await adminPage.waitForLoadState('networkidle');
  await adminPage.screenshot({ path: path.join(out, 'admin.png') });
  process.stdout.write('wrote docs/screenshots/admin.png\n');
  await adminPage.goto(`${url}/admin/transactions`);
  await adminPage.waitForLoadState('networkidle');
  await adminPage.screenshot({ path: path.join(out, 'admin-transactions.png') });
  process.stdout.write('wrote docs/screenshots/admin-transactions.png\n');
}

/** A transaction's verifiable receipt, once the ledger's digest covers it (a 503 until then). */
async function receiptText(page: Page, url: string): Promise<string> {
  for (let attempt = 0; attempt < 60; attempt++) {
    const response = await page.request.get(url);
    if (response.ok()) return await response.text();
    if (response.status() !== 503) throw new Error(`${url}: ${response.status()} ${await response.text()}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url}: no receipt after 30 s`);
}

main().catch((error: unknown) => {
  process.stderr.write(`screenshots failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
