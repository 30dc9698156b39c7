import type { Page, Request } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DESKTOP, newAccount, PHONE, toasts, untilVisible, type Viewport } from './browserKit.ts';
import { text as catalogText, LANGUAGES, type Language, type MessageId } from './messagesKit.ts';
import { expectAccessible, expectScreenAt } from './screenKit.ts';
import { setUpAdminApp } from './sessionsKit.ts';

/**
 * A card activated by staking (docs/product-rules.md rule 30, issue 48.6): a holder of 600 SAI who ordered a
 * card is not told "Payment Required" but offered "Stake 500.00 SAI" for Black; the review says what is
 * held, what is left and what releases it; Confirm sends it once (an Idempotency-Key), the card is active
 * at Black, and the card panel and the balance card show the SAI staked. In English the holder then
 * releases the stake and the card follows down to Gold. At 1280 and 360 px, in English, German, French
 * and Spanish. The SAI and the card order are set up over the API (cards.e2e.test.ts walks the order).
 */

const { kit, adminSession } = setUpAdminApp('card_stake_e2e');

const TIER_NAMES = { black: 'Black', gold: 'Gold' } as const;

/** A message of `language` with its arguments filled in; tags (`<strong>`) dropped, as the page reads. */
function text(language: Language, id: MessageId, values: Record<string, string> = {}): string {
  return catalogText(language, id, values).replace(/<\/?\w+>/g, '');
}

/** An amount as the language writes it with two decimals: "500.00", "500,00". */
const amount = (language: Language, value: string) => (language === 'en' ? value : value.replace('.', ','));

/** The Idempotency-Key of every stake the page POSTs. */
function stakeKeys(page: Page): string[] {
  const keys: string[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && /\/api\/cards\/[^/]+\/stake$/.test(new URL(request.url()).pathname))
      keys.push(request.headers()['idempotency-key'] ?? '');
  });
  return keys;
}

async function journey(viewport: Viewport, language: Language) {
  const px = `${viewport.width}px in ${language}`;
  const say = (id: MessageId, values: Record<string, string> = {}) => text(language, id, values);
  const user = await kit.registered(viewport, newAccount('Staker'));
  const admin = await adminSession(viewport);
  if (language !== 'en') {
    const preferences = await kit.call(user.context, 'GET', '/api/account/preferences');
    await kit.call(user.context, 'PUT', '/api/account/preferences', { ...preferences, language });
  }
  const me = await kit.call(user.context, 'GET', '/api/auth/user');
  await kit.call(admin.context, 'POST', '/api/transactions', {
    type: 'admin_deposit',
    receiver_id: me.id,
    amount: '600.00',
  });
  // Ordered with 600 SAI: a Black card waiting for its activation.
  const card = await kit.call(user.context, 'POST', '/api/cards', {});
  expect(card).toMatchObject({ tier: 'black', status: 'pending' });

  const { page } = user;
  const keys = stakeKeys(page);
  await page.goto(kit.url('/dashboard'));
  const panel = page.getByRole('region', { name: say('dashboard.actions.card') });
  const five = amount(language, '500.00');
  const stakeButton = panel.getByRole('button', { name: say('dashboard.stake.button', { amount: five }) });
  // The saved language arrives with the session: the offer in it, then the page's language.
  await untilVisible(page, stakeButton);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
  // Not "Payment Required": the holder's SAI activates the card.
  await panel
    .getByTestId('card-status')
    .getByText(say('dashboard.card.state.stakeable'), { exact: true })
    .waitFor();
  expect(await panel.getByText(say('dashboard.card.state.pending'), { exact: true }).count()).toBe(0);
  await panel.getByText(say('dashboard.stake.offer', { tier: TIER_NAMES.black })).waitFor();
  await expectScreenAt(page, viewport, `/dashboard offering a stake in ${language}`);

  // The review: what is held, for which tier, what is left, what releases it.
  await stakeButton.click();
  const review = page.getByRole('alertdialog', {
    name: say('dashboard.stake.title', { amount: five, tier: TIER_NAMES.black }),
  });
  await review.waitFor();
  const rows = review.getByRole('definition');
  await rows.getByText(say('dashboard.sai', { amount: five }), { exact: true }).waitFor();
  await rows
    .getByText(say('dashboard.sai', { amount: amount(language, '100.00') }), { exact: true })
    .waitFor();
  await rows.getByText(say('dashboard.stake.releasedWhen'), { exact: true }).waitFor();
  await expectScreenAt(page, viewport, `the stake's review in ${language}`);
  // Cancel sends nothing.
  await review.getByRole('button', { name: say('shell.dialog.cancel') }).click();
  await review.waitFor({ state: 'detached' });
  expect(keys).toEqual([]);

  await stakeButton.click();
  await review.getByRole('button', { name: say('dashboard.stake.button', { amount: five }) }).click();
  await toasts(page).getByText(say('dashboard.stake.done'), { exact: true }).waitFor();
  await review.waitFor({ state: 'detached' });
  expect(keys).toHaveLength(1);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);

  // Active at Black; the panel and the balance card show what is staked.
  await panel
    .getByTestId('card-status')
    .getByText(say('dashboard.card.state.active'), { exact: true })
    .waitFor();
  await panel
    .getByTestId('card-stake')
    .getByText(say('dashboard.stake.staked', { amount: five, tier: TIER_NAMES.black }))
    .waitFor();
  await page
    .getByTestId('balance-staked')
    .getByText(say('dashboard.balance.staked', { amount: five }))
    .waitFor();
  await expectScreenAt(page, viewport, `/dashboard with a staked card in ${language}`);
  expect(await kit.call(user.context, 'GET', '/api/cards/stake')).toEqual({
    staked: '500.00',
    tier: 'black',
    available: '100.00',
  });

  if (language === 'en') {
    // Released: the SAI comes back and the card follows down to Gold.
    await panel.getByRole('button', { name: 'Release stake' }).click();
    const release = page.getByRole('alertdialog', { name: 'Release your stake?' });
    await release.getByText('500.00 SAI returns to your balance', { exact: false }).waitFor();
    await expectAccessible(page, `the release confirmation at ${px}`);
    await release.getByRole('button', { name: 'Release stake' }).click();
    await toasts(page).getByText('Stake released', { exact: true }).waitFor();
    await panel.getByTestId('card-stake').waitFor({ state: 'detached' });
    await panel.getByText('Gold card', { exact: true }).waitFor();
    await page.getByTestId('balance-staked').waitFor({ state: 'detached' });
    expect(await kit.call(user.context, 'GET', '/api/cards/stake')).toEqual({
      staked: '0.00',
      tier: 'gold',
      available: '600.00',
    });
  }
  expect(user.problems).toEqual([]);
}

describe('activating a card by staking, as its holder', () => {
  for (const language of LANGUAGES) {
    for (const viewport of [DESKTOP, PHONE]) {
      test(`in ${language} at ${viewport.width} px`, async () => {
        await journey(viewport, language);
      }, 240_000);
    }
  }
});
