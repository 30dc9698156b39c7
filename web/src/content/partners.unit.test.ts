import { describe, expect, it } from 'vitest';
import { CAROUSEL_PARTNERS, PARTNER_CATEGORIES, PARTNERS, partnersIn, searchPartners } from './partners.ts';

describe('partner catalogue', () => {
  it('has 6 categories of 12 partners, each with a unique id and name', () => {
    expect(PARTNER_CATEGORIES).toEqual([
      'Retail',
      'Food & Beverages',
      'Travel',
      'Entertainment',
      'Transportation',
      'Home & Lifestyle',
    ]);
    for (const category of PARTNER_CATEGORIES) expect(partnersIn(category)).toHaveLength(12);
    expect(PARTNERS).toHaveLength(72);
    expect(new Set(PARTNERS.map((partner) => partner.id)).size).toBe(72);
    expect(new Set(PARTNERS.map((partner) => partner.name.toLowerCase())).size).toBe(72);
  });

  it('gives the landing carousel ten catalogue partners at 70, 40, 25, 30, 35, 20, 15, 10, 20, 15 percent off', () => {
    expect(CAROUSEL_PARTNERS.map((deal) => deal.percentOff)).toEqual([
      70, 40, 25, 30, 35, 20, 15, 10, 20, 15,
    ]);
    for (const deal of CAROUSEL_PARTNERS) {
      expect(PARTNERS).toContain(deal.partner);
      // The carousel and the directory never disagree about the offer.
      expect(deal.partner.discount).toContain(`${deal.percentOff}%`);
    }
  });
});

describe('searchPartners', () => {
  it('matches the name, the category or the discount text, ignoring case', () => {
    expect(searchPartners(PARTNERS, 'MERIDIAN').map((partner) => partner.name)).toEqual(['Meridian Hotels']);
    const travel = searchPartners(PARTNERS, 'tRaVeL');
    expect(travel.filter((partner) => partner.category === 'Travel')).toHaveLength(12);
    expect(searchPartners(PARTNERS, 'ev charging').map((partner) => partner.name)).toEqual(['Voltcharge']);
    expect(searchPartners(PARTNERS, '70%').map((partner) => partner.name)).toEqual([
      'Velvet & Vine Boutique',
    ]);
  });

  it('matches everything for a blank query and nothing for nonsense', () => {
    expect(searchPartners(PARTNERS, '   ')).toHaveLength(72);
    expect(searchPartners(PARTNERS, 'zzqx-nothing')).toEqual([]);
  });
});
