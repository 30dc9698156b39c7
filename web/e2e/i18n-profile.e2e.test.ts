import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { type Account, DESKTOP, journeyTests, newAccount, PHONE, setUpBrowserApp } from './browserKit.ts';
import { expectAccessible, expectScreen } from './screenKit.ts';

/**
 * The profile page in German and French: chosen in the preferences by an
 * English user, applied at once (headings, buttons, the "saved" toast), kept across a reload and on the
 * account's next device; every tab translated, axe-clean and without sideways scroll at 1280 and 360 px;
 * and English again, word for word, once chosen back.
 */
const { kit } = setUpBrowserApp('e2e_i18n_profile');

type Viewport = typeof DESKTOP;

/** What each language calls the screens' landmarks, and what only it says. */
const WORDS = {
  de: {
    language: 'Deutsch',
    title: 'Profil',
    tabs: { personal: 'Persönliche Daten', security: 'Sicherheit', preferences: 'Einstellungen' },
    languageField: 'Sprache',
    save: 'Einstellungen speichern',
    saved: 'Einstellungen gespeichert',
    personal: ['Änderungen speichern', 'Ihre E-Mail-Adresse kann hier nicht geändert werden.', 'Ihre Daten'],
    security: ['Aktuelles Passwort', 'Mindestens 6 Zeichen.', '2FA aktivieren', 'Noch keine Passkeys.'],
    preferences: ['Transaktionsbenachrichtigungen', 'Auf Standard zurücksetzen', 'Marketing-Mitteilungen'],
    sessions: 'Sitzungen und Geräte',
    thisDevice: 'Dieses Gerät',
    activeNow: 'Jetzt aktiv',
    signedIn: 'Angemeldet am',
    lastSeen: /Zuletzt aktiv /,
    other: /Chrome unter \w+/,
    signOutOthers: 'Alle anderen Sitzungen abmelden',
    confirmTitle: 'Alle anderen Sitzungen abmelden?',
    confirm: 'Die andere Sitzung wird abgemeldet. Dieses Gerät bleibt angemeldet.',
  },
  fr: {
    language: 'Français',
    title: 'Profil',
    tabs: { personal: 'Informations personnelles', security: 'Sécurité', preferences: 'Préférences' },
    languageField: 'Langue',
    save: 'Enregistrer les préférences',
    saved: 'Préférences enregistrées',
    personal: [
      'Enregistrer les modifications',
      'Votre adresse e-mail ne peut pas être modifiée ici.',
      'Vos données',
    ],
    security: [
      'Mot de passe actuel',
      'Au moins 6 caractères.',
      'Activer la 2FA',
      'Aucune clé d’accès pour l’instant.',
    ],
    preferences: ['Alertes de transaction', 'Rétablir les valeurs par défaut', 'Communications marketing'],
    sessions: 'Sessions et appareils',
    thisDevice: 'Cet appareil',
    activeNow: 'Actif maintenant',
    signedIn: 'Connecté le',
    lastSeen: /Dernière activité /,
    other: /Chrome sur \w+/,
    signOutOthers: 'Déconnecter toutes les autres sessions',
    confirmTitle: 'Déconnecter toutes les autres sessions ?',
    confirm: 'L’autre session sera déconnectée. Cet appareil reste connecté.',
  },
} as const;
type Language = keyof typeof WORDS;

/**
 * English the profile's own texts use, none of which the German or French page may still show (case
 * counts: "Sessions" is French too, so it is not here; data such as the user's name holds none of these).
 */
const ENGLISH = [
  ' your ',
  'Your ',
  ' the ',
  ' and ',
  'Save',
  'Security',
  'Preferences',
  'Personal',
  'Password',
  'Download',
  'Language',
  'Theme',
  'Sign out',
  'device',
  'Account',
  'Cancel',
  'Update',
  'Settings',
  'Loading',
];

/** The open toast that says `text` (found by what it is, not by the toast list's translated name). */
function toast(page: Page, text: string) {
  return page.locator('li[data-variant]', { hasText: text });
}

async function closeToast(page: Page, text: string) {
  const open = toast(page, text);
  await open.waitFor();
  await open.getByRole('button').click();
  await open.waitFor({ state: 'detached' });
}

async function choose(page: Page, field: string, option: string) {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Saves `language` in the preferences: the page is in it at once, and so is the toast that says so. */
async function switchTo(page: Page, from: { languageField: string; save: string }, to: Language | 'en') {
  const option = to === 'en' ? 'English' : WORDS[to].language;
  await choose(page, from.languageField, option);
  await page.getByRole('button', { name: from.save }).click();
  const title = to === 'en' ? 'Profile' : WORDS[to].title;
  const saved = to === 'en' ? 'Preferences saved' : WORDS[to].saved;
  await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
  await toast(page, saved).waitFor();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(to);
  await closeToast(page, saved);
}

/**
 * The date part of format.ts's date and time in `language` ("28. Nov. 2026"), for the sign-in this
 * test made moments ago: today's, or yesterday's if midnight passed in between.
 */
function signInDays(language: Language) {
  const date = new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric', year: 'numeric' });
  const now = Date.now();
  return [now, now - 5 * 60_000].map((at) => date.format(at).replace(/\s+/g, ' '));
}

async function expectNoEnglish(page: Page, where: string) {
  const text = await page.locator('main').innerText();
  const left = ENGLISH.filter((word) => text.includes(word));
  expect(left, `English left on ${where}:\n${text}`).toEqual([]);
}

async function checkScreen(page: Page, where: string) {
  await page.waitForLoadState('networkidle');
  await expectScreen(page, where);
  await expectNoEnglish(page, where);
}

/** Every tab of the profile in `language`, with a second session listed to show the other's wording. */
async function walk(page: Page, language: Language, width: number) {
  const words = WORDS[language];
  const at = `/profile in ${language} at ${width}px`;
  await page.getByRole('tab', { name: words.tabs.personal }).click();
  for (const text of words.personal) await page.getByText(text, { exact: true }).first().waitFor();
  await checkScreen(page, `${at}, personal`);

  await page.getByRole('tab', { name: words.tabs.security }).click();
  for (const text of words.security) await page.getByText(text, { exact: true }).first().waitFor();
  const sessions = page.getByRole('region', { name: words.sessions });
  const items = sessions.getByRole('listitem');
  await expect.poll(() => items.count()).toBe(2);
  const current = (await items.nth(0).innerText()).replace(/\s+/g, ' ');
  expect(current).toContain(words.thisDevice);
  expect(current).toContain(words.activeNow);
  const days = signInDays(language).map((day) => `${words.signedIn} ${day}`);
  expect(
    days.some((text) => current.includes(text)),
    `"${current}" has one of ${days.join(' | ')}`,
  ).toBe(true);
  const other = await items.nth(1).innerText();
  expect(other).toMatch(words.other);
  expect(other).toMatch(words.lastSeen);
  await sessions.getByRole('button', { name: words.signOutOthers }).click();
  await page.getByRole('alertdialog', { name: words.confirmTitle }).getByText(words.confirm).waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('alertdialog').waitFor({ state: 'detached' });
  await checkScreen(page, `${at}, security`);

  await page.getByRole('tab', { name: words.tabs.preferences }).click();
  for (const text of words.preferences) await page.getByText(text, { exact: true }).first().waitFor();
  await checkScreen(page, `${at}, preferences`);
}

async function journey(viewport: Viewport, account: Account) {
  const { context, page, problems } = await kit.session(viewport);
  const other = await kit.session(viewport);
  await kit.register(context, account);
  await kit.signIn(other.context, account.email, account.password);

  // An English user chooses Deutsch: the page is German at once, the toast included, and after a reload.
  await page.goto(kit.url('/profile?tab=preferences'));
  await page.getByRole('heading', { level: 1, name: 'Profile', exact: true }).waitFor();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  await page.getByRole('combobox', { name: 'Language' }).click();
  // Each language in its own name.
  for (const name of ['English', 'Español', 'Français', 'Deutsch'])
    await page.getByRole('option', { name, exact: true }).waitFor();
  await page.keyboard.press('Escape');
  await switchTo(page, { languageField: 'Language', save: 'Save Preferences' }, 'de');
  await page.getByRole('button', { name: WORDS.de.save }).waitFor();
  expect(await toast(page, 'Preferences saved').count()).toBe(0);
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Profil', exact: true }).waitFor();
  await page.getByRole('combobox', { name: 'Sprache' }).getByText('Deutsch').waitFor();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
  // The quick button finds the header's bell whatever the language calls it (once the bell has loaded:
  // it waits in a Suspense boundary, and before that the button has nothing to open).
  await page.locator('header button[aria-haspopup="dialog"]').waitFor();
  await page.locator('main').getByRole('button', { name: 'Benachrichtigungen' }).click();
  await page.getByRole('dialog').waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await walk(page, 'de', viewport.width);

  // The account holds the choice: the other device, an English browser, turns German too.
  await other.page.goto(kit.url('/profile'));
  await other.page.getByRole('heading', { level: 1, name: 'Profil', exact: true }).waitFor();

  // French, then English again: today's English texts, word for word.
  await switchTo(page, WORDS.de, 'fr');
  await walk(page, 'fr', viewport.width);
  await page.getByRole('tab', { name: WORDS.fr.tabs.preferences }).click();
  await switchTo(page, WORDS.fr, 'en');
  await page.getByRole('button', { name: 'Save Preferences' }).waitFor();
  await page.getByRole('switch', { name: 'Transaction Alerts' }).waitFor();
  await page.getByRole('tab', { name: 'Personal Info' }).click();
  await page.getByRole('button', { name: 'Save Changes' }).waitFor();
  await page.getByText('Your e-mail address cannot be changed here.').waitFor();
  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByText('At least 6 characters.').waitFor();
  const items = page.getByRole('region', { name: 'Sessions and devices' }).getByRole('listitem');
  await expect.poll(() => items.count()).toBe(2);
  expect(await items.nth(0).innerText()).toMatch(/This device[\s\S]*Signed in [\s\S]*Active now/);
  expect(await items.nth(1).innerText()).toMatch(/Chrome on \w+[\s\S]*Last seen /);
  await expectAccessible(page, `/profile in English again at ${viewport.width}px`);
  expect(problems).toEqual([]);
  expect(other.problems).toEqual([]);
  await context.close();
  await other.context.close();
}

describe('the profile page in German and French', () => {
  journeyTests(journey, [
    [
      'at 1280 px: chosen in the preferences, applied at once, kept, and back to English',
      DESKTOP,
      newAccount('Ada'),
    ],
    ['at 360 px, German words never push the page sideways', PHONE, newAccount('Grace')],
  ]);
});
