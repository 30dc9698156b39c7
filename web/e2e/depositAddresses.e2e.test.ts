import type { Locator, Page } from 'playwright-core';
import QRCode from 'qrcode';
import { describe, expect, test } from 'vitest';
import { NO_DEPOSIT_ADDRESSES } from '../../testing/depositAddresses.ts';
import { confirmInDialog, DESKTOP, newAccount, openDashboard, PHONE, toasts } from './browserKit.ts';
import { allowPageProblems } from './harness.ts';
import { expectAccessible, expectScreenAt } from './screenKit.ts';
import { setUpAdminApp } from './sessionsKit.ts';

/**
 * Deposit addresses through the browser: with none set, the Buy and crypto-deposit forms say why and take
 * nothing; an admin sets one in the settings (a bad one is refused with its reason); the forms then show
 * the address with its network, a copy button and a QR code of the payment URI. At 1280 px and at 360 px,
 * each on its own (currency, network) pairs, on a server that starts with no address at all.
 */

const ETH_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

const { kit, adminSession } = setUpAdminApp('deposit_addresses_e2e', NO_DEPOSIT_ADDRESSES);

type Viewport = typeof DESKTOP;

interface Pair {
  /** The crypto-deposit form's currency and network label, and the payment URI its QR code must hold. */
  currency: string;
  network: string;
  address: string;
  uri: string;
  /** The Buy form's payment method (all paid on Ethereum) and the URI its QR code must hold. */
  buyMethod: 'ETH' | 'USDT' | 'USDC';
  buyUri: string;
}

const PAIRS: Record<'desktop' | 'phone', Pair> = {
  desktop: {
    currency: 'ETH',
    network: 'Ethereum',
    address: ETH_ADDRESS,
    uri: `ethereum:${ETH_ADDRESS}@1`,
    buyMethod: 'ETH',
    buyUri: `ethereum:${ETH_ADDRESS}@1`,
  },
  phone: {
    currency: 'BTC',
    network: 'Bitcoin',
    address: BTC_ADDRESS,
    uri: `bitcoin:${BTC_ADDRESS}`,
    // A token: its QR code is the bare address (the client holds no token contract for EIP-681).
    buyMethod: 'USDC',
    buyUri: ETH_ADDRESS,
  },
};

async function chooseOption(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

function unavailable(currency: string, network: string) {
  return `Deposits in ${currency} on ${network} are not available yet: no deposit address is set.`;
}

/** The QR image holds `uri`, and is exactly what `qrcode` draws for it (re-encoded here). */
async function expectQr(region: Locator, uri: string) {
  const image = region.getByRole('img', { name: /QR code of the deposit address/ });
  await image.waitFor();
  await expect.poll(() => image.getAttribute('data-payment-uri')).toBe(uri);
  const src = (await image.getAttribute('src')) ?? '';
  const prefix = 'data:image/svg+xml;charset=utf-8,';
  expect(src.startsWith(prefix)).toBe(true);
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  expect(decodeURIComponent(src.slice(prefix.length))).toBe(svg);
  expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

async function openDepositForm(page: Page, pair: Pair) {
  await page.goto(kit.url('/deposit'));
  await page.getByRole('tab', { name: 'Crypto deposit', selected: true }).waitFor();
  const form = page.getByRole('form', { name: 'Crypto deposit' });
  await chooseOption(page, form, 'Currency', pair.currency);
  await chooseOption(page, form, 'Network', pair.network);
  return form;
}

async function openBuyForm(page: Page, pair: Pair) {
  await openDashboard(page, kit.url('/dashboard'));
  const buy = page.getByRole('form', { name: 'Buy SAI with crypto' });
  await chooseOption(page, buy, 'Payment method', pair.buyMethod);
  return buy;
}

async function journey(viewport: Viewport) {
  const phone = viewport === PHONE;
  const px = `${viewport.width}px`;
  const pair = PAIRS[phone ? 'phone' : 'desktop'];
  const user = await kit.registered(viewport, newAccount(phone ? 'Mobile' : 'Desk'));

  // No address: each form explains why and refuses to submit.
  const form = await openDepositForm(user.page, pair);
  await form.getByText(unavailable(pair.currency, pair.network)).waitFor();
  const declare = form.getByRole('button', { name: 'Declare deposit' });
  expect(await declare.isDisabled()).toBe(true);
  expect(await form.getByLabel('Transaction hash').isDisabled()).toBe(true);
  expect(await form.getByRole('img', { name: /QR code/ }).count()).toBe(0);
  await expectScreenAt(user.page, viewport, '/deposit without an address');

  let buy = await openBuyForm(user.page, pair);
  await buy.getByText(unavailable(pair.buyMethod, 'Ethereum')).waitFor();
  expect(await buy.getByRole('button', { name: 'Submit payment' }).isDisabled()).toBe(true);
  await expectScreenAt(user.page, viewport, '/dashboard Buy without an address');

  // The admin sets the addresses in the settings; a wrong checksum is refused with its reason first.
  const admin = await adminSession(viewport);
  await admin.page.goto(kit.url('/admin/settings'));
  const section = admin.page.getByRole('region', { name: 'Deposit addresses' });
  const row = section.getByRole('form', { name: `${pair.currency} on ${pair.network} deposit address` });
  await row.getByText('Not set: deposits and payments here are refused').waitFor();
  const typo =
    pair.currency === 'ETH' ? '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD' : `${BTC_ADDRESS.slice(0, -1)}5`;
  await row.getByLabel('Address').fill(typo);
  allowPageProblems(admin.page, /^failed: 4\d\d PUT \/api\/admin\/settings\/deposit-addresses\/\w+\/\w+$/);
  await row.getByRole('button', { name: `Save ${pair.currency} on ${pair.network} address` }).click();
  await row
    .getByText(/^Not a valid (Ethereum|Bitcoin) address: /)
    .first()
    .waitFor();
  await row.getByLabel('Address').fill(pair.address);
  await row.getByRole('button', { name: `Save ${pair.currency} on ${pair.network} address` }).click();
  await toasts(admin.page).getByText('Deposit address saved').waitFor();
  await row.getByText(pair.address, { exact: true }).waitFor();
  await row.getByText(/^Set by an admin/).waitFor();
  if (pair.buyMethod !== pair.currency) {
    const buyRow = section.getByRole('form', { name: `${pair.buyMethod} on Ethereum deposit address` });
    await buyRow.getByLabel('Address').fill(ETH_ADDRESS);
    await buyRow.getByRole('button', { name: `Save ${pair.buyMethod} on Ethereum address` }).click();
    await buyRow.getByText(ETH_ADDRESS, { exact: true }).waitFor();
  }
  await expectScreenAt(admin.page, viewport, '/admin/settings');
  expect(admin.problems).toEqual([]);

  // The forms now show the address with its network, a copy button and the QR code.
  const ready = await openDepositForm(user.page, pair);
  const region = ready.getByRole('region', { name: 'Deposit address' });
  await region.getByText(pair.address, { exact: true }).waitFor();
  await region.getByText(pair.network, { exact: true }).waitFor();
  await expectQr(region, pair.uri);
  await region.getByRole('button', { name: 'Copy deposit address' }).click();
  await region.getByText('Copied!').waitFor();
  expect(await user.page.evaluate(() => navigator.clipboard.readText())).toBe(pair.address);
  expect(await ready.getByRole('button', { name: 'Declare deposit' }).isDisabled()).toBe(false);
  await expectScreenAt(user.page, viewport, '/deposit with an address');

  buy = await openBuyForm(user.page, pair);
  const buyRegion = buy.getByRole('region', { name: 'Deposit address' });
  await buyRegion.getByText(ETH_ADDRESS, { exact: true }).waitFor();
  await buyRegion.getByText('Ethereum', { exact: true }).waitFor();
  // Paying in ETH, the QR code also asks for the quoted amount (in wei, EIP-681's `value`).
  const pay = buy.getByRole('definition').nth(2);
  await expect.poll(() => pay.textContent()).toMatch(/^[\d,.]+ /);
  const [whole = '0', fraction = ''] = ((await pay.textContent()) ?? '')
    .split(' ')[0]!
    .replaceAll(',', '')
    .split('.');
  const wei = BigInt(whole + fraction.padEnd(18, '0')).toString();
  await expectQr(buyRegion, pair.buyMethod === 'ETH' ? `${pair.buyUri}?value=${wei}` : pair.buyUri);
  expect(await buy.getByRole('button', { name: 'Submit payment' }).isDisabled()).toBe(false);
  await expectScreenAt(user.page, viewport, '/dashboard Buy with an address');
  expect(user.problems).toEqual([]);

  // The admin clears the address, after a confirmation: the form explains again and takes nothing.
  await row.getByRole('button', { name: `Clear ${pair.currency} on ${pair.network} address` }).click();
  const dialog = `Clear the ${pair.currency} on ${pair.network} deposit address?`;
  await admin.page.getByRole('alertdialog', { name: dialog }).waitFor();
  await expectAccessible(admin.page, `/admin/settings clear confirmation at ${px}`);
  await confirmInDialog(admin.page, dialog, 'Clear address', 'Deposit address cleared');
  await row.getByText('Not set: deposits and payments here are refused').waitFor();
  const cleared = await openDepositForm(user.page, pair);
  await cleared.getByText(unavailable(pair.currency, pair.network)).waitFor();
  expect(await cleared.getByRole('button', { name: 'Declare deposit' }).isDisabled()).toBe(true);
}

describe('deposit addresses in the browser', () => {
  test('no address: forms disabled; the admin sets one; the forms show it with copy and QR code', async () => {
    await journey(DESKTOP);
  }, 180_000);

  test('the same at 360 px, for Bitcoin and a USDC purchase', async () => {
    await journey(PHONE);
  }, 180_000);
});
