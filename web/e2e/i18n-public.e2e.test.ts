import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DESKTOP, PHONE, setUpBrowserApp } from './browserKit.ts';
import { PUBLIC_ROUTES } from './publicSite.ts';
import { expectAccessible, expectNoHorizontalScroll } from './screenKit.ts';

/**
 * What a visitor in another language hears and reads on the public site (docs/architecture/i18n.md):
 *
 * - `<html lang>` is the interface's language, and whatever stays English (the marketing pages, the
 *   visitor's header menus, the footer) carries `lang="en"`, so a screen reader reads each part in its own
 *   language: a French visitor, on every public page at 1280 px and 360 px, finds no English text or label
 *   under "fr", and no French one under "en". Before the app runs, the page served claims English, the
 *   language of the only text it has then.
 * - The support chat speaks the interface's language, in each of the four, at 1280 px and 360 px: its
 *   controls, the greeting, a question typed in that language answered in it (the live fee rates in the
 *   language's notation), its times on the language's clock.
 *
 * Each page axe-clean, no horizontal scroll, no console error (browserKit.ts).
 */

const { kit } = setUpBrowserApp('i18n_public_e2e');

type Viewport = typeof DESKTOP;

/** Words only English has, among what these pages show: none may be read as French. */
const ENGLISH_WORDS =
  /\b(the|your|you|and|with|for|of|is|are|our|this|from|to|get|login|skip|main|footer)\b/i;
/** Words only French has, among what these pages show: none may be read as English. */
const FRENCH_WORDS = /\b(le|les|des|du|votre|vous|avec|pour|ouvrir|fermer|aller)\b/i;

/**
 * Every visible text and every accessible label on the page, each with the language it is marked in (the
 * nearest `lang`), as a screen reader would take it.
 */
function markedTexts(page: Page): Promise<{ lang: string; text: string }[]> {
  return page.evaluate(() => {
    const found: { lang: string; text: string }[] = [];
    const langOf = (element: Element) => element.closest('[lang]')?.getAttribute('lang') ?? '';
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim() ?? '';
      if (!parent || text === '' || !parent.checkVisibility()) continue;
      if (parent.closest('script, style, noscript')) continue;
      found.push({ lang: langOf(parent), text });
    }
    for (const element of document.body.querySelectorAll('[aria-label], [placeholder], [alt], [title]')) {
      if (!element.checkVisibility()) continue;
      for (const name of ['aria-label', 'placeholder', 'alt', 'title']) {
        const text = element.getAttribute(name)?.trim();
        if (text) found.push({ lang: langOf(element), text });
      }
    }
    return found;
  });
}

async function expectMarkedAsRead(page: Page, where: string) {
  const texts = await markedTexts(page);
  const englishAsFrench = texts.filter(({ lang, text }) => lang === 'fr' && ENGLISH_WORDS.test(text));
  const frenchAsEnglish = texts.filter(({ lang, text }) => lang === 'en' && FRENCH_WORDS.test(text));
  expect(englishAsFrench, `English read as French on ${where}`).toEqual([]);
  expect(frenchAsEnglish, `French read as English on ${where}`).toEqual([]);
  // Something on the page is French indeed: the skip link, the chat's launcher.
  expect(texts.filter(({ lang }) => lang === 'fr').map(({ text }) => text)).toContain('Aller au contenu');
}

/** The public pages and the sign-in screens a visitor reaches. */
const PAGES = [...PUBLIC_ROUTES.map((route) => route.path), '/login', '/register', '/forgot-password'];

async function visitInFrench(page: Page, path: string, viewport: Viewport) {
  const where = `${path} in French at ${viewport.width}px`;
  await page.goto(kit.url(path));
  await page.locator('main h1').first().waitFor();
  expect(await page.evaluate(() => document.documentElement.lang), where).toBe('fr');
  await page.getByRole('button', { name: 'Ouvrir le chat d’assistance' }).waitFor();
  await expectMarkedAsRead(page, where);
  if (viewport === PHONE) {
    // The folded menu opens into English links: they are marked so too.
    await page.getByRole('button', { name: 'Ouvrir le menu de navigation' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).waitFor();
    await expectMarkedAsRead(page, `${where}, menu open`);
  }
  await expectAccessible(page, where);
  await expectNoHorizontalScroll(page, where);
}

describe('a French visitor: <html lang> is French, and what stays English says so', () => {
  // One test per page: a loop over all of them outgrew any timeout on a busy machine (public.e2e.test.ts).
  test.each(PAGES)('%s at 1280 px and 360 px', async (path) => {
    for (const viewport of [DESKTOP, PHONE]) {
      await kit.withPage(viewport, (page) => visitInFrench(page, path, viewport), { locale: 'fr-FR' });
    }
  });

  test('before the app runs, the page served claims English, the language of its only text', async () => {
    await kit.withPage(
      DESKTOP,
      async (page) => {
        const served = await page.request.get(kit.url('/about'), { headers: { 'Accept-Language': 'fr' } });
        const html = await served.text();
        expect(html).toMatch(/<html lang="en">/);
        expect(html).toContain('<noscript>SAI Wallet needs JavaScript to run.</noscript>');
        // Once the French texts are in, the page says French.
        await page.goto(kit.url('/about'));
        await page.locator('main h1').waitFor();
        expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
        expect(await page.locator('main').getAttribute('lang')).toBe('en');
      },
      { locale: 'fr-FR' },
    );
  });
});

interface ChatWords {
  /** The browser's language, or the language stored in the browser (the switcher's choice). */
  browser: string;
  stored?: 'de';
  open: string;
  region: string;
  role: string;
  connecting: RegExp;
  greeting: string;
  input: string;
  placeholder: string;
  send: string;
  note: string;
  /** A question about fees as a speaker of the language types it, and what the answer says. */
  question: string;
  answer: string;
  rates: RegExp;
  minimize: string;
  expand: string;
  close: string;
  /** A message's time: the language's clock. */
  time: RegExp;
}

const CHAT: Record<'en' | 'es' | 'fr' | 'de', ChatWords> = {
  en: {
    browser: 'en-US',
    open: 'Open support chat',
    region: 'Support chat',
    role: 'Automated assistant',
    connecting: /^Connecting to [A-Z][a-z]+\.\.\.$/,
    greeting: "SAI Wallet's automated assistant",
    input: 'Type your message',
    placeholder: 'Type your message...',
    send: 'Send message',
    note: 'Automated replies. For account questions, use the contact form.',
    question: 'what are the fees?',
    answer: 'There is no annual fee on any card',
    rates: /0\.5% on Gold, 0\.35% on Ruby Steel and 0\.25% on Black/,
    minimize: 'Minimize chat',
    expand: 'Expand chat',
    close: 'Close chat',
    time: /\d{1,2}:\d{2}\s[AP]M$/,
  },
  es: {
    browser: 'es-ES',
    open: 'Abrir el chat de asistencia',
    region: 'Chat de asistencia',
    role: 'Asistente automático',
    connecting: /^Conectando con [A-Z][a-z]+\.\.\.$/,
    greeting: 'el asistente automático de SAI Wallet',
    input: 'Escriba su mensaje',
    placeholder: 'Escriba su mensaje...',
    send: 'Enviar mensaje',
    note: 'Respuestas automáticas. Para preguntas sobre su cuenta, use el formulario de contacto.',
    question: '¿Cuál es la comisión?',
    answer: 'Ninguna tarjeta tiene cuota anual',
    rates: /0,5\s%\scon Gold, 0,35\s%\scon Ruby Steel y 0,25\s%\scon Black/,
    minimize: 'Minimizar el chat',
    expand: 'Ampliar el chat',
    close: 'Cerrar el chat',
    time: /(?<!\d)\d{1,2}:\d{2}$/,
  },
  fr: {
    browser: 'fr-FR',
    open: 'Ouvrir le chat d’assistance',
    region: 'Chat d’assistance',
    role: 'Assistant automatique',
    connecting: /^Connexion à [A-Z][a-z]+\.\.\.$/,
    greeting: 'l’assistant automatique de SAI Wallet',
    input: 'Écrivez votre message',
    placeholder: 'Écrivez votre message...',
    send: 'Envoyer le message',
    note: 'Réponses automatiques. Pour toute question sur votre compte, utilisez le formulaire de contact.',
    question: 'Quels sont les frais ?',
    answer: 'Aucune carte n’a de frais annuels',
    rates: /0,5\s%\savec Gold, 0,35\s%\savec Ruby Steel et 0,25\s%\savec Black/,
    minimize: 'Réduire le chat',
    expand: 'Agrandir le chat',
    close: 'Fermer le chat',
    time: /(?<!\d)\d{2}:\d{2}$/,
  },
  de: {
    // The browser asks for English; the language picked on this browser before wins.
    browser: 'en-US',
    stored: 'de',
    open: 'Support-Chat öffnen',
    region: 'Support-Chat',
    role: 'Automatischer Assistent',
    connecting: /^Verbindung mit [A-Z][a-z]+ wird hergestellt\.\.\.$/,
    greeting: 'der automatische Assistent von SAI Wallet',
    input: 'Ihre Nachricht',
    placeholder: 'Ihre Nachricht...',
    send: 'Nachricht senden',
    note: 'Automatische Antworten. Für Fragen zu Ihrem Konto nutzen Sie bitte das Kontaktformular.',
    question: 'Welche Gebühren fallen an?',
    answer: 'Keine Karte hat eine Jahresgebühr',
    rates: /0,5\s%\sbei Gold, 0,35\s%\sbei Ruby Steel und 0,25\s%\sbei Black/,
    minimize: 'Chat minimieren',
    expand: 'Chat vergrößern',
    close: 'Chat schließen',
    time: /(?<!\d)\d{2}:\d{2}$/,
  },
};

async function chatIn(page: Page, language: keyof typeof CHAT, viewport: Viewport) {
  const words = CHAT[language];
  const where = `the chat in ${language} at ${viewport.width}px`;
  if (words.stored) {
    const stored = words.stored;
    await page.addInitScript((value) => localStorage.setItem('sai-language', value), stored);
  }
  await page.goto(kit.url('/'));
  await page.locator('main h1').waitFor();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);

  await page.getByRole('button', { name: words.open }).click();
  const chat = page.getByRole('region', { name: words.region });
  await chat.getByText(words.role, { exact: true }).waitFor();
  await chat.getByText(words.connecting).waitFor();
  await chat.getByText(words.greeting, { exact: false }).waitFor();
  // The chat is read in the page's language: nothing inside it is marked otherwise.
  expect(await chat.evaluate((element) => element.closest('[lang]')?.getAttribute('lang'))).toBe(language);
  expect(await chat.locator('[lang]').count()).toBe(0);

  const input = chat.getByRole('textbox', { name: words.input });
  expect(await input.getAttribute('placeholder')).toBe(words.placeholder);
  await chat.getByText(words.note, { exact: true }).waitFor();
  const send = chat.getByRole('button', { name: words.send });
  expect(await send.isDisabled()).toBe(true);

  await input.fill(words.question);
  await input.press('Enter');
  const answer = chat.getByText(words.answer, { exact: false });
  await answer.waitFor();
  expect(await answer.innerText()).toMatch(words.rates);
  for (const time of await chat.locator('time').allInnerTexts()) expect(time.trim()).toMatch(words.time);

  await expectAccessible(page, where);
  await expectNoHorizontalScroll(page, where);

  await chat.getByRole('button', { name: words.minimize }).click();
  expect(await input.isVisible()).toBe(false);
  await chat.getByRole('button', { name: words.expand }).click();
  await input.waitFor();
  await chat.getByRole('button', { name: words.close }).click();
  await page.getByRole('button', { name: words.open }).waitFor();
}

describe('the support chat in the interface language', () => {
  test.each(Object.keys(CHAT) as (keyof typeof CHAT)[])('%s at 1280 px and 360 px', async (language) => {
    for (const viewport of [DESKTOP, PHONE]) {
      await kit.withPage(viewport, (page) => chatIn(page, language, viewport), {
        locale: CHAT[language].browser,
      });
    }
  });
});
