import type { Locator } from 'playwright-core';
import { describe, expect } from 'vitest';
import { newAccount, type Viewport, widthAndLanguageTests } from './browserKit.ts';
import { CATALOGS, fill, LANGUAGES, type Language } from './messagesKit.ts';
import { expectAccessible, expectScreen } from './screenKit.ts';
import { giveSai, saveLanguage, setUpAdminApp, userIdOf } from './sessionsKit.ts';

/**
 * Notifications in the reader's language (issue 48, point 8): the server keeps each notification's kind and
 * values, and the bell and the notifications page word them in the language the person chose, amounts in
 * its notation, the sender's note in its quotation marks. The browser asks for English each time: only the
 * saved preference makes the texts another language. Every kind against the server's English is held by
 * projections/bulk.int.test.ts; this is what a person sees.
 */

const { kit, userFriendAndAdmin } = setUpAdminApp('notifications_language_e2e');

/** 1234.50 SAI as each language writes it (Spanish leaves four digits ungrouped; French groups with a narrow space). */
const DEPOSIT: Record<Language, RegExp> = {
  en: /1,234\.50 SAI/,
  de: /1\.234,50 SAI/,
  fr: /1\s234,50 SAI/,
  es: /1234,50 SAI/,
};
const RECEIVED: Record<Language, string> = {
  en: '12.50 SAI',
  de: '12,50 SAI',
  fr: '12,50 SAI',
  es: '12,50 SAI',
};

async function expectWorded(scope: Locator, language: Language, from: string) {
  const words = CATALOGS[language];
  const note = fill(words['shell.notice.quoted'], { text: 'Pizza' });
  const received = `${fill(words['shell.notice.TokensTransferred'], { amount: RECEIVED[language], from })} ${note}`;
  await scope.getByText(received, { exact: true }).waitFor();
  // The title, and after an unread one's visually hidden "unread".
  await scope
    .getByText(new RegExp(`^${literal(words['shell.title.moneyReceived'])}(\\s|$)`))
    .first()
    .waitFor();
  const [before, after] = words['shell.notice.TokensMinted'].split('{amount}') as [string, string];
  // An admin's distribution with no note of theirs carries the type's name, in the reader's words too.
  const distribution = fill(words['shell.notice.quoted'], { text: words['shell.notice.distribution'] });
  const deposit = scope.getByText(
    new RegExp(`^${literal(before)}${DEPOSIT[language].source}${literal(after)} ${literal(distribution)}$`),
  );
  await deposit.waitFor();
  if (language !== 'en') {
    // None of the server's English is left on the list.
    const text = (await scope.textContent()) ?? '';
    expect(text).not.toContain('You received');
    expect(text).not.toContain('were added to your balance');
    expect(text).not.toContain('Money received');
    expect(text).not.toContain('Token distribution');
  }
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function journey(viewport: Viewport, language: Language) {
  const at = `in ${language} at ${viewport.width}px`;
  const reader = newAccount('Reader');
  const friend = newAccount('Friend');
  const { user, other, admin } = await userFriendAndAdmin(viewport, reader, friend, { locale: 'en-US' });

  await saveLanguage(kit, user.context, language);
  const readerId = await userIdOf(kit, user.context);
  await giveSai(kit, admin.context, await userIdOf(kit, other.context), '20.00');
  await giveSai(kit, admin.context, readerId, '1234.50');
  await kit.call(other.context, 'POST', '/api/transactions', {
    type: 'transfer',
    receiver_id: readerId,
    amount: '12.50',
    description: 'Pizza',
  });
  // The sender as the server names them in the notice (their display label), read from the API.
  let from = '';
  await expect
    .poll(async () => {
      const listed = (await (await user.context.request.get(kit.url('/api/notifications'))).json()) as {
        kind: string;
        params: Record<string, string>;
      }[];
      from = listed.find((n) => n.kind === 'TokensTransferred')?.params.from ?? '';
      return from;
    })
    .not.toBe('');

  const page = user.page;
  const words = CATALOGS[language];
  await page.goto(kit.url('/dashboard'));
  const bellName = new RegExp(`^${literal(words['shell.bell.label']).replace('\\{badge\\}', '\\d+\\+?')}$`);
  await page.getByRole('button', { name: bellName }).click();
  const bell = page.getByRole('dialog', { name: words['shell.bell.title'] });
  await expectWorded(bell, language, from);
  // Its title whole, never a word cut in two ("Benachrichtigu / ngen" at 1280 px once).
  const titleLines = await bell
    .getByRole('heading', { name: words['shell.bell.title'] })
    .evaluate((heading) => {
      // One box per line of a range over its text.
      const range = document.createRange();
      range.selectNodeContents(heading);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
  expect(titleLines, `the bell's title ${at}`).toBe(1);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
  await expectAccessible(page, `the bell ${at}`);
  await page.keyboard.press('Escape');

  await page.goto(kit.url('/notifications'));
  const list = page.getByRole('region', { name: words['shell.notifications.all'] });
  await expectWorded(list, language, from);
  await expectScreen(page, `/notifications ${at}`);
}

describe('notifications in the reader’s language', () => {
  widthAndLanguageTests(journey, LANGUAGES, 120_000);
});
