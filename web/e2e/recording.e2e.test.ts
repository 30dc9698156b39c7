import type { Page, Route } from 'playwright-core';
import { describe, expect } from 'vitest';
import { messages as enApp } from '../src/i18n/messages/en/app.ts';
import { messages as enPublic } from '../src/i18n/messages/en/public.ts';
import { messages as frApp } from '../src/i18n/messages/fr/app.ts';
import { messages as frPublic } from '../src/i18n/messages/fr/public.ts';
import { DESKTOP, journeyTests, newAccount, PHONE } from './browserKit.ts';
import { expectAccessible, expectNoHorizontalScroll } from './screenKit.ts';
import { saveLanguage, setUpAdminApp, userIdOf } from './sessionsKit.ts';

/**
 * Reads that stay behind the person's own write (issue 46, point 7; web/src/lib/recording.ts): when the
 * balance's answers keep saying `X-Read-Your-Writes: behind` after apiRequest's tries, the signed-in
 * layout says the latest change is still being recorded and asks again every ~2 s; once the answers stop
 * saying so, the notice goes. The lagging server is played by the page's own network: the header is
 * added to the answers of the balance's read (GET /api/auth/session) for a while. In English at 1280 px
 * and in French at 360 px.
 */

const { kit, adminSession } = setUpAdminApp('recording_e2e');

type Viewport = typeof DESKTOP;
type Language = 'en' | 'fr';
const NOTICE: Record<Language, string> = {
  en: enPublic['shell.recording'],
  fr: frPublic['shell.recording'],
};
const WELCOME: Record<Language, string> = { en: 'Welcome, ', fr: 'Bienvenue, ' };
const BALANCE: Record<Language, string> = {
  en: enApp['dashboard.balance.title'],
  fr: frApp['dashboard.balance.title'],
};

/** Adds the lagging server's header to the balance's answers while `lagging.on`; counts the reads. */
async function lagTheBalance(page: Page) {
  const lagging = { on: true, reads: 0 };
  await page.route('**/api/auth/session', async (route: Route) => {
    if (route.request().method() !== 'GET') return route.continue();
    lagging.reads += 1;
    if (!lagging.on) return route.continue();
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'x-read-your-writes': 'behind' } });
  });
  return lagging;
}

async function journey(viewport: Viewport, language: Language) {
  const where = `/dashboard in ${language} at ${viewport.width}px`;
  const account = newAccount(language === 'en' ? 'Laggy' : 'Lucie');
  const admin = await adminSession(viewport);

  await kit.withPage(viewport, async (page) => {
    await kit.register(page.context(), account);
    await kit.post(admin.context, '/api/transactions', {
      type: 'admin_deposit',
      amount: '25.00',
      receiver_id: await userIdOf(kit, page.context()),
    });
    if (language !== 'en') await saveLanguage(kit, page.context(), language);

    const lagging = await lagTheBalance(page);
    await page.goto(kit.url('/dashboard'));
    await page.getByRole('heading', { level: 1, name: `${WELCOME[language]}${account.firstName}` }).waitFor();

    // After apiRequest's four tries the old answer is shown, with the notice, in a polite live region.
    const notice = page.getByRole('status').filter({ hasText: NOTICE[language] });
    await notice.waitFor({ timeout: 15_000 });
    expect(await notice.getAttribute('aria-live')).toBe('polite');
    expect(await page.getByTestId('recording-notice').textContent()).toBe(NOTICE[language]);
    await expectAccessible(page, `${where}, recording`);
    await expectNoHorizontalScroll(page, `${where}, recording`);

    // While shown it asks again (each round is apiRequest's four tries, then ~2 s): the notice stays.
    const readsWhenShown = lagging.reads;
    await expect.poll(() => lagging.reads, { timeout: 15_000 }).toBeGreaterThanOrEqual(readsWhenShown + 4);
    expect(await notice.isVisible()).toBe(true);

    // The answers catch up: the next round hides the notice, and the live region stays, empty.
    lagging.on = false;
    await notice.waitFor({ state: 'hidden', timeout: 15_000 });
    await expect.poll(() => page.getByTestId('recording-notice').count()).toBe(0);
    expect(await page.getByRole('status').filter({ hasText: NOTICE[language] }).count()).toBe(0);
    const balance = page.getByRole('region', { name: BALANCE[language] });
    await balance.getByText(/^25[.,]00$/).waitFor();
  });
}

describe('a change still being recorded', () => {
  journeyTests(journey, [
    ['says so in English at 1280 px, and goes once the answers catch up', DESKTOP, 'en'],
    ['says so in French at 360 px, and goes once the answers catch up', PHONE, 'fr'],
  ]);
});
