import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { type DESKTOP, newAccount, setUpBrowserApp, widthAndLanguageTests } from './browserKit.ts';
import { CATALOGS, LANGUAGES, type Language } from './messagesKit.ts';
import { expectAccessible, expectNoHorizontalScroll } from './screenKit.ts';

/**
 * The profile's tabs fit every screen (issue 48, point 9): at 1280 px and 360 px, in every language of the
 * profile, each tab is wholly on screen and inside its list (none cut off, none behind a sideways scroll of
 * the list), and no tab's page scrolls sideways.
 */

const { kit } = setUpBrowserApp('profile_tabs_e2e');

type Viewport = typeof DESKTOP;
const TABS = ['profile.tab.personal', 'profile.tab.security', 'profile.tab.preferences'] as const;

async function setLanguage(context: BrowserContext, language: Language) {
  const headers = { Origin: kit.url('') };
  const preferences = await (await context.request.get(kit.url('/api/account/preferences'))).json();
  const saved = await context.request.put(kit.url('/api/account/preferences'), {
    data: { ...preferences, language },
    headers,
  });
  expect(saved.status(), await saved.text()).toBeLessThan(300);
}

/** What of a tab lies outside its list's box or the viewport, in px; empty when it is wholly visible. */
async function clipped(page: Page, name: string): Promise<string[]> {
  return page.getByRole('tab', { name, exact: true }).evaluate((tab) => {
    const list = tab.closest('[role="tablist"]')!;
    const own = tab.getBoundingClientRect();
    const box = list.getBoundingClientRect();
    const found: string[] = [];
    if (own.left < Math.max(box.left, 0) - 0.5) found.push(`left by ${Math.max(box.left, 0) - own.left}`);
    const right = Math.min(box.right, document.documentElement.clientWidth);
    if (own.right > right + 0.5) found.push(`right by ${own.right - right}`);
    if (list.scrollWidth > list.clientWidth + 1)
      found.push(`the list scrolls ${list.scrollWidth - list.clientWidth}`);
    return found;
  });
}

/** The innermost elements that reach past the viewport's right edge, to name in a failure. */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll<HTMLElement>('body *')].filter(
      (element) => element.getBoundingClientRect().right > width + 0.5,
    );
    return wide
      .filter((element) => !wide.some((other) => other !== element && element.contains(other)))
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className} "${element.textContent?.slice(0, 60)}" right ${element.getBoundingClientRect().right}`,
      );
  });
}

async function journey(viewport: Viewport, language: Language) {
  const at = `/profile in ${language} at ${viewport.width}px`;
  const { context, page } = await kit.session(viewport);
  await kit.register(context, newAccount('Tabs'));
  await setLanguage(context, language);
  const words = CATALOGS[language];
  await page.goto(kit.url('/profile'));
  await page.getByRole('heading', { level: 1, name: words['profile.title'], exact: true }).waitFor();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
  for (const id of TABS) {
    const name = words[id];
    expect(await clipped(page, name), `the tab "${name}" on ${at}`).toEqual([]);
  }
  for (const id of TABS) {
    await page.getByRole('tab', { name: words[id], exact: true }).click();
    await page.getByRole('tab', { name: words[id], selected: true }).waitFor();
    expect(await overflowing(page), `what reaches past the right edge on ${at}, ${words[id]}`).toEqual([]);
    await expectNoHorizontalScroll(page, `${at}, ${words[id]}`);
    await expectAccessible(page, `${at}, ${words[id]}`);
  }
  await context.close();
}

describe('the profile tabs fit every screen in every language', () => {
  widthAndLanguageTests(journey, LANGUAGES, 120_000);
});
