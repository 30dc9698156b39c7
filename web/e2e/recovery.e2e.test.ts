import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { type DESKTOP, newAccount, setUpBrowserApp, widthAndLanguageTests } from './browserKit.ts';
import { allowPageProblems } from './harness.ts';
import { LANGUAGES, type Language, text } from './messagesKit.ts';
import { expectAccessible, expectScreenAt } from './screenKit.ts';

/**
 * A page whose data cannot be loaded recovers (issue 48, point 16): with the API out of reach (the
 * browser's requests for the page's data refused, as a dropped network refuses them) the history and the
 * notifications page say so with "Try again" beside the way out, and once the API answers again "Try
 * again" brings the page back, without a reload. In every language of those screens, at 1280 and 360 px;
 * the error screen axe-clean and, on a phone, without sideways scroll.
 */

const { kit } = setUpBrowserApp('recovery_e2e');

type Viewport = typeof DESKTOP;

const PAGES = [
  {
    path: '/transactions',
    api: /\/api\/transactions(\?|$)/,
    failed: 'money.history.failed.title',
    back: 'money.history.failed.action',
    loaded: 'money.history.title',
  },
  {
    path: '/notifications',
    api: /\/api\/notifications\/page(\?|$)/,
    failed: 'shell.notifications.failedTitle',
    back: 'shell.notifications.failedAction',
    loaded: 'shell.bell.title',
  },
] as const;

async function breakAndRecover(
  page: Page,
  language: Language,
  viewport: Viewport,
  target: (typeof PAGES)[number],
) {
  const at = `${target.path} in ${language} at ${viewport.width}px`;
  let refused = 0;
  const refuse = (route: { abort: (code: string) => Promise<void> }) => {
    refused += 1;
    return route.abort('connectionrefused');
  };
  await page.route(target.api, refuse);
  await page.goto(kit.url(target.path));
  const alert = page.getByRole('alert').filter({ hasText: text(language, target.failed) });
  await alert.waitFor();
  expect(refused, 'the page asked the unreachable API').toBeGreaterThan(0);
  const tryAgain = alert.getByRole('button', { name: text(language, 'shell.tryAgain') });
  await alert.getByRole('button', { name: text(language, target.back) }).waitFor();
  await expectScreenAt(page, viewport, `the error screen of ${at}`);

  // Still unreachable: trying again asks again and says so again.
  const before = refused;
  await tryAgain.click();
  await expect.poll(() => refused).toBeGreaterThan(before);
  await alert.waitFor();

  // The API answers again: "Try again" brings the page, no reload.
  await page.unroute(target.api, refuse);
  await tryAgain.click();
  await page.getByRole('heading', { level: 1, name: text(language, target.loaded) }).waitFor();
  await alert.waitFor({ state: 'detached' });
  await expectAccessible(page, `${at} once recovered`);
}

async function journey(viewport: Viewport, language: Language) {
  const { context, page } = await kit.session(viewport);
  await kit.register(context, newAccount('Offline'));
  const preferences = await (await context.request.get(kit.url('/api/account/preferences'))).json();
  const saved = await context.request.put(kit.url('/api/account/preferences'), {
    data: { ...preferences, language },
    headers: { Origin: kit.url('') },
  });
  expect(saved.status(), await saved.text()).toBeLessThan(300);
  // The refusals this test makes on purpose, and the browser's line for each.
  allowPageProblems(
    page,
    /^no answer: GET \/api\/(transactions|notifications\/page)\?.*\(net::ERR_CONNECTION_REFUSED\)$/,
    /^console error: Failed to load resource: net::ERR_CONNECTION_REFUSED$/,
  );
  for (const target of PAGES) await breakAndRecover(page, language, viewport, target);
  await context.close();
}

describe('a page whose data cannot be loaded offers "Try again" and recovers', () => {
  widthAndLanguageTests(journey, LANGUAGES, 120_000);
});
