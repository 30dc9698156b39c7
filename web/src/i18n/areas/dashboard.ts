import type { Locale } from '../locales.ts';
import { dashboardAddress } from './dashboard/address.ts';
import { dashboardCard } from './dashboard/card.ts';
import { dashboardCardTier } from './dashboard/cardTier.ts';
import { dashboardHome } from './dashboard/home.ts';
import { dashboardMoney } from './dashboard/money.ts';

/**
 * The dashboard's messages (keys `dashboard.*`), kept in files by screen group so that none grows past
 * the size a reader can take in: the page itself, its money forms, the metal card, its shipping address,
 * and the card tiers. Each file is checked whole by defineArea; this only joins them.
 */
type Area = Record<Locale, Record<string, string>>;
type Keys<A> = A extends Record<'en', Record<infer K, string>> ? K : never;

function merge<const A extends readonly Area[]>(
  ...areas: A
): Record<Locale, Record<Keys<A[number]>, string>> {
  const pick = (locale: Locale) => Object.assign({}, ...areas.map((area) => area[locale]));
  return { en: pick('en'), es: pick('es'), fr: pick('fr'), de: pick('de') };
}

export const dashboard = merge(
  dashboardHome,
  dashboardMoney,
  dashboardCard,
  dashboardAddress,
  dashboardCardTier,
);
