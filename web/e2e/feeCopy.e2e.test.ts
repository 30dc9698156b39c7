import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DESKTOP, PHONE, withSignInProof } from './browserKit.ts';
import { expectAccessible, expectScreenAt } from './screenKit.ts';
import { setUpAdminApp } from './sessionsKit.ts';

/**
 * The public copy names the conversion fee's rates in force (issue 48, point 12): /cards (its lead and the
 * tier table), /wallet, the help centre's fees answer and the support chat read the rates the quote uses
 * (`GET /api/config/public`), so an admin's change of a rate shows on every one of them; no page keeps a
 * rate of its own. The public pages are English only. At 1280 px and 360 px, on the same app: the phone
 * run starts from the rate the desktop run set.
 */

const { kit, adminSession } = setUpAdminApp('fee_copy_e2e');

type Viewport = typeof DESKTOP;

async function setGoldRate(viewport: Viewport, rate: string) {
  const admin = await adminSession(viewport);
  const path = '/api/admin/settings/fees/gold';
  const response = await admin.context.request.put(kit.url(path), {
    data: withSignInProof(admin.context, 'PUT', path, { rate }),
    headers: { Origin: kit.url('') },
  });
  expect(response.status(), await response.text()).toBe(200);
  await admin.context.close();
}

/** Every public place that names the conversion fee says `gold` for Gold, and the default rates else. */
async function copyNames(page: Page, viewport: Viewport, gold: string) {
  const px = `${viewport.width}px`;
  const line = `${gold} on Gold, 0.35% on Ruby Steel and 0.25% on Black`;

  await page.goto(kit.url('/cards'));
  await page.getByText(`Conversion fee: ${line}.`, { exact: false }).waitFor();
  const row = page.getByRole('row', { name: /^Crypto conversion fee/ });
  expect((await row.getByRole('cell').allInnerTexts()).map((cell) => cell.trim())).toEqual([
    gold,
    '0.35%',
    '0.25%',
  ]);
  await expectScreenAt(page, viewport, '/cards');

  await page.goto(kit.url('/wallet'));
  await page.getByText(`Conversion fee: ${line}.`, { exact: false }).waitFor();
  await expectAccessible(page, `/wallet at ${px}`);

  await page.goto(kit.url('/help'));
  await page.getByRole('button', { name: 'What fees do I pay?' }).click();
  await page.getByText(`Converting other crypto to SAI costs ${line}`, { exact: false }).waitFor();
  await expectAccessible(page, `/help with the fees answer open at ${px}`);

  await page.getByRole('button', { name: 'Open support chat' }).click();
  const chat = page.getByRole('region', { name: 'Support chat' });
  // The assistant "connects" first (content/chat.ts, CHAT_TIMINGS); its greeting says it is ready.
  await chat.getByText("SAI Wallet's automated assistant", { exact: false }).waitFor();
  const input = chat.getByRole('textbox', { name: 'Type your message' });
  await input.fill('what are the fees');
  await input.press('Enter');
  await chat.getByText(`Converting other crypto to SAI costs ${line}.`, { exact: false }).waitFor();
  await expectAccessible(page, `the chat's fees answer at ${px}`);
  await chat.getByRole('button', { name: 'Close chat' }).click();
}

async function journey(viewport: Viewport, rates: { before: string; after: string }) {
  // A visitor who has never signed in; a fresh browser for each state, as a newcomer would arrive.
  const first = await kit.session(viewport);
  await copyNames(first.page, viewport, `${rates.before}%`);
  await first.context.close();

  await setGoldRate(viewport, rates.after);
  const second = await kit.session(viewport);
  await copyNames(second.page, viewport, `${rates.after.replace(/0+$/, '').replace(/\.$/, '')}%`);
  await second.context.close();
}

describe('the public copy names the conversion fee rates in force', () => {
  test(
    'at 1280px: 0.5% on Gold, then 0.45% once an admin set it',
    () => journey(DESKTOP, { before: '0.5', after: '0.45' }),
    180_000,
  );
  test(
    'at 360px: 0.45% on Gold, then 0.6% once an admin set it',
    () => journey(PHONE, { before: '0.45', after: '0.60' }),
    180_000,
  );
});
