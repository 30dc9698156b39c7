import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { DESKTOP, journeyTests, newAccount, PHONE, toasts, type Viewport } from './browserKit.ts';
import { allowPageProblems } from './harness.ts';
import { expectAccessible, expectScreen } from './screenKit.ts';
import { giveSai, sendSai, setUpAdminApp, userIdOf } from './sessionsKit.ts';

/**
 * Erasing a person (docs/architecture/personal-data.md, docs/product-rules.md rule 33) through the admin's
 * browser: a person given 25 SAI, who sent 5 of it to a friend, is to be erased. The dialog refuses while
 * they hold the rest and says what must come first; a reason naming them is refused; with "Move remaining
 * balances to dormant" the erasure goes through and their row reads "Erased user" with no action left.
 * Then their open session is over, signing in again fails like a wrong password, and the friend's receipt
 * names "Erased user" without the description they wrote. At 1280 px and 360 px, each with its own accounts. (The data download is
 * dataExport.e2e.test.ts.)
 */

const { kit, userFriendAndAdmin } = setUpAdminApp('privacy_e2e');

/** The admin's Users screen searched for one user id: exactly that user's row. */
async function userRow(page: Page, userId: string) {
  await page.goto(kit.url('/admin/users'));
  await page.getByLabel('Search by name or e-mail').fill(userId);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const table = page.getByRole('region', { name: 'Users table' });
  const row = table.locator('tbody tr');
  await row.getByRole('link', { name: /^Audit / }).waitFor();
  expect(await row.count()).toBe(1);
  return row;
}

async function eraseJourney(viewport: Viewport) {
  const px = `${viewport.width}px`;
  const leaver = newAccount('Leaver');
  const friend = newAccount('Friend');
  const { user: person, other, admin } = await userFriendAndAdmin(viewport, leaver, friend);
  const me = await userIdOf(kit, person.context);
  await giveSai(kit, admin.context, me, '25', 'Welcome bonus');
  const sent = await sendSai(
    kit,
    person.context,
    await userIdOf(kit, other.context),
    '5',
    'Birthday present',
  );

  // The dialog: nothing can be erased until ERASE is typed out.
  const { page } = admin;
  const row = await userRow(page, me);
  await row.getByRole('button', { name: `Erase personal data of ${leaver.username}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Erase ${leaver.username}’s personal data?` });
  const erase = dialog.getByRole('button', { name: 'Erase personal data' });
  await dialog.getByText('Kept: their money history').waitFor();
  expect(await erase.isDisabled()).toBe(true);
  await dialog.getByLabel('Reason').fill('Ticket 4711: erasure request');
  const typed = dialog.getByLabel('Type ERASE to confirm');
  await typed.fill('erase');
  expect(await erase.isDisabled()).toBe(true);
  await typed.fill('ERASE');
  expect(await erase.isEnabled()).toBe(true);

  // 20 SAI still held: refused, with the step that must come first; the dialog stays open.
  allowPageProblems(page, /^failed: (409|422) POST \/api\/admin\/users\/[^/]+\/erase$/);
  await erase.click();
  const refusal = dialog.getByRole('alert');
  await refusal.getByText('Not erased: this person still holds money.').waitFor();
  const first = refusal.getByRole('list', { name: 'What must happen first' }).getByRole('listitem');
  expect(await first.allTextContents()).toEqual([
    'A balance of 20.00 SAI: tick “Move remaining balances to dormant”, or let the person withdraw it first.',
  ]);
  await expectScreen(page, `the erase dialog refusing at ${px}`);

  // With the balance moved to dormant, a reason that names the person is refused (422) under the field.
  await dialog.getByRole('checkbox', { name: 'Move remaining balances to dormant' }).click();
  await dialog.getByLabel('Reason').fill(`Asked by ${leaver.email}`);
  await erase.click();
  await dialog.getByLabel('Reason').and(page.locator('[aria-invalid="true"]')).waitFor();
  await dialog.getByText(/must not contain the person/).waitFor();
  expect(await refusal.count()).toBe(0);

  // A clean reason: erased, the rest moved to dormant.
  await dialog.getByLabel('Reason').fill('Ticket 4711: erasure request');
  await erase.click();
  const done = toasts(page).getByRole('listitem').filter({ hasText: 'Personal data erased' });
  await done.getByText(/Moved to dormant: 20\.00 SAI\./).waitFor();
  await dialog.waitFor({ state: 'detached' });
  await row.getByText('Erased user').first().waitFor();
  await row.getByText('Erased', { exact: true }).waitFor();
  expect(await row.getByText(leaver.username).count()).toBe(0);
  expect(await row.getByText(leaver.email).count()).toBe(0);
  expect(await row.getByRole('button').count()).toBe(0);
  await expectScreen(page, `the users table with an erased user at ${px}`);

  // Their session is over (their open page's next reads are refused), and signing in again fails as a
  // wrong password would.
  allowPageProblems(person.page, /^failed: 401 GET \/api\//, /^failed: 401 POST \/api\/auth\/login$/);
  expect((await person.context.request.get(kit.url('/api/auth/user'))).status()).toBe(401);
  await person.page.goto(kit.url('/dashboard'));
  await person.page.waitForURL('**/login');
  await person.page.getByLabel('Email').fill(leaver.email);
  await person.page.getByLabel('Password', { exact: true }).fill(leaver.password);
  await person.page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await toasts(person.page).getByText('Invalid email or password. Please try again.').waitFor();
  expect(new URL(person.page.url()).pathname).toBe('/login');

  // The friend's receipt keeps the money, names the sender "Erased user" and drops what they wrote.
  await other.page.goto(kit.url(`/transactions/${sent.id}`));
  await other.page.getByRole('heading', { name: 'Transfer' }).waitFor();
  await other.page.getByText('Erased user').first().waitFor();
  expect(await other.page.getByText(leaver.username).count()).toBe(0);
  expect(await other.page.getByText('Birthday present').count(), 'the description they wrote').toBe(0);
  await expectAccessible(other.page, `a receipt from an erased user at ${px}`);
}

describe('erasing a person', () => {
  journeyTests(eraseJourney, [
    ['desktop: refused while they hold money, then erased with the balance moved to dormant', DESKTOP],
    ['phone: the same at 360 px', PHONE],
  ]);
});
