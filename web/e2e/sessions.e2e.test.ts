import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import {
  type Account,
  confirmInDialog,
  DESKTOP,
  journeyTests,
  newAccount,
  PHONE,
  setUpBrowserApp,
  toasts,
} from './browserKit.ts';
import { allowPageProblems } from './harness.ts';
import { expectAccessible, expectScreenAt } from './screenKit.ts';

const { kit } = setUpBrowserApp('e2e_sessions');

function sessionsPanel(page: Page) {
  return page.getByRole('region', { name: 'Sessions and devices' });
}

async function openSecurity(page: Page) {
  await page.goto(kit.url('/profile?tab=security'));
  await sessionsPanel(page).getByRole('list', { name: 'Signed-in sessions' }).waitFor();
}

async function signedInStatus(context: BrowserContext) {
  return (await context.request.get(kit.url('/api/auth/user'))).status();
}

/**
 * The security centre with two (then three) browsers signed in to one account: each sees every session,
 * this device marked; signing one out from another ends it; "sign out all other sessions" ends the rest;
 * the second sign-in shows in the first browser's bell.
 */
async function journey(viewport: typeof DESKTOP, account: Account) {
  const first = await kit.session(viewport);
  const second = await kit.session(viewport);
  await kit.register(first.context, account);
  // A sign-in, not a registration: the bell tells the first browser of it.
  await kit.signIn(second.context, account.email, account.password);

  await openSecurity(first.page);
  const items = sessionsPanel(first.page).getByRole('listitem');
  await expect.poll(() => items.count()).toBe(2);
  // This device first, marked, with no sign-out of its own; the other one can be signed out.
  await expect.poll(() => items.nth(0).textContent()).toContain('This device');
  expect(await items.nth(0).getByRole('button').count()).toBe(0);
  expect(await items.nth(1).textContent()).toMatch(/Chrome on \w+/);
  expect(await items.nth(1).textContent()).toContain('Last seen');
  await expectScreenAt(first.page, viewport, '/profile?tab=security');

  // The second browser sees the same two sessions, itself first.
  await openSecurity(second.page);
  const seenThere = sessionsPanel(second.page).getByRole('listitem');
  await expect.poll(() => seenThere.count()).toBe(2);
  await expect.poll(() => seenThere.nth(0).textContent()).toContain('This device');

  // The first browser's bell: "New sign-in from Chrome on …".
  await first.page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  await first.page
    .getByText(/New sign-in from Chrome on \w+\./)
    .first()
    .waitFor();
  await first.page.keyboard.press('Escape');

  // Sign the second browser out from the first: it is signed out at once. A page it still has open then
  // meets 401s (the bell's count, say) until it goes to /login: that is the point, not a fault.
  allowPageProblems(second.page, /^failed: 401 GET \/api\//);
  await items
    .nth(1)
    .getByRole('button', { name: /^Sign out/ })
    .click();
  await toasts(first.page).getByText('Session signed out').waitFor();
  await expect.poll(() => items.count()).toBe(1);
  expect(await signedInStatus(second.context)).toBe(401);
  await second.page.goto(kit.url('/profile'));
  await second.page.waitForURL(/\/login/);
  expect(await signedInStatus(first.context)).toBe(200);

  // A third browser, then "Sign out all other sessions" (confirmed) ends it and keeps this one.
  const third = await kit.session(viewport);
  await kit.signIn(third.context, account.email, account.password);
  allowPageProblems(third.page, /^failed: 401 GET \/api\//);
  await first.page.reload();
  await expect.poll(() => items.count()).toBe(2);
  await sessionsPanel(first.page).getByRole('button', { name: 'Sign out all other sessions' }).click();
  await expectAccessible(first.page, `sign out others dialog at ${viewport.width}px`);
  await confirmInDialog(
    first.page,
    'Sign out all other sessions?',
    'Sign out others',
    'Other sessions signed out',
  );
  await expect.poll(() => items.count()).toBe(1);
  expect(await signedInStatus(third.context)).toBe(401);
  expect(await signedInStatus(first.context)).toBe(200);
  expect(first.problems).toEqual([]);
  for (const { context } of [first, second, third]) await context.close();
}

describe('security centre: sessions and devices', () => {
  journeyTests(journey, [
    ['at 1280 px: list, sign one out, sign out all others, the sign-in notice', DESKTOP, newAccount('Ada')],
    ['at 360 px, never scrolling sideways', PHONE, newAccount('Grace')],
  ]);
});
