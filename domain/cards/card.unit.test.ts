import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../shared/errors.ts';
import { admin, at, now, spec, user } from '../shared/testing.ts';
import {
  type CardCommand,
  type CardEvent,
  type CardTier,
  CardTierNotReachedError,
  CardTransitionError,
  cardDecider,
  tierReachedBy,
  upgradesFor,
} from './card.ts';

const ids = { cardId: 'c1', userId: user };
const address = { address: '1 Main Street', city: 'Dubai', state: 'DU', zipCode: '00000', country: 'AE' };
const requested = (tier: 'gold' | 'ruby' | 'black' = 'gold', withAddress = true): CardEvent => ({
  type: 'CardRequested',
  data: { ...ids, tier, address: withAddress ? address : null, requestedAt: at },
});
const submitted: CardEvent = { type: 'CardPaymentSubmitted', data: { ...ids, paymentId: 'p1', at } };
const activated: CardEvent = { type: 'CardActivated', data: { ...ids, paymentId: 'p1', at } };
const shipped: CardEvent = {
  type: 'CardShipped',
  data: { ...ids, trackingNumber: 'TRK-1', estimatedDelivery: '2026-12-01', shippedBy: admin, at },
};
const delivered: CardEvent = { type: 'CardDelivered', data: { ...ids, deliveredBy: admin, at } };
const frozen: CardEvent = { type: 'CardFrozen', data: { ...ids, at } };

const cmd = {
  request: (balanceUnits = 0n): CardCommand => ({
    type: 'RequestCard',
    data: { ...ids, balanceUnits, address },
    now,
  }),
  submit: { type: 'MarkPaymentSubmitted', data: { paymentId: 'p1' }, now } as CardCommand,
  activate: { type: 'ActivateForPayment', data: { paymentId: 'p1' }, now } as CardCommand,
  ship: {
    type: 'ShipCard',
    data: { trackingNumber: 'TRK-1', estimatedDelivery: '2026-12-01', adminId: admin },
    now,
  } as CardCommand,
  deliver: { type: 'MarkDelivered', data: { adminId: admin }, now } as CardCommand,
  freeze: { type: 'FreezeCard', now } as CardCommand,
  unfreeze: { type: 'UnfreezeCard', now } as CardCommand,
  pin: { type: 'ChangePin', now } as CardCommand,
  address: { type: 'SetShippingAddress', data: { address }, now } as CardCommand,
};

describe('card tiers', () => {
  it('follows the balance thresholds: 500+ black, 250+ ruby, else gold', () => {
    expect(tierReachedBy(0n)).toBe('gold');
    expect(tierReachedBy(24_999n)).toBe('gold');
    expect(tierReachedBy(25_000n)).toBe('ruby');
    expect(tierReachedBy(49_999n)).toBe('ruby');
    expect(tierReachedBy(50_000n)).toBe('black');
  });
});

const fold = (events: CardEvent[]) => events.reduce(cardDecider.evolve, cardDecider.initialState());
const upgrade = (tier: CardTier, balanceUnits: bigint): CardCommand => ({
  type: 'UpgradeCard',
  data: { tier, balanceUnits },
  now,
});
const upgraded = (from: CardTier, to: CardTier, balance: string): CardEvent => ({
  type: 'CardUpgraded',
  data: { ...ids, from, to, balance, at },
});

describe("the card's own tier", () => {
  it('is kept through payment and activation, whatever the balance', () => {
    // The card asked for at 300 SAI is Ruby Steel; activation never looks at the balance.
    spec(cardDecider)
      .given([requested('ruby'), submitted])
      .when(cmd.activate)
      .thenEmits([activated]);
    expect(fold([requested('ruby'), submitted, activated])).toMatchObject({ status: 'active', tier: 'ruby' });
  });

  it('offers the higher tiers the balance reaches, lowest first', () => {
    expect(upgradesFor('gold', 24_999n)).toEqual([]);
    expect(upgradesFor('gold', 25_000n)).toEqual(['ruby']);
    expect(upgradesFor('gold', 50_000n)).toEqual(['ruby', 'black']);
    expect(upgradesFor('ruby', 60_000n)).toEqual(['black']);
    expect(upgradesFor('black', 90_000n)).toEqual([]);
  });

  it('goes up when the holder asks and the balance reaches the tier', () => {
    spec(cardDecider)
      .given([requested('ruby'), activated])
      .when(upgrade('black', 50_000n))
      .thenEmits([upgraded('ruby', 'black', '500.00')]);
    // Any tier the balance reaches, from any state but frozen: a pending card too.
    spec(cardDecider)
      .given([requested('gold')])
      .when(upgrade('ruby', 60_000n))
      .thenEmits([upgraded('gold', 'ruby', '600.00')]);
    spec(cardDecider)
      .given([requested('gold'), activated, shipped])
      .when(upgrade('black', 60_000n))
      .thenEmits([upgraded('gold', 'black', '600.00')]);
    expect(fold([requested('ruby'), activated, upgraded('ruby', 'black', '500.00')])).toMatchObject({
      status: 'active',
      tier: 'black',
    });
  });

  it('is a no-op when asked again for the tier the card has (a retry), even once the balance fell', () => {
    spec(cardDecider)
      .given([requested('ruby'), activated, upgraded('ruby', 'black', '500.00')])
      .when(upgrade('black', 0n))
      .thenEmits([]);
  });

  it('refuses a tier the balance does not reach, with what it needs', () => {
    const error = spec(cardDecider)
      .given([requested('ruby'), activated])
      .when(upgrade('black', 49_999n))
      .thenThrows(CardTierNotReachedError);
    expect(error.message).toBe('Black needs a balance of 500.00 SAI; yours is 499.99 SAI');
    spec(cardDecider)
      .given([requested('gold')])
      .when(upgrade('ruby', 0n))
      .thenThrows(CardTierNotReachedError);
  });

  it('never goes down, and a frozen card is unfrozen first', () => {
    const down = spec(cardDecider)
      .given([requested('black'), activated])
      .when(upgrade('ruby', 90_000n))
      .thenThrows(CardTransitionError);
    expect(down.message).toBe("Your card is already Black; a card's tier never goes down");
    const frozenCard = spec(cardDecider)
      .given([requested('gold'), activated, frozen])
      .when(upgrade('black', 90_000n))
      .thenThrows(CardTransitionError);
    expect(frozenCard.message).toBe('Unfreeze your card before upgrading it');
    spec(cardDecider).given([]).when(upgrade('black', 90_000n)).thenThrows(NotFoundError);
  });

  it('still reads the automatic upgrades older releases wrote (CardTierUpgraded)', () => {
    const legacy: CardEvent = { type: 'CardTierUpgraded', data: { ...ids, from: 'gold', to: 'ruby', at } };
    expect(fold([requested('gold'), activated, legacy])).toMatchObject({ tier: 'ruby' });
    spec(cardDecider)
      .given([requested('gold'), legacy])
      .when(upgrade('ruby', 0n))
      .thenEmits([]);
  });
});

describe('card state machine', () => {
  it('walks the happy path: request, payment submitted, activated, shipped, delivered', () => {
    spec(cardDecider)
      .given([])
      .when(cmd.request(30_000n))
      .thenEmits([requested('ruby')]);
    spec(cardDecider).given([requested()]).when(cmd.submit).thenEmits([submitted]);
    spec(cardDecider).given([requested(), submitted]).when(cmd.activate).thenEmits([activated]);
    spec(cardDecider).given([requested()]).when(cmd.activate).thenEmits([activated]);
    spec(cardDecider).given([requested(), activated]).when(cmd.ship).thenEmits([shipped]);
    spec(cardDecider).given([requested(), activated, shipped]).when(cmd.deliver).thenEmits([delivered]);
  });

  it('freezes and unfreezes an active card, and changes its PIN only while active', () => {
    spec(cardDecider).given([requested(), activated]).when(cmd.freeze).thenEmits([frozen]);
    spec(cardDecider)
      .given([requested(), activated, frozen])
      .when(cmd.unfreeze)
      .thenEmits([{ type: 'CardUnfrozen', data: { ...ids, at } }]);
    spec(cardDecider)
      .given([requested(), activated])
      .when(cmd.pin)
      .thenEmits([{ type: 'CardPinChanged', data: { ...ids, at } }]);
  });

  it('lets payment events pass silently when they do not apply', () => {
    spec(cardDecider).given([]).when(cmd.submit).thenEmits([]);
    spec(cardDecider).given([requested(), activated]).when(cmd.submit).thenEmits([]);
    spec(cardDecider).given([requested(), activated]).when(cmd.activate).thenEmits([]);
  });

  const forbidden: [string, CardEvent[], CardCommand][] = [
    ['a second card', [requested()], cmd.request()],
    ['shipping a pending card', [requested()], cmd.ship],
    ['shipping a verifying card', [requested(), submitted], cmd.ship],
    ['shipping without an address', [requested('gold', false), activated], cmd.ship],
    ['shipping twice', [requested(), activated, shipped], cmd.ship],
    ['shipping a delivered card again', [requested(), activated, shipped, delivered], cmd.ship],
    ['delivering an unshipped card', [requested(), activated], cmd.deliver],
    ['delivering twice', [requested(), activated, shipped, delivered], cmd.deliver],
    ['freezing a pending card', [requested()], cmd.freeze],
    ['freezing a shipping card', [requested(), activated, shipped], cmd.freeze],
    ['freezing a frozen card', [requested(), activated, frozen], cmd.freeze],
    ['unfreezing an active card', [requested(), activated], cmd.unfreeze],
    ['changing the PIN of a pending card', [requested()], cmd.pin],
    ['changing the PIN of a frozen card', [requested(), activated, frozen], cmd.pin],
    ['changing the address after shipping', [requested(), activated, shipped], cmd.address],
  ];
  for (const [what, given, command] of forbidden) {
    it(`refuses ${what} with a typed error`, () => {
      const error = spec(cardDecider).given(given).when(command).thenThrows(CardTransitionError);
      expect(error.message.length).toBeGreaterThan(10);
    });
  }

  it('answers not found for commands on a card that does not exist', () => {
    for (const command of [cmd.ship, cmd.deliver, cmd.freeze, cmd.unfreeze, cmd.pin, cmd.address]) {
      spec(cardDecider).given([]).when(command).thenThrows(NotFoundError);
    }
  });
});
