import type { Locale } from '../locales.ts';
import { moneyDeposit } from './money/deposit.ts';
import { moneyHistory } from './money/history.ts';
import { moneyReceipt } from './money/receipt.ts';

/**
 * The money screens: the transaction history and its receipts, and the deposit screen. One area, kept in
 * three files (./money/) so that none outgrows the 450-line limit; each is checked like any area.
 */
function join<A, B, C>(
  a: Record<Locale, A>,
  b: Record<Locale, B>,
  c: Record<Locale, C>,
): Record<Locale, A & B & C> {
  const one = (locale: Locale) => ({ ...a[locale], ...b[locale], ...c[locale] });
  return { en: one('en'), es: one('es'), fr: one('fr'), de: one('de') };
}

export const money = join(moneyHistory, moneyReceipt, moneyDeposit);
