import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  type Account,
  confirmInDialog,
  DEPOSIT_ADDRESS_ETH,
  DESKTOP,
  journeyTests,
  newAccount,
  openAdminSection,
  openDashboard,
  PHONE,
  toasts,
  untilVisible,
} from './browserKit.ts';
import { expectAccessible, expectNoHorizontalScroll, expectScreenAt } from './screenKit.ts';
import { setUpAdminApp } from './sessionsKit.ts';

/**
 * The metal card end to end: a user with no balance orders a card ("Deposit Required"), pays with a
 * deposit proof, an admin approves it and the card turns active; the user adds a shipping address, the
 * admin ships it from the cards queue, the user follows it, the admin marks it delivered; the user
 * freezes, unfreezes and changes the PIN; once at 1280 px and once at 360 px, each with a new holder.
 * Then every admin section passes axe at desktop and phone width.
 */

const { kit, ADMIN, adminSession } = setUpAdminApp('cards_e2e', { DEPOSIT_ADDRESS_ETH });

function cardPanel(page: Page) {
  return page.getByRole('region', { name: 'Metal card' });
}

type Viewport = typeof DESKTOP;

/**
 * Before there is a card, METAL CARD says it is not active; with no balance the request asks for a
 * deposit, which creates the card, and the payment proof leaves it waiting for an admin.
 */
async function orderAndPay(page: Page, viewport: Viewport) {
  const phone = viewport === PHONE;
  const panel = cardPanel(page);
  await panel.getByText('Not Activated').waitFor();
  await panel.getByText('Upgrade path:').waitFor();

  // METAL CARD before there is a card: settings are not open yet.
  await page.getByRole('button', { name: 'Metal card', exact: true }).click();
  const notActive = page.getByRole('dialog', { name: 'Card Not Yet Active' });
  await notActive.getByRole('button', { name: 'Deposit Now' }).waitFor();
  await page.keyboard.press('Escape');
  await notActive.waitFor({ state: 'detached' });

  // Balance 0: the request starts with "Deposit Required", which creates the card and opens the proof form.
  await panel.getByRole('button', { name: 'Request card' }).click();
  const required = page.getByRole('dialog', { name: 'Deposit Required' });
  await required.getByRole('button', { name: 'Deposit Now' }).click();
  await toasts(page).getByText('Card request submitted').waitFor();
  const buy = page.getByRole('dialog', { name: 'Buy SAI to activate your card' });
  await buy.getByText(DEPOSIT_ADDRESS_ETH).waitFor();
  if (phone) await expectNoHorizontalScroll(page, 'the card payment dialog');
  await buy.getByRole('radio', { name: '100 SAI' }).click();
  await buy.getByLabel('Notes').fill('card payment 0xcafe');
  await buy.getByRole('button', { name: 'Submit payment' }).click();
  await toasts(page).getByText('Payment submitted').waitFor();
  await buy.waitFor({ state: 'detached' });
  await untilVisible(page, cardPanel(page).getByText('Verifying Payment (1-2 business days)'));
  await expect
    .poll(() => cardPanel(page).getByRole('button', { name: 'View Card Details' }).isDisabled())
    .toBe(true);
}

/** The admin signs in and approves the holder's payment proof; the admin's session, for the next steps. */
async function approvePayment(viewport: Viewport, holder: Account) {
  const admin = await adminSession(viewport);
  await admin.page.goto(kit.url('/admin'));
  await admin.page.getByRole('heading', { name: /^Welcome back, / }).waitFor();
  const proofs = admin.page.getByRole('region', { name: 'Pending payment verifications' });
  const proof = proofs.getByRole('listitem').filter({ hasText: holder.username });
  await proof.getByText('card payment 0xcafe').waitFor();
  if (viewport === PHONE) await expectNoHorizontalScroll(admin.page, '/admin with a pending proof');
  await proof.getByRole('button', { name: 'Approve' }).click();
  await admin.page
    .getByRole('alertdialog', { name: 'Approve this payment?' })
    .getByLabel('Password')
    .fill(ADMIN.password);
  await confirmInDialog(admin.page, 'Approve this payment?', 'Approve', 'Payment verification updated');
  return admin;
}

/** The approved card turns active; the holder adds a shipping address, refused first as too short. */
async function addShippingAddress(page: Page, viewport: Viewport) {
  await untilVisible(page, cardPanel(page).getByTestId('card-status').getByText('Active', { exact: true }));
  await cardPanel(page).getByText('Ruby Steel at 250.00 SAI').waitFor();

  // Active without an address: Add Shipping Address.
  await cardPanel(page).getByRole('button', { name: 'Add Shipping Address' }).click();
  const shipping = page.getByRole('dialog', { name: 'Add Shipping Address' });
  await shipping.getByLabel('Address', { exact: true }).fill('1 Ab');
  await shipping.getByRole('button', { name: 'Save address' }).click();
  await shipping.getByText('Address must be at least 5 characters').waitFor();
  await shipping.getByLabel('Address', { exact: true }).fill('12 Palm Jumeirah Road');
  await shipping.getByLabel('City').fill('Dubai');
  await shipping.getByLabel('State / region').fill('Dubai');
  await shipping.getByLabel('ZIP / postal code').fill('00000');
  await shipping.getByLabel('Country').fill('United Arab Emirates');
  if (viewport === PHONE) await expectNoHorizontalScroll(page, 'the shipping address dialog');
  await shipping.getByRole('button', { name: 'Save address' }).click();
  await toasts(page).getByText('Shipping address updated').waitFor();
  await shipping.waitFor({ state: 'detached' });
  await cardPanel(page).getByRole('button', { name: 'Add Shipping Address' }).waitFor({ state: 'detached' });
}

/** The admin ships the card from the cards queue; its item in the queue, to mark it delivered later. */
async function shipFromQueue(page: Page, viewport: Viewport, holder: Account, tracking: string) {
  await openAdminSection(page, 'Cards');
  await page.getByRole('heading', { name: 'Cards', level: 1 }).waitFor();
  const item = page.getByTestId('card-queue-item').filter({ hasText: holder.username });
  await untilVisible(page, item.getByText('12 Palm Jumeirah Road', { exact: false }));
  await item.getByRole('button', { name: 'Ship' }).click();
  const ship = page.getByRole('alertdialog', { name: 'Ship this card?' });
  await ship.getByLabel('Tracking number').fill(tracking);
  await ship.getByRole('button', { name: 'Ship card' }).click();
  await toasts(page).getByText('Card shipped').waitFor();
  await item.getByText(`Shipped · ${tracking}`, { exact: false }).waitFor();
  if (viewport === PHONE) await expectNoHorizontalScroll(page, '/admin/cards with a shipped card');
  return item;
}

/** The holder follows the shipment on the card panel and in the card's details. */
async function followShipment(page: Page, viewport: Viewport, tracking: string) {
  const px = `${viewport.width}px`;
  await untilVisible(page, cardPanel(page).getByText('Shipping via courier'));
  await cardPanel(page).getByText(`Tracking number ${tracking}.`).waitFor();
  await cardPanel(page).getByRole('button', { name: 'View Card Details' }).click();
  const details = page.getByRole('dialog', { name: 'Card details' });
  await details.getByTestId('tracking-number').getByText(tracking).waitFor();
  await details.getByText('Gold benefits').waitFor();
  await expectScreenAt(page, viewport, 'the card details dialog');
  await page.keyboard.press('Escape');
  await details.waitFor({ state: 'detached' });
  await expectAccessible(page, `/dashboard with a shipping card at ${px}`);
}

/** Freeze, unfreeze and a new PIN (a mismatched confirmation refused), from the METAL CARD action. */
async function freezeAndChangePin(page: Page, viewport: Viewport) {
  await page.getByRole('button', { name: 'Metal card', exact: true }).click();
  const settings = page.getByRole('dialog', { name: 'Card settings' });
  const freeze = settings.getByRole('switch', { name: 'Freeze card' });
  await freeze.click();
  await toasts(page).getByText('Card frozen').waitFor();
  await expect.poll(() => freeze.getAttribute('aria-checked')).toBe('true');
  await settings.getByText('Your card is frozen').waitFor();
  await expect.poll(() => settings.getByLabel('New PIN').isDisabled()).toBe(true);
  await expectScreenAt(page, viewport, 'the card settings dialog');
  await freeze.click();
  await toasts(page).getByText('Card unfrozen').waitFor();
  await expect.poll(() => freeze.getAttribute('aria-checked')).toBe('false');

  await settings.getByLabel('New PIN').fill('4821');
  await settings.getByLabel('Confirm PIN').fill('4812');
  await settings.getByRole('button', { name: 'Change PIN' }).click();
  await settings.getByText("PINs don't match").waitFor();
  await settings.getByLabel('Confirm PIN').fill('4821');
  await settings.getByRole('button', { name: 'Change PIN' }).click();
  await toasts(page).getByText('PIN changed').waitFor();
  // Escape would dismiss the toast first (the topmost layer); the close button shuts the dialog.
  await settings.getByRole('button', { name: 'Close' }).click();
  await settings.waitFor({ state: 'detached' });
}

/**
 * A user with no balance orders a card, pays for it with a proof that the admin approves, adds an
 * address; the admin ships it and marks it delivered; the user freezes it and changes the PIN. Both
 * sides use the same viewport.
 */
async function cardJourney(viewport: Viewport) {
  const holder = newAccount('Holder');
  const tracking = `TRK-${randomBytes(3).toString('hex').toUpperCase()}`;
  const user = await kit.registered(viewport, holder);
  await openDashboard(user.page, kit.url('/dashboard'));
  await orderAndPay(user.page, viewport);
  const admin = await approvePayment(viewport, holder);
  await addShippingAddress(user.page, viewport);
  const item = await shipFromQueue(admin.page, viewport, holder, tracking);
  await followShipment(user.page, viewport, tracking);

  // Delivered.
  await item.getByRole('button', { name: 'Mark delivered' }).click();
  await confirmInDialog(
    admin.page,
    'Mark this card delivered?',
    'Mark delivered',
    'Card marked as delivered',
  );
  await untilVisible(user.page, cardPanel(user.page).getByText('Active · Delivered'));
  if (viewport === PHONE) await expectNoHorizontalScroll(user.page, '/dashboard with a delivered card');

  await freezeAndChangePin(user.page, viewport);
  expect(user.problems).toEqual([]);
  expect(admin.problems).toEqual([]);
}

describe('the metal card in the browser', () => {
  journeyTests(cardJourney, [
    ['order with a deposit, approval, shipping, delivery, freeze and PIN', DESKTOP],
    ['order with a deposit, approval, shipping, delivery, freeze and PIN, at 360 px', PHONE],
  ]);

  const ADMIN_SECTIONS: [string, string][] = [
    ['/admin', 'Welcome back, '],
    ['/admin/users', 'Users'],
    ['/admin/cards', 'Cards'],
    ['/admin/crypto', 'Deposits & withdrawals'],
    ['/admin/approvals', 'Approvals'],
    ['/admin/distribution', 'Token Distribution'],
    ['/admin/settings', 'Settings'],
    ['/admin/messages', 'Messages'],
    ['/admin/reports', 'Reports'],
  ];

  // One test per width: both in one outgrew its timeout on a busy machine.
  test.for([DESKTOP, PHONE])(
    'every admin section at $width px: axe, no sideways scrolling on phones',
    { timeout: 240_000 },
    async (viewport) => {
      const admin = await adminSession(viewport);
      for (const [path, heading] of ADMIN_SECTIONS) {
        await admin.page.goto(kit.url(path));
        await admin.page.getByRole('heading', { level: 1, name: heading }).waitFor();
        // Let the section's lists load before judging it.
        await admin.page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0);
        await expectScreenAt(admin.page, viewport, path);
      }
      if (viewport === PHONE) {
        await openAdminSection(admin.page, 'Users');
        await admin.page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
      }
      expect(admin.problems).toEqual([]);
    },
  );

  test('users list statuses, settings that refuse what is not positive, and /admin for admins only', async () => {
    // The users list shows statuses, and suspending asks first.
    const member = newAccount('Member');
    const memberSession = await kit.session();
    await kit.register(memberSession.context, member);
    const admin = await kit.session();
    await kit.signIn(admin.context, ADMIN.email, ADMIN.password);
    await admin.page.goto(kit.url('/admin/users'));
    const row = admin.page.getByRole('row', { name: new RegExp(member.username) });
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByRole('button', { name: `Suspend ${member.username}` }).click();
    await confirmInDialog(admin.page, `Suspend ${member.username}?`, 'Suspend', 'User suspended');
    await row.getByText('Suspended', { exact: true }).waitFor();
    await row.getByRole('button', { name: `Reactivate ${member.username}` }).click();
    await confirmInDialog(admin.page, `Reactivate ${member.username}?`, 'Reactivate', 'User reactivated');
    await row.getByText('Active', { exact: true }).waitFor();

    // Settings: positive values only, and the time each was set.
    await admin.page.goto(kit.url('/admin/settings'));
    const btc = admin.page.getByRole('form', { name: 'BTC price' });
    await btc.getByText('Default, never set').waitFor();
    await btc.getByLabel('Price (USD)').fill('-5');
    await btc.getByRole('button', { name: 'Save BTC price' }).click();
    await btc.getByText('Price must be a positive number').waitFor();
    await btc.getByLabel('Price (USD)').fill('70000');
    await btc.getByRole('button', { name: 'Save BTC price' }).click();
    await toasts(admin.page).getByText('BTC price updated').waitFor();
    await admin.page.getByRole('form', { name: 'BTC price' }).getByText(/^Set /).waitFor();
    expect(admin.problems).toEqual([]);

    // A visitor or a user is sent to /login (and from there, a user on to the dashboard).
    const visitor = await kit.session();
    await visitor.page.goto(kit.url('/admin'));
    await visitor.page.waitForURL(kit.url('/login'));
    await kit.signIn(memberSession.context, member.email, member.password);
    await memberSession.page.goto(kit.url('/admin/cards'));
    await memberSession.page.waitForURL(kit.url('/dashboard'));
  }, 240_000);
});
