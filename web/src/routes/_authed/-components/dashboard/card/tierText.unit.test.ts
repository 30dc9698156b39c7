import { afterEach, describe, expect, test } from 'vitest';
import { setLocale, t } from '@/i18n/i18n.ts';
import { CARD_ANNUAL_FEE, CARD_TIERS } from '@/lib/constants.ts';
import { tierText } from './tierText.ts';

describe('a card tier in the interface language', () => {
  afterEach(() => setLocale('en'));

  test('in English, says exactly what the shared tier table says on the public pages, in the app’s notation for dollars', () => {
    for (const info of CARD_TIERS) {
      const text = tierText(info.tier);
      expect(text).toEqual({
        name: info.name,
        // "$1,000" on the English public pages; the app writes every dollar value "1,000 USD" (rule 29).
        atmPerMonth: `${info.atmPerMonth.replace(/^\$/, '')} USD`,
        cashback: info.cashback,
        lounge: info.lounge,
        benefits: [...info.benefits],
      });
    }
    expect(t('dashboard.tier.noAnnualFee')).toBe(CARD_ANNUAL_FEE);
  });

  test('in German, with the figures regrouped and the product names kept', async () => {
    await setLocale('de');
    const black = tierText('black');
    expect(black.name).toBe('Black');
    expect(black.atmPerMonth).toBe('1.000 USD');
    expect(black.cashback).toBe('3 %');
    expect(black.lounge).toBe('Lounge-Zugang: unbegrenzt, mit einer Begleitperson');
    expect(black.benefits).toContain('Rabatte von 20-70 % bei 2.000+ Partnergeschäften');
    expect(black.benefits).toContain('Persönlicher Support und exklusive Erlebnisse');
    expect(tierText('gold').lounge).toBe('Kein Lounge-Zugang');
  });
});
