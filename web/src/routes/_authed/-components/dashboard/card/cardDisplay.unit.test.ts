import { describe, expect, test } from 'vitest';
import type { Card } from '@/queries/cards.queries.ts';
import {
  balanceTier,
  canOpenSettings,
  canViewDetails,
  cardDisplay,
  needsShippingAddress,
  reach,
  stakeMore,
  stakeTarget,
  upgradeTarget,
  validateAddress,
  validatePin,
} from './cardDisplay.ts';

function card(overrides: Partial<Card>): Card {
  return {
    id: 'c1',
    userId: 'u123456',
    tier: 'gold',
    status: 'pending',
    shippingStatus: 'not_shipped',
    address: null,
    city: null,
    state: null,
    zipCode: null,
    country: null,
    trackingNumber: null,
    estimatedDelivery: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('card display states (docs/product-rules.md spec 4)', () => {
  test('every state has its label, with the one timing constant each', () => {
    expect(cardDisplay(null).label).toBe('Not Activated');
    expect(cardDisplay(card({ status: 'pending' })).label).toBe('Payment Required');
    expect(cardDisplay(card({ status: 'verifying' })).label).toBe('Verifying Payment (1-2 business days)');
    expect(cardDisplay(card({ status: 'active' })).label).toBe('Active');
    expect(cardDisplay(card({ status: 'shipping', trackingNumber: 'TRK-1' })).label).toBe(
      'Shipping via courier (3-7 working days)',
    );
    expect(cardDisplay(card({ status: 'shipping', trackingNumber: 'TRK-1' })).description).toContain('TRK-1');
    expect(cardDisplay(card({ status: 'inactive' })).label).toBe('Frozen');
  });

  test('details for active or shipping; settings for active or frozen', () => {
    expect(canViewDetails(card({ status: 'verifying' }))).toBe(false);
    expect(canViewDetails(card({ status: 'active' }))).toBe(true);
    expect(canViewDetails(card({ status: 'shipping' }))).toBe(true);
    expect(canViewDetails(card({ status: 'inactive' }))).toBe(false);
    expect(canOpenSettings(null)).toBe(false);
    expect(canOpenSettings(card({ status: 'shipping' }))).toBe(false);
    expect(canOpenSettings(card({ status: 'inactive' }))).toBe(true);
  });

  test('Add Shipping Address while active without an address or city', () => {
    expect(needsShippingAddress(card({ status: 'active' }))).toBe(true);
    expect(needsShippingAddress(card({ status: 'active', address: '1 Main Street', city: null }))).toBe(true);
    expect(needsShippingAddress(card({ status: 'active', address: '1 Main Street', city: 'Dubai' }))).toBe(
      false,
    );
    expect(needsShippingAddress(card({ status: 'pending' }))).toBe(false);
  });
});

describe('card forms (docs/product-rules.md spec 5)', () => {
  test('PIN: four digits, twice', () => {
    expect(validatePin('123', '123')).toEqual({ pin: 'PIN must be 4 digits' });
    expect(validatePin('1234', '1243')).toEqual({ confirmPin: "PINs don't match" });
    expect(validatePin('1234', '1234')).toEqual({});
  });

  test('shipping address minimum lengths', () => {
    expect(validateAddress({ address: '1 Ma', city: 'D', state: 'D', zipCode: '12', country: 'A' })).toEqual({
      address: 'Address must be at least 5 characters',
      city: 'City must be at least 2 characters',
      state: 'State must be at least 2 characters',
      zipCode: 'ZIP code must be at least 3 characters',
      country: 'Country must be at least 2 characters',
    });
    expect(
      validateAddress({ address: '1 Main', city: 'Dubai', state: 'DU', zipCode: '123', country: 'AE' }),
    ).toEqual({});
  });
});

describe('the card tier (docs/product-rules.md rule 30)', () => {
  test('previews the tier a balance reaches before there is a card', () => {
    expect(balanceTier('0')).toBe('gold');
    expect(balanceTier('249.99')).toBe('gold');
    expect(balanceTier('250.00')).toBe('ruby');
    expect(balanceTier('500')).toBe('black');
  });

  test('offers the highest tier the balance reaches above the card, never for a frozen or pending card', () => {
    expect(upgradeTarget(null, '900')).toBeNull();
    expect(upgradeTarget(card({ tier: 'gold', status: 'active' }), '249.99')).toBeNull();
    expect(upgradeTarget(card({ tier: 'gold', status: 'active' }), '250')).toBe('ruby');
    // A card not yet active is offered the stake that activates it (stakeTarget), not an upgrade.
    expect(upgradeTarget(card({ tier: 'gold', status: 'pending' }), '600')).toBeNull();
    expect(upgradeTarget(card({ tier: 'ruby', status: 'shipping' }), '300')).toBeNull();
    expect(upgradeTarget(card({ tier: 'black', status: 'active' }), '900')).toBeNull();
    expect(upgradeTarget(card({ tier: 'gold', status: 'inactive' }), '900')).toBeNull();
  });

  test('offers a stake to a card waiting for activation when the SAI covers a tier above Gold', () => {
    const stake = (staked: string, available: string) => ({ staked, available, tier: 'gold' as const });
    expect(stakeTarget(card({ status: 'pending' }), stake('0.00', '600.00'))).toEqual({
      tier: 'black',
      amount: '500.00',
    });
    expect(stakeTarget(card({ status: 'verifying' }), stake('0.00', '300.00'))).toEqual({
      tier: 'ruby',
      amount: '250.00',
    });
    expect(stakeTarget(card({ status: 'pending' }), stake('250.00', '250.00'))).toEqual({
      tier: 'black',
      amount: '250.00',
    });
    // Too little: the buy path; an active card: the upgrade; no stake read yet: nothing offered.
    expect(stakeTarget(card({ status: 'pending' }), stake('0.00', '249.99'))).toBeNull();
    expect(stakeTarget(card({ status: 'active' }), stake('0.00', '600.00'))).toBeNull();
    expect(stakeTarget(card({ status: 'pending' }), undefined)).toBeNull();
    expect(stakeTarget(null, stake('0.00', '600.00'))).toBeNull();
  });

  test('counts the stake in what the SAI reaches, and what more a tier holds', () => {
    const stake = { staked: '250.00', available: '300.00', tier: 'ruby' as const };
    expect(reach('300.00', stake)).toBe('550.00');
    expect(reach('300.00', undefined)).toBe('300.00');
    expect(stakeMore('black', stake)).toBe('250.00');
    expect(stakeMore('gold', stake)).toBe('0.00');
  });

  test('says a holder who can stake is ready to activate, not that a payment is required', () => {
    expect(cardDisplay(card({ status: 'pending' }), true).label).not.toBe(
      cardDisplay(card({ status: 'pending' })).label,
    );
  });
});
