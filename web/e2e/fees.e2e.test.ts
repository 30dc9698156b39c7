import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  DESKTOP,
  dismissToast,
  newAccount,
  openAdminSection,
  openDashboard,
  PHONE,
  toasts,
} from './browserKit.ts';
import { allowPageProblems } from './harness.ts';
import { expectScreenAt } from './screenKit.ts';
import { setUpAdminApp } from './sessionsKit.ts';

/**
 * The conversion fee in the browser (docs/product-rules.md rule 25): the Buy form quotes the purchase
 * before it is submitted (the SAI received, the fee with its rate and tier, the exact crypto to send), and
 * an admin edits a tier's rate in Settings, which the next quote uses. Once at 1280 px and once at 360 px,
 * on the same app: the phone run starts from the rate the desktop run set.
 */

const { kit, adminSession } = setUpAdminApp('fees_e2e', { DEPOSIT_ADDRESS_ETH: `0x${'cd34'.repeat(10)}` });

type Viewport = typeof DESKTOP;

async function quoteOf(page: Page) {
  const quote = page.getByRole('form', { name: 'Buy SAI with crypto' }).getByRole('definition');
  return await quote.allTextContents();
}

async function chooseEth250(page: Page) {
  const buy = page.getByRole('form', { name: 'Buy SAI with crypto' });
  await buy.getByRole('radio', { name: '250 SAI' }).click();
  await buy.getByRole('combobox', { name: 'Payment method' }).click();
  await page.getByRole('option', { name: 'ETH' }).click();
  return buy;
}

async function feeJourney(
  viewport: Viewport,
  rates: { before: string; after: string },
  expected: { before: string[]; after: string[] },
) {
  const user = await kit.registered(viewport, newAccount('Fee'));
  await openDashboard(user.page, kit.url('/dashboard'));
  const buy = await chooseEth250(user.page);
  await buy.getByText(`Conversion fee (${rates.before}%, Gold tier)`).waitFor();
  await buy.getByText(expected.before[2]!).waitFor();
  expect(await quoteOf(user.page)).toEqual(expected.before);
  await expectScreenAt(user.page, viewport, 'user /dashboard with a quote');

  const admin = await adminSession(viewport);
  await admin.page.goto(kit.url('/admin'));
  await admin.page.getByRole('heading', { name: /^Welcome back, / }).waitFor();
  await openAdminSection(admin.page, 'Settings');
  const section = admin.page.getByRole('region', { name: 'Conversion fee' });
  const gold = section.getByRole('form', { name: 'Gold fee' });
  await expect.poll(() => gold.getByLabel('Fee rate (%)').inputValue()).toBe(rates.before);
  // A rate the server refuses is explained on the field, and saves nothing.
  await gold.getByLabel('Fee rate (%)').fill('12');
  allowPageProblems(admin.page, /^failed: 400 PUT \/api\/admin\/settings\/fees\/gold$/);
  await gold.getByRole('button', { name: 'Save Gold fee' }).click();
  await gold.getByText('A fee rate is a percentage from 0 to 10.00, like 0.50').waitFor();
  await gold.getByLabel('Fee rate (%)').fill(rates.after);
  await gold.getByRole('button', { name: 'Save Gold fee' }).click();
  await toasts(admin.page).getByText('Gold fee updated').waitFor();
  await dismissToast(admin.page, 'Gold fee updated');
  await gold.getByText(/^Set /).waitFor();
  await expectScreenAt(admin.page, viewport, 'admin /admin/settings');
  expect(admin.problems).toEqual([]);

  // The buyer submits on the quote still on their screen: the server refuses to record other terms (409),
  // says so, and the form quotes again at the new rate.
  allowPageProblems(user.page, /^failed: 409 POST \/api\/payments\/verify$/);
  await buy.getByRole('button', { name: 'Submit payment' }).click();
  await toasts(user.page)
    .getByText(/^The price changed since it was quoted/)
    .waitFor();
  await buy.getByText(`Conversion fee (${rates.after}%, Gold tier)`).waitFor();

  // The buyer's next quote uses the new rate.
  await openDashboard(user.page, kit.url('/dashboard'));
  await chooseEth250(user.page);
  await buy.getByText(`Conversion fee (${rates.after}%, Gold tier)`).waitFor();
  await buy.getByText(expected.after[2]!).waitFor();
  expect(await quoteOf(user.page)).toEqual(expected.after);
  expect(user.problems).toEqual([]);
}

describe('the conversion fee in the browser', () => {
  test('quotes a purchase with its fee, and an admin edits a rate, at 1280 px', {
    timeout: 240_000,
  }, async () => {
    await feeJourney(
      DESKTOP,
      { before: '0.50', after: '0.75' },
      {
        // 251.25 SAI × 2.50 USDT ÷ 3500 = 0.179464285… ETH, rounded up.
        before: ['250.00 SAI', '1.25 SAI', '0.17946429 ETH'],
        // 250 × 0.75 % = 1.875 → 1.88; 251.88 × 2.50 ÷ 3500 = 0.179914285… → 0.17991429.
        after: ['250.00 SAI', '1.88 SAI', '0.17991429 ETH'],
      },
    );
  });

  test('does the same at 360 px', { timeout: 240_000 }, async () => {
    await feeJourney(
      PHONE,
      { before: '0.75', after: '0.60' },
      {
        before: ['250.00 SAI', '1.88 SAI', '0.17991429 ETH'],
        // 250 × 0.60 % = 1.50; 251.50 × 2.50 ÷ 3500 = 0.179642857… → 0.17964286.
        after: ['250.00 SAI', '1.50 SAI', '0.17964286 ETH'],
      },
    );
  });
});
