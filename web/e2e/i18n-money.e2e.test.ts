import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import {
  type Account,
  DEPOSIT_ADDRESS_ETH,
  DESKTOP,
  journeyTests,
  newAccount,
  PHONE,
  toasts,
  type Viewport,
} from './browserKit.ts';
import { expectAccessible, expectNoHorizontalScroll } from './screenKit.ts';
import { type BrowserSession, setUpAdminApp } from './sessionsKit.ts';

/**
 * The money screens in the user's saved language (docs/product-rules.md rule 37): a user whose browser
 * speaks English but whose preferences say German (at 1280 px and 360 px) or Spanish (at 360 px) sees
 * the history with its filters, type labels, states, dates and amounts in that language, a receipt, and
 * the deposit page; each axe-clean, without horizontal scroll, and with none of the screens' English
 * words left in `main`. The movements are made through the API: a distribution, a transfer, a declared
 * crypto deposit.
 */

const { kit, userFriendAndAdmin } = setUpAdminApp('i18n_money_e2e', { DEPOSIT_ADDRESS_ETH });

/** What each language must show; amounts in its own signs (Spanish leaves 4-digit numbers ungrouped). */
const LANGUAGES = {
  de: {
    history: 'Transaktionsverlauf',
    distribution: 'Token-Verteilung',
    sentTo: 'Gesendet an',
    transfer: 'Überweisung',
    cryptoDeposit: 'ETH-Einzahlung',
    declared: 'Gemeldet',
    amountPending: 'Betrag ausstehend',
    received: '+1.234,50 SAI',
    sent: '−12,50 SAI',
    balance: 'Saldo 1.234,50 SAI',
    balanceAfterSent: 'Saldo 1.222,00 SAI',
    count: '3 Transaktionen angezeigt · Ende des Verlaufs',
    exportButton: /^Exportieren/,
    exported: 'Kontoauszug exportiert',
    exportedCount: /^3 Transaktionen in sai-transactions-[\d-]+\.csv gespeichert\.$/,
    csvHeader:
      '"Datum","Referenz","Typ","Status","Beschreibung","Gegenpartei","Währung","Betrag","Saldo nachher"',
    csvDistribution:
      ',"Token-Verteilung","Abgeschlossen","Token-Verteilung","SAI Wallet","SAI",1234.50,1234.50',
    csvTransfer: ',"Überweisung","Abgeschlossen","Pizza",',
    filterButton: /^Filtern/,
    filterForm: 'Transaktionen filtern',
    typeField: 'Typ',
    apply: 'Filter anwenden',
    filteredBy: 'Gefiltert nach:',
    clear: 'Filter zurücksetzen',
    // "28. Nov. 2026, 14:05" and "29. Nov. 2026, 00:09": day first, the month's name, a 24-hour clock
    // with two-digit hours, as German writes a short time (web/src/lib/format.ts).
    date: /^\d{1,2}\. \p{L}+\.? \d{4}, \d{2}:\d{2}$/u,
    receipt: 'Beleg',
    reference: 'Referenz',
    balanceBefore: 'Saldo vorher',
    before: '1.234,50 SAI',
    free: 'Kostenlos',
    completed: 'Abgeschlossen',
    deposit: 'Guthaben aufladen',
    cryptoTab: 'Krypto-Einzahlung',
    network: 'Netzwerk',
    sendOnly: 'Senden Sie nur ETH über Ethereum an:',
    confirmations: '6 Netzwerkbestätigungen',
    usually: 'In der Regel 10–60 Minuten',
    hash: 'Transaktions-Hash',
    declare: 'Einzahlung melden',
    hashError: 'Der Transaktions-Hash darf nur Buchstaben und Ziffern enthalten',
    send: 'Senden',
    sendForm: 'SAI senden',
    recipient: 'E-Mail des Empfängers',
    sendAmount: 'Betrag (SAI)',
    sendReviewButton: 'Überweisung prüfen',
    sendReview: 'Überweisung prüfen',
    sendConfirm: 'Bestätigen und senden',
    sentToast: 'Geld erfolgreich gesendet',
    withdraw: 'Aus\u00adzahlen',
    withdrawForm: 'Krypto auszahlen',
    address: 'Zieladresse',
    reviewWithdrawal: 'Auszahlung prüfen',
    addressInvalid:
      'Das ist keine gültige Ethereum-Adresse: Prüfen Sie sie Zeichen für Zeichen oder kopieren Sie sie erneut aus Ihrer Wallet.',
    declaredList: 'Gemeldete Einzahlungen',
    pending: 'Ausstehend',
  },
  es: {
    history: 'Historial de transacciones',
    distribution: 'Distribución de tokens',
    sentTo: 'Enviado a',
    transfer: 'Transferencia',
    cryptoDeposit: 'Depósito de ETH',
    declared: 'Declarada',
    amountPending: 'Importe pendiente',
    received: '+1234,50 SAI',
    sent: '−12,50 SAI',
    balance: 'Saldo 1234,50 SAI',
    balanceAfterSent: 'Saldo 1222,00 SAI',
    count: 'Mostrando 3 transacciones · fin del historial',
    exportButton: /^Exportar/,
    exported: 'Extracto exportado',
    exportedCount: /^3 transacciones guardadas en sai-transactions-[\d-]+\.csv\.$/,
    csvHeader:
      '"Fecha","Referencia","Tipo","Estado","Descripción","Contraparte","Activo","Importe","Saldo posterior"',
    csvDistribution:
      ',"Distribución de tokens","Completada","Distribución de tokens","SAI Wallet","SAI",1234.50,1234.50',
    csvTransfer: ',"Transferencia","Completada","Pizza",',
    filterButton: /^Filtrar/,
    filterForm: 'Filtrar transacciones',
    typeField: 'Tipo',
    apply: 'Aplicar filtros',
    filteredBy: 'Filtrado por:',
    clear: 'Borrar filtros',
    // "28 nov 2026, 14:05".
    date: /^\d{1,2} \p{L}+\.? \d{4}, \d{1,2}:\d{2}$/u,
    receipt: 'Comprobante',
    reference: 'Referencia',
    balanceBefore: 'Saldo anterior',
    before: '1234,50 SAI',
    free: 'Gratis',
    completed: 'Completada',
    deposit: 'Añada fondos a su monedero',
    cryptoTab: 'Depósito de criptomonedas',
    network: 'Red',
    sendOnly: 'Envíe solo ETH en Ethereum a:',
    confirmations: '6 confirmaciones de red',
    usually: 'Normalmente 10-60 minutos',
    hash: 'Hash de la transacción',
    declare: 'Declarar depósito',
    hashError: 'El hash de la transacción solo puede contener letras y dígitos',
    send: 'Enviar',
    sendForm: 'Enviar SAI',
    recipient: 'Correo electrónico del destinatario',
    sendAmount: 'Importe (SAI)',
    sendReviewButton: 'Revisar la transferencia',
    sendReview: 'Revise su transferencia',
    sendConfirm: 'Confirmar y enviar',
    sentToast: 'Dinero enviado correctamente',
    withdraw: 'Retirar',
    withdrawForm: 'Retirar criptomonedas',
    address: 'Dirección de destino',
    reviewWithdrawal: 'Revisar el retiro',
    addressInvalid:
      'Esta no es una dirección de Ethereum válida: revísala carácter por carácter o vuelve a copiarla desde tu monedero.',
    declaredList: 'Depósitos declarados',
    pending: 'Pendiente',
  },
} as const;
type Language = keyof typeof LANGUAGES;

/** English words of these screens that no translation, brand or test datum here contains. */
const ENGLISH = [
  /\bthe\b/i,
  /\byour\b/i,
  /\bBalance\b/,
  /\bTransactions?\b/,
  /\bHistory\b/,
  /\bDeposits?\b/,
  /\bReceipt\b/,
  /\bAmount\b/,
  /\bExport\b/,
  /\bSent\b/,
  /\bReceived\b/,
  /\bNetwork\b/i,
  /\bDeclare deposit\b/,
  /\bPending\b/,
  /\bCompleted\b/,
  /\bLoading\b/,
];

/**
 * The text of `main` without its fixed layers: the phone's tab bar is the dashboard area's (and its own
 * test's), not these screens'.
 */
async function screenText(page: Page): Promise<string> {
  return page.locator('main').evaluate((main) => {
    const fixed = [...main.querySelectorAll<HTMLElement>('*')].filter(
      (element) => getComputedStyle(element).position === 'fixed',
    );
    for (const element of fixed) element.style.setProperty('display', 'none');
    const text = (main as HTMLElement).innerText;
    for (const element of fixed) element.style.removeProperty('display');
    return text;
  });
}

async function expectNoEnglish(page: Page, where: string) {
  const text = await screenText(page);
  const left = ENGLISH.filter((word) => word.test(text)).map(String);
  expect(left, `English left on ${where}:\n${text}`).toEqual([]);
}

async function checkScreen(page: Page, viewport: Viewport, where: string) {
  await expectAccessible(page, `${where} at ${viewport.width}px`);
  await expectNoHorizontalScroll(page, `${where} at ${viewport.width}px`);
  await expectNoEnglish(page, `${where} at ${viewport.width}px`);
}

function row(rows: Locator, text: string) {
  return rows.filter({ hasText: text });
}

/**
 * The saver, whose preferences say `language`, and the friend; the movements made through the API: a
 * distribution to the saver, a transfer to the friend, a declared crypto deposit.
 */
async function saverWithMovements(viewport: Viewport, language: Language) {
  const saver = newAccount('Saver');
  const friend = newAccount('Friend');
  // The browser asks for English: only the saved preference can make the screens speak another language.
  const { user, other, admin } = await userFriendAndAdmin(viewport, saver, friend, { locale: 'en-US' });

  const preferences = await kit.call(user.context, 'GET', '/api/account/preferences');
  await kit.call(user.context, 'PUT', '/api/account/preferences', { ...preferences, language });
  const saverId = (await kit.call(user.context, 'GET', '/api/auth/user')).id;
  const friendId = (await kit.call(other.context, 'GET', '/api/auth/user')).id;
  await kit.call(admin.context, 'POST', '/api/transactions', {
    type: 'admin_deposit',
    receiver_id: saverId,
    amount: '1234.50',
  });
  const transfer = await kit.call(user.context, 'POST', '/api/transactions', {
    type: 'transfer',
    receiver_id: friendId,
    amount: '12.50',
    description: 'Pizza',
  });
  await kit.call(user.context, 'POST', '/api/crypto/deposits', { currency: 'ETH', network: 'ethereum' });
  return { user, friend, transferId: String(transfer.id) };
}

/**
 * The history: the saved language replaces the browser's once the preferences load. Its rows, and the
 * transfer's.
 */
async function checkHistory(page: Page, viewport: Viewport, language: Language) {
  const words = LANGUAGES[language];
  await page.goto(kit.url('/transactions'));
  await page.getByRole('heading', { name: words.history }).waitFor();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
  const rows = page.getByTestId('transaction-row');
  await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(3);
  const distribution = row(rows, words.distribution);
  await distribution.getByText(words.received).waitFor();
  await distribution.getByText(words.balance).waitFor();
  const sent = row(rows, words.sentTo);
  await sent.getByText(words.sent).waitFor();
  await sent.getByText(words.balanceAfterSent).waitFor();
  await sent.getByText('Pizza').waitFor();
  const deposit = row(rows, words.cryptoDeposit);
  await deposit.getByText(words.declared, { exact: true }).waitFor();
  await deposit.getByText(words.amountPending).waitFor();
  for (const time of await rows.locator('time').allInnerTexts()) expect(time).toMatch(words.date);
  await page.getByText(words.count).waitFor();
  await checkScreen(page, viewport, `/transactions in ${language}`);
  return { rows, sent };
}

/**
 * The statement: the toast and the CSV's headers and words in the user's language; its amounts, dates
 * and references machine data, as in English (docs/architecture/i18n.md).
 */
async function checkStatement(page: Page, language: Language) {
  const words = LANGUAGES[language];
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: words.exportButton }).click(),
  ]);
  await toasts(page).getByText(words.exported).waitFor();
  await toasts(page).getByText(words.exportedCount).waitFor();
  const csv = await readFile(await download.path(), 'utf8');
  // Every text cell quoted (domain/shared/csv.ts), numbers bare.
  expect(csv.split('\r\n')[0]).toBe(words.csvHeader);
  expect(csv).toContain(words.csvDistribution);
  expect(csv).toContain(words.csvTransfer);
  expect(csv).toContain(',"SAI",-12.50,1222.00');
  expect(csv).toMatch(/^"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z","[^"]+",/m);
}

/** The filter: its fields and the type labels translated; the API's value in the URL. */
async function filterTransfers(page: Page, viewport: Viewport, language: Language, rows: Locator) {
  const words = LANGUAGES[language];
  await page.getByRole('button', { name: words.filterButton }).click();
  const form = page.getByRole('form', { name: words.filterForm });
  await form.getByRole('combobox', { name: words.typeField }).click();
  await page.getByRole('option', { name: words.distribution, exact: true }).waitFor();
  await page.getByRole('option', { name: words.transfer, exact: true }).click();
  await expectAccessible(page, `the history's filter in ${language} at ${viewport.width}px`);
  await form.getByRole('button', { name: words.apply }).click();
  await form.waitFor({ state: 'detached' });
  await expect.poll(() => rows.count()).toBe(1);
  expect(page.url()).toContain('type=transfer');
  await page.getByText(words.filteredBy).waitFor();
  await page.getByText(words.transfer, { exact: true }).waitFor();
  await checkScreen(page, viewport, `/transactions filtered in ${language}`);
}

/** The transfer's receipt, opened from its row. */
async function checkReceipt(page: Page, viewport: Viewport, language: Language, sent: Locator, id: string) {
  const words = LANGUAGES[language];
  await sent.getByRole('link').click();
  await page.waitForURL(`**/transactions/${id}`);
  await page.getByRole('heading', { level: 1, name: words.transfer }).waitFor();
  await page.getByText(words.receipt, { exact: true }).waitFor();
  await page.getByText(words.reference, { exact: true }).waitFor();
  await page.getByText(words.balanceBefore, { exact: true }).waitFor();
  await page.getByText(words.before, { exact: true }).waitFor();
  await page.getByText(words.free, { exact: true }).waitFor();
  await page.getByText(words.completed).first().waitFor();
  await checkScreen(page, viewport, `the receipt in ${language}`);
}

/** The deposit page: the address card, its facts, the form's own validation and the declared deposit. */
async function checkDepositPage(page: Page, viewport: Viewport, language: Language) {
  const words = LANGUAGES[language];
  await page.goto(kit.url('/deposit'));
  await page.getByRole('heading', { level: 1, name: words.deposit }).waitFor();
  await page.getByRole('tab', { name: words.cryptoTab }).waitFor();
  const declared = page.getByRole('list', { name: words.declaredList });
  await declared.getByText(words.pending, { exact: true }).waitFor();
  await page.getByRole('combobox', { name: words.network }).click();
  await page.getByRole('option', { name: 'Ethereum', exact: true }).click();
  await page.getByText(words.sendOnly).waitFor();
  await page.getByText(DEPOSIT_ADDRESS_ETH).waitFor();
  await page.getByText(words.confirmations).waitFor();
  await page.getByText(words.usually).waitFor();
  await page.getByRole('textbox', { name: words.hash }).fill('0x-not-a-hash!');
  await page.getByRole('button', { name: words.declare }).click();
  await page.getByText(words.hashError).waitFor();
  await checkScreen(page, viewport, `/deposit in ${language}`);
}

/**
 * An amount typed the language's way: "2,5" (the decimal comma) is 2.50 SAI, which the review shows in
 * the language's notation before anything is sent (grouping: lib/amountInput.unit.test.ts).
 */
async function sendAmountTypedInLanguage(
  user: BrowserSession,
  viewport: Viewport,
  language: Language,
  friend: Account,
) {
  const words = LANGUAGES[language];
  const { page } = user;
  await page.goto(kit.url('/dashboard'));
  await page.getByRole('button', { name: words.send, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: words.send });
  const send = dialog.getByRole('form', { name: words.sendForm });
  await send.getByLabel(words.recipient).fill(friend.email);
  await send.getByLabel(words.sendAmount).fill('2,5');
  await send.getByRole('button', { name: words.sendReviewButton }).click();
  const sendReview = dialog.getByRole('form', { name: words.sendReview });
  await sendReview.getByText('2,50 SAI', { exact: true }).waitFor();
  await checkScreen(page, viewport, `the review of an amount typed in ${language}`);
  await sendReview.getByRole('button', { name: words.sendConfirm }).click();
  await toasts(page).getByText(words.sentToast).waitFor();
  await dialog.waitFor({ state: 'detached' });
  await expect
    .poll(async () => (await kit.call(user.context, 'GET', '/api/auth/user')).balance, { timeout: 30_000 })
    .toBe('1219.50');
}

/** The withdrawal form refuses an address of another network on its field, in the user's language. */
async function withdrawalRefusesAddress(page: Page, viewport: Viewport, language: Language) {
  const words = LANGUAGES[language];
  await page.goto(kit.url('/dashboard'));
  await page.getByRole('button', { name: words.withdraw, exact: true }).click();
  const withdraw = page.getByRole('form', { name: words.withdrawForm });
  await withdraw.getByRole('combobox', { name: words.network }).click();
  await page.getByRole('option', { name: 'Ethereum', exact: true }).click();
  await withdraw.getByLabel(words.address).fill('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
  await withdraw.getByRole('button', { name: words.reviewWithdrawal }).click();
  await withdraw.getByText(words.addressInvalid).waitFor();
  await checkScreen(page, viewport, `the withdrawal form in ${language}`);
}

async function journey(viewport: Viewport, language: Language) {
  const { user, friend, transferId } = await saverWithMovements(viewport, language);
  const { page } = user;
  const { rows, sent } = await checkHistory(page, viewport, language);
  await checkStatement(page, language);
  await filterTransfers(page, viewport, language, rows);
  await checkReceipt(page, viewport, language, sent, transferId);
  await checkDepositPage(page, viewport, language);
  await sendAmountTypedInLanguage(user, viewport, language, friend);
  await withdrawalRefusesAddress(page, viewport, language);
}

describe('the money screens in the saved language', () => {
  journeyTests(journey, [
    ['German at 1280 px', DESKTOP, 'de'],
    ['Spanish at 360 px', PHONE, 'es'],
    // German's longer words, on the narrowest screen.
    ['German at 360 px', PHONE, 'de'],
  ]);
});
