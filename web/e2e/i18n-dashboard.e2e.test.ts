import { describe, expect, test } from 'vitest';
import { DESKTOP, journeyTests, newAccount, PHONE } from './browserKit.ts';
import { expectAccessible, expectNoHorizontalScroll } from './screenKit.ts';
import { saveLanguage, setUpAdminApp, userIdOf } from './sessionsKit.ts';

/**
 * The dashboard in the user's saved language (docs/product-rules.md rule 37), German, French and Spanish,
 * at 1280 px and 360 px: the welcome, the balance with its amount grouped as the language writes it, the
 * portfolio total and its change in the one notation for dollars (rule 29: "1.234,50 USD" beside
 * "0,00 USD", never a "$"), the quick actions, the send form and one of its refusals, the card panel and the
 * giveaway's dates; axe-clean, no horizontal scroll, and no English left in the main region.
 */

const { kit, adminSession } = setUpAdminApp('i18n_dashboard_e2e');

type Viewport = typeof DESKTOP;

interface Words {
  /** The browser's own language: the saved language must win over it. */
  browser: string;
  welcome: string;
  /** 1234.50 SAI as the balance shows it. */
  balance: string;
  /** A figure with two decimals and the language's grouping, then USD. */
  usd: RegExp;
  /** No change over 24 hours, in the same notation. */
  noChange: string;
  balanceTitle: string;
  portfolioTitle: string;
  actionsTitle: string;
  actions: string[];
  depositLink: string;
  sendForm: string;
  recipient: string;
  amount: string;
  review: string;
  toYourself: string;
  cardTitle: string;
  cardState: string;
  cardTier: string;
  topTier: string;
  giveawayTitle: string;
  /** A giveaway date as the language writes it ("15. Mai 2027", "15 mai 2027"). */
  giveawayDate: RegExp;
}

const GERMAN: Words = {
  browser: 'en-US',
  welcome: 'Willkommen, ',
  balance: '1.234,50',
  usd: /^\d{1,3}(\.\d{3})*,\d{2} USD$/,
  noChange: '0,00 USD',
  balanceTitle: 'Token-Guthaben',
  portfolioTitle: 'Portfolio gesamt',
  actionsTitle: 'Schnellaktionen',
  actions: ['Senden', 'Auszahlen', 'Empfangen', 'Metallkarte'],
  depositLink: 'Einzahlen',
  sendForm: 'SAI senden',
  recipient: 'E-Mail des Empfängers',
  amount: 'Betrag (SAI)',
  review: 'Überweisung prüfen',
  toYourself: 'Sie können sich selbst keine Token senden',
  cardTitle: 'Metallkarte',
  cardState: 'Nicht aktiviert',
  cardTier: 'Black-Karte (Ihre heutige Stufe)',
  topTier: 'Höchste Stufe erreicht',
  giveawayTitle: 'Gewinnen Sie ein luxuriöses Elektroauto',
  giveawayDate:
    /\d{1,2}\. (Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember) \d{4}/,
};

const FRENCH: Words = {
  browser: 'fr-FR',
  welcome: 'Bienvenue, ',
  balance: '1\u202f234,50',
  usd: /^\d{1,3}(\u202f\d{3})*,\d{2} USD$/,
  noChange: '0,00 USD',
  balanceTitle: 'Solde de jetons',
  portfolioTitle: 'Valeur totale du portefeuille',
  actionsTitle: 'Actions rapides',
  actions: ['Envoyer', 'Retirer', 'Recevoir', 'Carte métal'],
  depositLink: 'Déposer',
  sendForm: 'Envoyer des SAI',
  recipient: 'E-mail du destinataire',
  amount: 'Montant (SAI)',
  review: 'Vérifier le virement',
  toYourself: 'Vous ne pouvez pas vous envoyer des jetons à vous-même',
  cardTitle: 'Carte métal',
  cardState: 'Non activée',
  cardTier: 'Carte Black (votre niveau actuel)',
  topTier: 'Niveau maximal atteint',
  giveawayTitle: 'Gagnez une voiture électrique de luxe',
  giveawayDate:
    /\d{1,2} (janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) \d{4}/,
};

const SPANISH: Words = {
  browser: 'en-US',
  welcome: 'Le damos la bienvenida, ',
  // Spanish leaves a four-digit number ungrouped.
  balance: '1234,50',
  usd: /^(\d{1,4}|\d{1,3}(\.\d{3})+),\d{2} USD$/,
  noChange: '0,00 USD',
  balanceTitle: 'Saldo de tokens',
  portfolioTitle: 'Valor total de la cartera',
  actionsTitle: 'Acciones rápidas',
  actions: ['Enviar', 'Retirar', 'Recibir', 'Tarjeta metálica'],
  depositLink: 'Depo\u00adsitar',
  sendForm: 'Enviar SAI',
  recipient: 'Correo electrónico del destinatario',
  amount: 'Importe (SAI)',
  review: 'Revisar la transferencia',
  toYourself: 'No puede enviarse tokens a sí mismo',
  cardTitle: 'Tarjeta metálica',
  cardState: 'No activada',
  cardTier: 'Tarjeta Black (su nivel actual)',
  topTier: 'Nivel máximo alcanzado',
  giveawayTitle: 'Gane un coche eléctrico de lujo',
  giveawayDate: /\d{1,2} (de )?(ene|feb|mar|abr|may|jun|jul|ago|sept?|oct|nov|dic)\p{L}*\.? (de )?\d{4}/u,
};

/**
 * English the dashboard shows today, none of it a brand, an asset or user data: in another language,
 * none of it may be left in the main region. (Not "Receive": the recent transactions' rows belong to the
 * history's screens, whose "Received" is theirs to translate.)
 */
const ENGLISH = [
  'Welcome',
  'Here is your',
  'Token balance',
  'Portfolio total',
  'today’s prices',
  'Quick send',
  'Withdraw',
  'View Partners',
  'Crypto balances',
  'Metal card',
  'Not Activated',
  'Request card',
  'Card settings',
  'Top Tier',
  'Buy SAI',
  'Payment method',
  'Submit payment',
  'You receive',
  'Conversion fee',
  'Recent transactions',
  'View All',
  'Giveaway',
  'See the giveaway',
  'main site',
  'Recipient email',
  'Review transfer',
  'no transfer fee',
  'USDT per SAI',
];

type Language = 'de' | 'fr' | 'es';

const FIRST_NAMES: Record<Language, string> = { de: 'Greta', fr: 'Amelie', es: 'Lucia' };

async function journey(viewport: Viewport, language: Language, words: Words) {
  const where = `/dashboard in ${language} at ${viewport.width}px`;
  const account = newAccount(FIRST_NAMES[language]);
  const admin = await adminSession(viewport);

  await kit.withPage(
    viewport,
    async (page) => {
      await kit.register(page.context(), account);
      await kit.post(admin.context, '/api/transactions', {
        type: 'admin_deposit',
        amount: '1234.50',
        receiver_id: await userIdOf(kit, page.context()),
      });
      await saveLanguage(kit, page.context(), language);

      await page.goto(kit.url('/dashboard'));
      await page.getByRole('heading', { level: 1, name: `${words.welcome}${account.firstName}` }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);

      // The balance, in the language's grouping and decimal sign, and the portfolio total.
      const balance = page.getByRole('region', { name: words.balanceTitle });
      await balance.getByText(words.balance, { exact: true }).waitFor();
      const portfolio = page.getByRole('region', { name: words.portfolioTitle });
      await expect.poll(() => portfolio.getByTestId('portfolio-value').innerText()).toMatch(words.usd);
      // The change beside the total is written the same way (no price moved: the holdings changed by 0).
      expect(await portfolio.getByTestId('portfolio-change').innerText()).toContain(words.noChange);
      await balance.getByText(words.usd).waitFor();

      const actions = page.getByRole('region', { name: words.actionsTitle });
      for (const action of words.actions) await actions.getByRole('button', { name: action }).waitFor();
      await actions.getByRole('link', { name: words.depositLink }).waitFor();

      // The giveaway's dates, written as the language writes a date.
      await page.getByRole('heading', { name: words.giveawayTitle }).waitFor();
      await expect.poll(() => page.getByTestId('giveaway-dates').innerText()).toMatch(words.giveawayDate);

      // The card panel: no card yet, the tier the balance reaches, and the top of the upgrade path.
      const card = page.getByRole('region', { name: words.cardTitle });
      await card.getByTestId('card-status').getByText(words.cardState, { exact: true }).waitFor();
      await card.getByText(words.cardTier, { exact: true }).waitFor();
      await card.getByText(words.topTier, { exact: true }).waitFor();

      // The send form refuses a transfer to oneself, in the language.
      const send = page.getByRole('form', { name: words.sendForm }).first();
      await send.getByLabel(words.recipient).fill(account.email);
      await send.getByLabel(words.amount).fill('1');
      await send.getByRole('button', { name: words.review }).click();
      await send.getByText(words.toYourself, { exact: true }).waitFor();

      const main = await page.locator('main').innerText();
      const leftovers = ENGLISH.filter((english) => main.includes(english));
      expect(leftovers, `English left on ${where}`).toEqual([]);
      // No dollar sign anywhere: the card panel's ATM allowance, the crypto values are "… USD" too.
      expect(main, `a "$" on ${where}`).not.toMatch(/\$/);

      await expectAccessible(page, where);
      await expectNoHorizontalScroll(page, where);
    },
    { locale: words.browser },
  );
  await admin.context.close();
}

describe('the dashboard in the saved language', () => {
  journeyTests(journey, [
    ['German at 1280 px', DESKTOP, 'de', GERMAN],
    ['German at 360 px', PHONE, 'de', GERMAN],
  ]);

  test('French at 1280 px and 360 px', async () => {
    await journey(DESKTOP, 'fr', FRENCH);
    await journey(PHONE, 'fr', FRENCH);
  }, 240_000);

  test('Spanish at 1280 px and 360 px', async () => {
    await journey(DESKTOP, 'es', SPANISH);
    await journey(PHONE, 'es', SPANISH);
  }, 240_000);
});
