import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import {
  confirmInDialog,
  DESKTOP,
  journeyTests,
  newAccount,
  openDashboard,
  PHONE,
  untilVisible,
} from './browserKit.ts';
import { expectNoHorizontalScroll, expectScreenAt } from './screenKit.ts';
import { setUpAdminApp } from './sessionsKit.ts';

/**
 * A card keeps its own tier (docs/product-rules.md rule 30): a Gold card stays Gold when the approval that
 * activates it takes the balance to Ruby Steel; the holder is offered "Upgrade card", sees what changes
 * (the SAI it stakes among it), confirms, and the card shows its new tier; a later balance that reaches
 * Black (counting what is staked) offers Black the same way.
 * Once at 1280 px and once at 360 px, each with a new holder. The card and the SAI are set up over the API
 * (cards.e2e.test.ts walks the order itself); the upgrade is walked as the holder does it.
 */

const { kit, adminSession } = setUpAdminApp('card_tier_e2e');

function cardPanel(page: Page) {
  return page.getByRole('region', { name: 'Metal card' });
}

async function upgradeJourney(viewport: typeof DESKTOP) {
  const phone = viewport === PHONE;
  const holder = newAccount('Upgrader');
  const user = await kit.registered(viewport, holder);
  const me = await kit.call(user.context, 'GET', '/api/auth/user');
  const admin = await adminSession(viewport);

  // A Gold card (balance 0 at the request) paid with 300 SAI: the approval activates it and leaves it Gold.
  expect((await kit.call(user.context, 'POST', '/api/cards', {})).tier).toBe('gold');
  const proof = await kit.call(user.context, 'POST', '/api/payments/verify', {
    paymentMethod: 'USDT',
    amount: 300,
  });
  await kit.call(admin.context, 'PATCH', `/api/payments/${proof.id}/verify`, { approved: true });

  await openDashboard(user.page, kit.url('/dashboard'));
  const panel = cardPanel(user.page);
  await untilVisible(user.page, panel.getByTestId('card-status').getByText('Active', { exact: true }));
  await panel.getByText('Gold card', { exact: true }).waitFor();
  await panel.getByText('Your balance of 300.00 SAI reaches Ruby Steel.').waitFor();
  await expectScreenAt(user.page, viewport, '/dashboard offering an upgrade');

  // "Upgrade card": what changes, then the confirmation.
  await panel.getByRole('button', { name: 'Upgrade card' }).click();
  const toRuby = user.page.getByRole('alertdialog', { name: 'Upgrade to Ruby Steel' });
  await toRuby.getByText('Your Gold card becomes a Ruby Steel card.', { exact: false }).waitFor();
  const changes = toRuby.getByRole('definition');
  await changes.getByText('1% → 2%').waitFor();
  await changes.getByText('0.00 SAI → 250.00 SAI').waitFor();
  await expectScreenAt(user.page, viewport, 'the upgrade confirmation');
  // Cancel changes nothing.
  await toRuby.getByRole('button', { name: 'Cancel' }).click();
  await toRuby.waitFor({ state: 'detached' });
  await panel.getByText('Gold card', { exact: true }).waitFor();

  await panel.getByRole('button', { name: 'Upgrade card' }).click();
  await confirmInDialog(user.page, 'Upgrade to Ruby Steel', 'Upgrade to Ruby Steel', 'Card upgraded');
  await toRuby.waitFor({ state: 'detached' });
  await panel.getByText('Ruby Steel card', { exact: true }).waitFor();
  // 300 SAI reaches nothing above Ruby Steel: no offer any more.
  await panel.getByRole('button', { name: 'Upgrade card' }).waitFor({ state: 'detached' });
  await panel.getByText('Upgrade path:').waitFor();

  // 250 more SAI: the balance reaches Black, and Black is offered the same way.
  await kit.call(admin.context, 'POST', '/api/transactions', {
    type: 'admin_deposit',
    receiver_id: me.id,
    amount: 250,
  });
  await untilVisible(user.page, panel.getByText('Your balance of 550.00 SAI reaches Black.'));
  await panel.getByText('Top Tier Reached').waitFor();
  await panel.getByText('Ruby Steel card', { exact: true }).waitFor();
  if (phone) await expectNoHorizontalScroll(user.page, '/dashboard offering Black');
  await panel.getByRole('button', { name: 'Upgrade card' }).click();
  await user.page.getByRole('alertdialog', { name: 'Upgrade to Black' }).getByText('2% → 3%').waitFor();
  await confirmInDialog(user.page, 'Upgrade to Black', 'Upgrade to Black', 'Card upgraded');
  await panel.getByText('Black card', { exact: true }).waitFor();
  await panel.getByText('Your Black card has every benefit of the top tier.').waitFor();
  await panel.getByRole('button', { name: 'Upgrade card' }).waitFor({ state: 'detached' });
  await expectScreenAt(user.page, viewport, '/dashboard with a Black card');

  // An upgrade is a stake (docs/product-rules.md rule 30): 500 SAI held, and the holder is told.
  expect(await kit.call(user.context, 'GET', '/api/cards/stake')).toEqual({
    staked: '500.00',
    tier: 'black',
    available: '50.00',
  });
  const notices = await kit.call<{ message: string }[]>(user.context, 'GET', '/api/notifications');
  expect(notices.map((n) => n.message)).toContain('Your card is now Black. SAI staked for it: 500.00.');
  expect(user.problems).toEqual([]);
}

describe('upgrading a card, as its holder', () => {
  journeyTests(upgradeJourney, [
    ['at desktop width (1280 px)', DESKTOP],
    ['at phone width (360 px)', PHONE],
  ]);
});
