import { assertNever, type Decider, eventGuard, unknownEvent } from '../shared/decider.ts';
import { ConflictError, DomainError, NotFoundError } from '../shared/errors.ts';
import type { UserId } from '../shared/ids.ts';
import { formatUnits } from '../shared/money.ts';
import { assertStoredText } from '../shared/text.ts';

/**
 * The metal card. One per user: its id is derived from the user id, its stream is `card-<cardId>`.
 *
 * State machine (status / shippingStatus):
 *
 *   (none) ──RequestCard──▶ pending ──payment proof submitted──▶ verifying
 *   pending | verifying ──payment approved──▶ active
 *   active ⇄ inactive (freeze / unfreeze; PIN changes need active)
 *   active + not_shipped + address ──ShipCard──▶ shipping / shipped ──MarkDelivered──▶ active / delivered
 *   any status but frozen ──UpgradeCard (the holder asks; the balance reaches the tier)──▶ same status, higher tier
 *
 *   any status ──stake placed or released (FollowStake, from the account's stake event)──▶ the staked tier;
 *   a stake above Gold activates a pending or verifying card
 *
 * The tier follows money staked (docs/product-rules.md rule 30): the card is requested at the tier its
 * balance would stake (what the panel offers), and from then on only a stake (CardStaked) changes it, up or
 * down. Deposits, transfers and activation by payment never touch it. Tiers recorded before stakes existed
 * (by balance, CardUpgraded/CardTierUpgraded) stay on the card, but the conversion fee follows the stake
 * alone (domain/payments/purchaseQuote.ts), so a borrowed balance buys no rate.
 * A shipping address can be set until the card has shipped. Everything else is an illegal transition:
 * a CardTransitionError (HTTP 409) that says what is wrong.
 */
export const cardStream = (cardId: string) => `card-${cardId}`;

export const CARD_TIERS = ['gold', 'ruby', 'black'] as const;
export type CardTier = (typeof CARD_TIERS)[number];
export type CardStatus = 'pending' | 'verifying' | 'active' | 'inactive' | 'shipping';
export type ShippingStatus = 'not_shipped' | 'shipped' | 'delivered';

/** Tier thresholds in SAI minor units (docs/product-rules.md spec 9: 500+ black, 250+ ruby, else gold). */
export const TIER_THRESHOLDS: readonly { tier: CardTier; minUnits: bigint }[] = [
  { tier: 'black', minUnits: 50_000n },
  { tier: 'ruby', minUnits: 25_000n },
  { tier: 'gold', minUnits: 0n },
];

/** The tier a number of units reaches: a balance (ordering a card) or a stake (the tier it backs). */
export function tierReachedBy(units: bigint): CardTier {
  return TIER_THRESHOLDS.find((t) => units >= t.minUnits)!.tier;
}

/**
 * What a card stake holds for a tier: the tier's threshold (Gold needs none). The tier a stake backs is
 * the highest whose threshold it covers (docs/product-rules.md rule 30).
 */
export function stakeForTier(tier: CardTier): bigint {
  return TIER_THRESHOLDS.find((t) => t.tier === tier)!.minUnits;
}

export const tierRank = (tier: CardTier): number => RANK[tier];

const RANK: Record<CardTier, number> = { gold: 0, ruby: 1, black: 2 };

/** The tiers' names as the product writes them ("Ruby Steel" in copy). */
export const TIER_NAMES: Record<CardTier, string> = { gold: 'Gold', ruby: 'Ruby Steel', black: 'Black' };

/** The tiers above `tier` that a balance reaches, lowest first: what an "Upgrade card" may offer. */
export function upgradesFor(tier: CardTier, balanceUnits: bigint): CardTier[] {
  const reached = RANK[tierReachedBy(balanceUnits)];
  return CARD_TIERS.filter((t) => RANK[t] > RANK[tier] && RANK[t] <= reached);
}

export interface ShippingAddress {
  address: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
}

export class CardTransitionError extends ConflictError {}

/** The holder asked for a tier their SAI balance does not reach (HTTP 422: well-formed, not carried out). */
export class CardTierNotReachedError extends DomainError {
  readonly status = 422;
}

export type CardEvent =
  | {
      type: 'CardRequested';
      data: {
        cardId: string;
        userId: UserId;
        tier: CardTier;
        address: ShippingAddress | null;
        requestedAt: string;
      };
    }
  | {
      type: 'CardShippingAddressSet';
      data: { cardId: string; userId: UserId; address: ShippingAddress; setAt: string };
    }
  | { type: 'CardPaymentSubmitted'; data: { cardId: string; userId: UserId; paymentId: string; at: string } }
  | { type: 'CardActivated'; data: { cardId: string; userId: UserId; paymentId: string | null; at: string } }
  | {
      type: 'CardShipped';
      data: {
        cardId: string;
        userId: UserId;
        trackingNumber: string;
        estimatedDelivery: string;
        shippedBy: UserId;
        at: string;
      };
    }
  | { type: 'CardDelivered'; data: { cardId: string; userId: UserId; deliveredBy: UserId; at: string } }
  | { type: 'CardFrozen'; data: { cardId: string; userId: UserId; at: string } }
  | { type: 'CardUnfrozen'; data: { cardId: string; userId: UserId; at: string } }
  /** The PIN itself is an argon2 hash outside the log; the log only knows that it changed. */
  | { type: 'CardPinChanged'; data: { cardId: string; userId: UserId; at: string } }
  /**
   * Legacy: older releases upgraded the tier by themselves when the balance crossed a threshold. No longer
   * written; still read (the logs hold them), with the same effect as CardUpgraded.
   */
  | {
      type: 'CardTierUpgraded';
      data: { cardId: string; userId: UserId; from: CardTier; to: CardTier; at: string };
    }
  /**
   * The card follows its holder's stake (docs/product-rules.md rule 30): built, in the same commit, from the
   * CardStakePlaced or CardStakeReleased (`transactionId`) on the holder's account stream. `tier` is the
   * tier the stake (`staked`, a decimal string) now backs; a stake activates a pending or verifying card.
   */
  | {
      type: 'CardStaked';
      data: {
        cardId: string;
        userId: UserId;
        transactionId: string;
        tier: CardTier;
        staked: string;
        at: string;
      };
    }
  /** Legacy: the holder upgraded their card by balance (UpgradeCard), with the balance they had then. No longer written. */
  | {
      type: 'CardUpgraded';
      data: {
        cardId: string;
        userId: UserId;
        from: CardTier;
        to: CardTier;
        /** The SAI balance (a decimal string) that reached the new tier when the holder asked. */
        balance: string;
        at: string;
      };
    };

export type CardState =
  | { status: 'none' }
  | {
      status: CardStatus;
      cardId: string;
      userId: UserId;
      tier: CardTier;
      shippingStatus: ShippingStatus;
      address: ShippingAddress | null;
      trackingNumber: string | null;
      estimatedDelivery: string | null;
      requestedAt: string;
      updatedAt: string;
    };

type Existing = Extract<CardState, { cardId: string }>;

export type CardCommand =
  | {
      type: 'RequestCard';
      data: { cardId: string; userId: UserId; balanceUnits: bigint; address: ShippingAddress | null };
      now: Date;
    }
  | { type: 'SetShippingAddress'; data: { address: ShippingAddress }; now: Date }
  /** From the payment flow: these never fail, they do nothing when they do not apply. */
  | { type: 'MarkPaymentSubmitted'; data: { paymentId: string }; now: Date }
  | { type: 'ActivateForPayment'; data: { paymentId: string }; now: Date }
  | {
      type: 'ShipCard';
      data: { trackingNumber: string; estimatedDelivery: string; adminId: UserId };
      now: Date;
    }
  | { type: 'MarkDelivered'; data: { adminId: UserId }; now: Date }
  | { type: 'FreezeCard'; now: Date; data?: undefined }
  | { type: 'UnfreezeCard'; now: Date; data?: undefined }
  | { type: 'ChangePin'; now: Date; data?: undefined }
  /** The holder asks for `tier`; balanceUnits is their SAI balance now. Asking again for the tier it has is a no-op. */
  | { type: 'UpgradeCard'; data: { tier: CardTier; balanceUnits: bigint }; now: Date }
  /** From the stake's account event only (app/cards/stake.ts): the card takes the tier the stake backs. */
  | {
      type: 'FollowStake';
      data: { transactionId: string; tier: CardTier; staked: string };
      now: Date;
    };

function existing(state: CardState): Existing {
  if (state.status === 'none') throw new NotFoundError('Card not found');
  return state;
}

function assertAddressText(address: ShippingAddress | null) {
  if (!address) return;
  assertStoredText({
    address: [address.address, 'Address'],
    city: [address.city, 'City'],
    state: [address.state, 'State'],
    zipCode: [address.zipCode, 'ZIP code'],
    country: [address.country, 'Country'],
  });
}

function illegal(message: string): never {
  throw new CardTransitionError(message);
}

/** Every CardEvent type: the one list the type guard below is built from. */
export const CARD_EVENT_TYPES = [
  'CardRequested',
  'CardShippingAddressSet',
  'CardPaymentSubmitted',
  'CardActivated',
  'CardShipped',
  'CardDelivered',
  'CardFrozen',
  'CardUnfrozen',
  'CardPinChanged',
  'CardTierUpgraded',
  'CardUpgraded',
  'CardStaked',
] as const;
export const isCardEvent = eventGuard<CardEvent>()(CARD_EVENT_TYPES);

export const cardDecider: Decider<CardState, CardCommand, CardEvent> = {
  initialState: () => ({ status: 'none' }),
  isEvent: isCardEvent,
  decide(command, state) {
    const at = command.now.toISOString();
    switch (command.type) {
      case 'RequestCard': {
        if (state.status !== 'none') illegal('You already have a card');
        const { cardId, userId, balanceUnits, address } = command.data;
        assertAddressText(address);
        return [
          {
            type: 'CardRequested',
            data: { cardId, userId, tier: tierReachedBy(balanceUnits), address, requestedAt: at },
          },
        ];
      }
      case 'SetShippingAddress': {
        const card = existing(state);
        assertAddressText(command.data.address);
        if (card.shippingStatus !== 'not_shipped')
          illegal('The card has already shipped; its address can no longer change');
        return [
          {
            type: 'CardShippingAddressSet',
            data: { cardId: card.cardId, userId: card.userId, address: command.data.address, setAt: at },
          },
        ];
      }
      case 'MarkPaymentSubmitted': {
        if (state.status !== 'pending') return [];
        return [
          {
            type: 'CardPaymentSubmitted',
            data: { cardId: state.cardId, userId: state.userId, paymentId: command.data.paymentId, at },
          },
        ];
      }
      case 'ActivateForPayment': {
        if (state.status !== 'pending' && state.status !== 'verifying') return [];
        return [
          {
            type: 'CardActivated',
            data: { cardId: state.cardId, userId: state.userId, paymentId: command.data.paymentId, at },
          },
        ];
      }
      case 'ShipCard': {
        const card = existing(state);
        if (card.status !== 'active')
          illegal(`Only an active card can be shipped; this card is ${card.status}`);
        if (card.shippingStatus !== 'not_shipped') illegal('This card has already been shipped');
        if (!card.address) illegal('The card has no shipping address yet');
        return [
          {
            type: 'CardShipped',
            data: {
              cardId: card.cardId,
              userId: card.userId,
              trackingNumber: command.data.trackingNumber,
              estimatedDelivery: command.data.estimatedDelivery,
              shippedBy: command.data.adminId,
              at,
            },
          },
        ];
      }
      case 'MarkDelivered': {
        const card = existing(state);
        if (card.shippingStatus !== 'shipped') illegal('Only a card that has shipped can be delivered');
        return [
          {
            type: 'CardDelivered',
            data: { cardId: card.cardId, userId: card.userId, deliveredBy: command.data.adminId, at },
          },
        ];
      }
      case 'FreezeCard': {
        const card = existing(state);
        if (card.status === 'inactive') illegal('The card is already frozen');
        if (card.status !== 'active')
          illegal(`Only an active card can be frozen; this card is ${card.status}`);
        return [{ type: 'CardFrozen', data: { cardId: card.cardId, userId: card.userId, at } }];
      }
      case 'UnfreezeCard': {
        const card = existing(state);
        if (card.status !== 'inactive') illegal('The card is not frozen');
        return [{ type: 'CardUnfrozen', data: { cardId: card.cardId, userId: card.userId, at } }];
      }
      case 'ChangePin': {
        const card = existing(state);
        if (card.status !== 'active')
          illegal('Card Not Yet Active: the PIN can be changed once the card is active');
        return [{ type: 'CardPinChanged', data: { cardId: card.cardId, userId: card.userId, at } }];
      }
      case 'UpgradeCard': {
        const card = existing(state);
        const { tier, balanceUnits } = command.data;
        // The card already has that tier: a retry of an upgrade that went through, nothing more to do.
        if (card.tier === tier) return [];
        if (RANK[tier] < RANK[card.tier])
          illegal(`Your card is already ${TIER_NAMES[card.tier]}; a card's tier never goes down`);
        if (card.status === 'inactive') illegal('Unfreeze your card before upgrading it');
        if (RANK[tierReachedBy(balanceUnits)] < RANK[tier]) {
          const minimum = TIER_THRESHOLDS.find((t) => t.tier === tier)!.minUnits;
          throw new CardTierNotReachedError(
            `${TIER_NAMES[tier]} needs a balance of ${formatUnits(minimum, 'SAI')} SAI; yours is ${formatUnits(balanceUnits, 'SAI')} SAI`,
          );
        }
        return [
          {
            type: 'CardUpgraded',
            data: {
              cardId: card.cardId,
              userId: card.userId,
              from: card.tier,
              to: tier,
              balance: formatUnits(balanceUnits, 'SAI'),
              at,
            },
          },
        ];
      }
      case 'FollowStake': {
        const card = existing(state);
        const { transactionId, tier, staked } = command.data;
        return [
          {
            type: 'CardStaked',
            data: { cardId: card.cardId, userId: card.userId, transactionId, tier, staked, at },
          },
        ];
      }
      default:
        return assertNever(command);
    }
  },
  evolve(state, event) {
    if (event.type === 'CardRequested') {
      return {
        status: 'pending',
        cardId: event.data.cardId,
        userId: event.data.userId,
        tier: event.data.tier,
        shippingStatus: 'not_shipped',
        address: event.data.address,
        trackingNumber: null,
        estimatedDelivery: null,
        requestedAt: event.data.requestedAt,
        updatedAt: event.data.requestedAt,
      };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'CardShippingAddressSet':
        return { ...state, address: event.data.address, updatedAt: event.data.setAt };
      case 'CardPaymentSubmitted':
        return { ...state, status: 'verifying', updatedAt: event.data.at };
      case 'CardActivated':
        return { ...state, status: 'active', updatedAt: event.data.at };
      case 'CardShipped':
        return {
          ...state,
          status: 'shipping',
          shippingStatus: 'shipped',
          trackingNumber: event.data.trackingNumber,
          estimatedDelivery: event.data.estimatedDelivery,
          updatedAt: event.data.at,
        };
      case 'CardDelivered':
        return { ...state, status: 'active', shippingStatus: 'delivered', updatedAt: event.data.at };
      case 'CardFrozen':
        return { ...state, status: 'inactive', updatedAt: event.data.at };
      case 'CardUnfrozen':
        return { ...state, status: 'active', updatedAt: event.data.at };
      case 'CardPinChanged':
        return { ...state, updatedAt: event.data.at };
      case 'CardTierUpgraded':
      case 'CardUpgraded':
        return { ...state, tier: event.data.to, updatedAt: event.data.at };
      case 'CardStaked': {
        const activates =
          RANK[event.data.tier] > 0 && (state.status === 'pending' || state.status === 'verifying');
        return {
          ...state,
          tier: event.data.tier,
          status: activates ? 'active' : state.status,
          updatedAt: event.data.at,
        };
      }
      default:
        return unknownEvent(event, state);
    }
  },
};
