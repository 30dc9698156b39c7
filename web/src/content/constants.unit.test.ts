import { describe, expect, it } from 'vitest';
import {
  campaignBarPercent,
  campaignTerms,
  formatCampaignDate,
  formatTokenAmount,
  pageTitle,
  TIERS,
  TIMINGS,
} from './constants.ts';

describe('tier table (docs/product-rules.md spec 9, docs/product-rules.md rule 11)', () => {
  it('has Gold, Ruby Steel and Black with their stakes, ATM allowances, cashback and lounges', () => {
    expect(
      TIERS.map((tier) => [
        tier.name,
        tier.stake,
        tier.freeAtmUsdPerMonth,
        tier.cashbackPercent,
        tier.lounge,
      ]),
    ).toEqual([
      ['Gold', 100, 400, 1, 'Not included'],
      ['Ruby Steel', 250, 800, 2, '2 visits a year'],
      ['Black', 500, 1000, 3, 'Unlimited, with a guest'],
    ]);
  });

  it('decides the timings that the spec gave more than once', () => {
    expect(TIMINGS).toMatchObject({
      cardShipping: '3-7 working days',
      cardVerification: '1-2 business days',
      deposits: '10-60 minutes',
      withdrawals: 'within 24 hours',
    });
  });
});

describe('page titles', () => {
  it('is "SAI Digital Wallet", with the page name in front', () => {
    expect(pageTitle()).toBe('SAI Digital Wallet');
    expect(pageTitle('About')).toBe('About — SAI Digital Wallet');
  });
});

describe('campaign copy', () => {
  const campaign = {
    target: '25000.00',
    current: '1234.56',
    progressPercent: 4.9,
    startsAt: '2026-06-01T00:00:00.000Z',
    endsAt: '2027-05-15T23:59:59.000Z',
    drawAt: '2027-05-31T12:00:00.000Z',
    prizeValueUsd: 58500,
  };

  it('formats token amounts as text, without float rounding', () => {
    expect(formatTokenAmount('25000.00')).toBe('25,000');
    expect(formatTokenAmount('1234.56')).toBe('1,234.56');
    expect(formatTokenAmount('0.5')).toBe('0.50');
    expect(formatTokenAmount('0.001')).toBe('0.001');
  });

  it('states every term with the dates of the one campaign answer', () => {
    const terms = campaignTerms(campaign).join('\n');
    expect(terms).toContain('opens on June 1, 2026');
    expect(terms).toContain('closes on May 15, 2027, or earlier when 25,000 SAI are in circulation');
    expect(terms).toContain('drawn on May 31, 2027');
    expect(terms).toContain('reply within 7 days');
    expect(terms).toContain('18 or older');
    expect(terms).toContain('$58,500');
    expect(formatCampaignDate('not a date')).toBe('to be announced');
  });

  it('clamps the bar to 0-100', () => {
    expect(campaignBarPercent({ progressPercent: 4.9 })).toBe(4.9);
    expect(campaignBarPercent({ progressPercent: 140 })).toBe(100);
    expect(campaignBarPercent({ progressPercent: -3 })).toBe(0);
    expect(campaignBarPercent({ progressPercent: Number.NaN })).toBe(0);
  });
});

describe('the signed-in view of the tier table (lib/constants.ts)', () => {
  // lib/constants.ts states no figure of its own: it reshapes TIERS and TIMINGS for the card screens.
  it('shows each tier with its stake, ATM allowance, cashback, lounge and benefits', async () => {
    const signedIn = await import('../lib/constants.ts');
    expect(
      signedIn.CARD_TIERS.map((tier) => [
        tier.tier,
        tier.name,
        tier.minimum,
        tier.atmPerMonth,
        tier.cashback,
        tier.lounge,
      ]),
    ).toEqual([
      ['gold', 'Gold', '100', '$400', '1%', 'No lounge access'],
      ['ruby', 'Ruby Steel', '250', '$800', '2%', 'Lounge access: 2 visits a year'],
      ['black', 'Black', '500', '$1,000', '3%', 'Lounge access: unlimited, with a guest'],
    ]);
    expect(signedIn.tierInfo('black').benefits).toEqual([
      'Free virtual and premium metal card',
      'Streaming: full rebate, permanent',
      'A retail subscription included',
      'Discounts of 20-70% at 2,000+ partner locations',
      '40% off ride-sharing',
      'Dedicated support and exclusive experiences',
    ]);
    expect(signedIn.tierInfo('gold').benefits).not.toContain('A retail subscription included');
    expect(signedIn.CARD_SHIPPING_TIME).toBe('3-7 working days');
    expect(signedIn.CARD_VERIFICATION_TIME).toBe('1-2 business days');
    expect(signedIn.DEPOSIT_CONFIRMATION_TIME).toBe('10-60 minutes');
    expect(signedIn.CURRENCY_NAMES.BTC).toBe('Bitcoin');
  });
});

describe('copy tells the truth (docs/product-rules.md rule 27)', () => {
  it('states each tier\'s conversion fee as the rate in force, never "reduced" or "lowest"', async () => {
    const { conversionFeeText, feePercent, SECURITY } = await import('./constants.ts');
    const fees = { gold: '0.45', ruby: '0.35', black: '0.20' };
    expect(conversionFeeText(fees)).toBe(
      'Conversion fee: 0.45% on Gold, 0.35% on Ruby Steel and 0.2% on Black',
    );
    expect(['0.50', '1.00', '0.05', '10.00', '2'].map(feePercent)).toEqual([
      '0.5%',
      '1%',
      '0.05%',
      '10%',
      '2%',
    ]);
    // Until the rates are known the line names none (no page keeps a rate of its own).
    expect(conversionFeeText(undefined)).not.toMatch(/\d/);
    for (const text of [conversionFeeText(fees), conversionFeeText(undefined)])
      expect(text).not.toMatch(/lower|less|reduced|lowest|zero|free/i);
    // Biometric sign-in is what passkeys do, and nothing more is claimed.
    expect(SECURITY.authentication).not.toMatch(/biometric/i);
  });
});
