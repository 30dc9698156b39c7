import { describe, expect } from 'vitest';
import { newAccount, type Viewport, widthAndLanguageTests } from './browserKit.ts';
import { expectAccessible, expectScreenAt } from './screenKit.ts';
import { saveLanguage, setUpAdminApp } from './sessionsKit.ts';

/**
 * One display rule for amounts and changes (issue 48, point 14; docs/product-rules.md rule 29): the amount
 * a purchase asks for shows the same on the buyer's dashboard and in the admin's pending list (628.125
 * USDT, every significant digit, no padding to the ledger's 8 decimals), and a falling price's 24 h change
 * is written with the minus sign (U+2212), never a hyphen, placed as the language writes a percentage. At
 * 1280 px and 360 px, the dashboard in every language it has (the admin screens are English).
 */

const { kit, adminSession } = setUpAdminApp('amounts_e2e', { DEPOSIT_ADDRESS_ETH: `0x${'ef56'.repeat(10)}` });

type Language = 'en' | 'de' | 'fr' | 'es';
/** 250 SAI + the 1.25 SAI fee at 2.5 USDT each; ETH at 3150 after the default 3500. */
const SHOWN: Record<Language, { due: string; change: RegExp }> = {
  en: { due: '628.125 USDT', change: /\u221210\.00%/ },
  de: { due: '628,125 USDT', change: /\u221210,00[\u00a0\u202f]%/ },
  fr: { due: '628,125 USDT', change: /\u221210,00[\u00a0\u202f]%/ },
  es: { due: '628,125 USDT', change: /\u221210,00[\u00a0\u202f]%/ },
};

let priceSet = false;
async function journey(viewport: Viewport, language: Language) {
  const px = `${viewport.width}px`;
  const admin = await adminSession(viewport);
  if (!priceSet) {
    await kit.call(admin.context, 'PUT', '/api/admin/settings/prices/ETH', { price: '3150.00' });
    priceSet = true;
  }
  const buyer = newAccount('Buyer');
  const user = await kit.registered(viewport, buyer);
  await saveLanguage(kit, user.context, language);
  const payment = await kit.call(user.context, 'POST', '/api/payments/verify', {
    paymentMethod: 'USDT',
    amount: '250',
    notes: `order of ${buyer.username}`,
  });
  expect(payment.cryptoAmount).toMatch(/^628\.125/);

  const { page } = user;
  await page.goto(kit.url('/dashboard'));
  const main = page.locator('main');
  await main.getByText(`(${SHOWN[language].due})`, { exact: false }).waitFor();
  await expect.poll(async () => SHOWN[language].change.test(await main.innerText())).toBe(true);
  const text = await main.innerText();
  // No hyphen before a percentage anywhere on the dashboard, and no amount padded to 8 decimals.
  expect(text).not.toMatch(/-\d+([.,]\d+)?\s?%/);
  expect(text).not.toMatch(/\d[.,]\d{8}\s(USDT|USDC)/);
  await expectScreenAt(page, viewport, `/dashboard in ${language}`);
  await user.context.close();

  // The admin's pending list: the same amount, the same digits (English).
  if (language === 'en') {
    await admin.page.goto(kit.url('/dashboard'));
    const queue = admin.page.getByRole('region', { name: 'Pending payment verifications' });
    const item = queue.getByRole('listitem').filter({ hasText: `order of ${buyer.username}` });
    await item.getByText('628.125 USDT due · fee 1.25 SAI (0.50%)', { exact: true }).waitFor();
    await expectAccessible(admin.page, `the admin's pending payments at ${px}`);
  }
  await admin.context.close();
}

describe('amounts and changes: one display rule', () => {
  widthAndLanguageTests(journey, Object.keys(SHOWN) as Language[], 120_000);
});
