import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../shared/errors.ts';
import { parseUserId } from '../shared/ids.ts';
import { spec } from '../shared/testing.ts';
import {
  type CardCommand,
  type CardEvent,
  CardTransitionError,
  cardDecider,
  tierForBalance,
} from './card.ts';

const user = parseUserId('user0001');
const admin = parseUserId('admin001');

const now = new Date('2026-11-23T10:00:00.000Z');
const at = now.toISOString();
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
    expect(tierForBalance(0n)).toBe('gold');
    expect(tierForBalance(24_999n)).toBe('gold');
    expect(tierForBalance(25_000n)).toBe('ruby');
    expect(tierForBalance(49_999n)).toBe('ruby');
    expect(tierForBalance(50_000n)).toBe('black');
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

  it('upgrades the tier when the balance crosses a threshold, never downgrades', () => {
    const upgrade = (balanceUnits: bigint): CardCommand => ({
      type: 'UpgradeTier',
      data: { balanceUnits },
      now,
    });
    spec(cardDecider)
      .given([requested('gold')])
      .when(upgrade(60_000n))
      .thenEmits([{ type: 'CardTierUpgraded', data: { ...ids, from: 'gold', to: 'black', at } }]);
    spec(cardDecider)
      .given([requested('black')])
      .when(upgrade(0n))
      .thenEmits([]);
    spec(cardDecider).given([]).when(upgrade(60_000n)).thenEmits([]);
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
