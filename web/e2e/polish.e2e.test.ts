import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  DEPOSIT_ADDRESS_ETH,
  DESKTOP,
  journeyTests,
  newAccount,
  PHONE,
  type Viewport,
} from './browserKit.ts';
import { expectAccessible, expectNoHorizontalScroll, expectNothingCovered } from './screenKit.ts';
import { setUpAdminApp } from './sessionsKit.ts';

/**
 * What every screen owes every other (issue 36): nothing floating covers a control at 1280 or 360 px (the
 * chat launcher against Export and the withdrawal rows, the unread badge against its bell), notifications
 * page through "View all" and "Load more", and the help search finds the card answers. The harness's page
 * watch fails any of these journeys on a console error or a failed request (a visitor's session check and
 * a user without a card included).
 */

const { kit, adminSession } = setUpAdminApp('polish_e2e', { DEPOSIT_ADDRESS_ETH });

/** A user with 22 SAI deposits (22 notifications), 1 ETH, and a withdrawal waiting in the admin's queue. */
async function busyUser(admin: BrowserContext, viewport: Viewport) {
  const account = newAccount('Busy');
  const user = await kit.registered(viewport, account);
  const { id } = (await (await user.context.request.get(kit.url('/api/auth/session'))).json()).user as {
    id: string;
  };
  for (let n = 1; n <= 22; n++) {
    await kit.call(admin, 'POST', '/api/transactions', {
      type: 'admin_deposit',
      amount: `${n}.00`,
      receiver_id: id,
    });
  }
  const deposit = await kit.call<{ id: string }>(user.context, 'POST', '/api/crypto/deposits', {
    currency: 'ETH',
    network: 'ethereum',
  });
  await kit.call(admin, 'PATCH', `/api/admin/crypto/deposits/${deposit.id}`, {
    action: 'confirm',
    amount: '1',
    txHash: `0x${randomBytes(32).toString('hex')}`,
  });
  await kit.call(user.context, 'POST', '/api/crypto/withdraw', {
    currency: 'ETH',
    amount: '0.5',
    address: '0x1111222233334444555566667777888899990000',
    chain: 'ethereum',
    password: account.password,
  });
  return { ...user, account };
}

async function visit(page: Page, path: string, ready: () => Promise<unknown>, where: string) {
  await page.goto(kit.url(path));
  await ready();
  await expectNothingCovered(page, where);
}

/** The unread badge sits beside the bell's glyph, never on it. */
async function expectBadgeBesideBell(page: Page, where: string) {
  const bell = page.getByRole('button', { name: /^Notifications, \d+\+? unread$/ });
  await bell.waitFor();
  const overlap = await bell.evaluate((trigger) => {
    const glyph = trigger.querySelector('svg')!.getBoundingClientRect();
    const badge = trigger.querySelector('[data-badge]')!.getBoundingClientRect();
    const width = Math.min(glyph.right, badge.right) - Math.max(glyph.left, badge.left);
    const height = Math.min(glyph.bottom, badge.bottom) - Math.max(glyph.top, badge.top);
    return width > 0 && height > 0 ? `${width.toFixed(1)} x ${height.toFixed(1)} px` : null;
  });
  expect(overlap, `the unread badge covers the bell on ${where}`).toBeNull();
}

/** The help search finds the Cards page's answers (freeze, PIN) as well as its own. */
async function helpFindsCardAnswers(page: Page, px: string) {
  const search = page.getByRole('searchbox', { name: 'Search the help center' });
  for (const query of ['freeze', 'PIN']) {
    await search.fill(query);
    await page.getByRole('button', { name: 'Can I freeze my card or change my PIN?' }).waitFor();
  }
  await expectAccessible(page, `/help searching "PIN" at ${px}`);
  await search.fill('');
}

/** The bell shows the newest 10 and leads to every notification, 20 at a time with "Load more". */
async function notificationsPageByPage(page: Page, px: string) {
  await page.goto(kit.url('/dashboard'));
  await page.getByRole('button', { name: /^Notifications, \d+\+? unread$/ }).click();
  const bell = page.getByRole('dialog', { name: 'Notifications' });
  await bell.getByText('22.00 SAI were added to your balance', { exact: false }).waitFor();
  expect(await bell.getByRole('listitem').count()).toBe(10);
  await expectAccessible(page, `the bell's list at ${px}`);
  await bell.getByRole('link', { name: 'View all notifications' }).click();
  await page.waitForURL(kit.url('/notifications'));
  const list = page.getByRole('region', { name: 'All notifications' });
  await list.getByText(/^20 notifications shown$/).waitFor();
  expect(await list.getByRole('listitem').count()).toBe(20);
  await expectNothingCovered(page, `/notifications at ${px}`);
  await expectAccessible(page, `/notifications at ${px}`);
  if (px === `${PHONE.width}px`) await expectNoHorizontalScroll(page, '/notifications');
  await list.getByRole('button', { name: 'Load more notifications' }).click();
  await list.getByText(/notifications shown · that is all$/).waitFor();
  const total = await list.getByRole('listitem').count();
  expect(total).toBeGreaterThan(22);
  // Oldest last: the first deposit's notification ends the list.
  await expect
    .poll(() => list.getByRole('listitem').last().textContent())
    .toMatch(/(^|\D)1\.00 SAI were added/);
  expect(await list.getByRole('button', { name: 'Load more notifications' }).count()).toBe(0);
}

async function nothingCoveredJourney(viewport: Viewport) {
  const px = `${viewport.width}px`;
  const admin = await adminSession(viewport);
  const user = await busyUser(admin.context, viewport);
  const page = user.page;

  await visit(
    page,
    '/dashboard',
    () => page.getByRole('heading', { name: /^Welcome, / }).waitFor(),
    `/dashboard at ${px}`,
  );
  await expectBadgeBesideBell(page, `/dashboard at ${px}`);
  await visit(
    page,
    '/transactions',
    () => page.getByTestId('transaction-row').first().waitFor(),
    `/transactions at ${px}`,
  );
  await visit(page, '/deposit', () => page.getByRole('heading', { level: 1 }).waitFor(), `/deposit at ${px}`);
  await visit(page, '/profile', () => page.getByRole('heading', { level: 1 }).waitFor(), `/profile at ${px}`);
  await visit(page, '/cards', () => page.getByRole('heading', { level: 1 }).waitFor(), `/cards at ${px}`);
  await visit(page, '/help', () => page.getByRole('heading', { level: 1 }).waitFor(), `/help at ${px}`);
  if (viewport === PHONE) await expectNoHorizontalScroll(page, '/help');
  await helpFindsCardAnswers(page, px);
  await notificationsPageByPage(page, px);

  const a = admin.page;
  await visit(
    a,
    '/admin',
    () => a.getByRole('heading', { name: /^Welcome back, / }).waitFor(),
    `/admin at ${px}`,
  );
  await visit(
    a,
    '/admin/transactions',
    () => a.getByRole('button', { name: /^Export/ }).waitFor(),
    `/admin/transactions at ${px}`,
  );
  await visit(
    a,
    '/admin/crypto',
    () => a.getByText('0x1111222233334444555566667777888899990000').first().waitFor(),
    `/admin/crypto with a withdrawal at ${px}`,
  );
  await visit(
    a,
    '/admin/users',
    () => a.getByText(user.account.email).first().waitFor(),
    `/admin/users at ${px}`,
  );
  await visit(
    a,
    '/admin/settings',
    () => a.getByRole('heading', { level: 1 }).waitFor(),
    `/admin/settings at ${px}`,
  );
  await user.context.close();
  await admin.context.close();
}

/**
 * The same for a user whose saved language is not English, at 360 px: longer words move the tab bar's
 * labels and the chat launcher's text, so each language is looked at on each of a user's screens.
 */
async function nothingCoveredIn(language: 'de' | 'fr' | 'es') {
  const account = newAccount('Polyglot');
  const user = await kit.registered(PHONE, account);
  const preferences = await user.context.request.get(kit.url('/api/account/preferences'));
  const saved = await user.context.request.put(kit.url('/api/account/preferences'), {
    data: { ...(await preferences.json()), language },
    headers: { Origin: kit.url('') },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const page = user.page;
  const paths = ['/dashboard', '/transactions', '/deposit', '/profile', '/cards', '/help', '/notifications'];
  const titles = new Set<string>();
  for (const path of paths) {
    await page.goto(kit.url(path));
    const heading = page.getByRole('heading', { level: 1 }).first();
    await heading.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.lang), { timeout: 30_000 })
      .toBe(language);
    await expectNothingCovered(page, `${path} in ${language} at 360px`);
    // Each screen its own title, in the language: where the screen's heading names it, the title is that.
    const title = await page.title();
    expect(title, path).toMatch(/^.+ — SAI Digital Wallet$/);
    if (['/transactions', '/deposit', '/profile'].includes(path))
      expect(title).toBe(`${(await heading.textContent())?.trim()} — SAI Digital Wallet`);
    titles.add(title);
  }
  expect(titles.size).toBe(paths.length);
  await user.context.close();
}

describe('nothing covers a control; notifications page; help finds card answers', () => {
  journeyTests(nothingCoveredJourney, [
    ['at 1280 px: user and admin screens, the bell and its badge', DESKTOP],
    ['at 360 px: the chat launcher and the tab bar leave every control reachable', PHONE],
  ]);

  test.each(['de', 'fr', 'es'] as const)(
    'at 360 px in %s: nothing covers a control either',
    async (language) => {
      await nothingCoveredIn(language);
    },
    240_000,
  );
});
