import { stakeForTier, tierRank, tierReachedBy, upgradesFor } from '@domain/cards/card.ts';
import { type MessageId, t } from '@/i18n/i18n.ts';
import { ADDRESS_MIN_LENGTHS, type CardTier } from '@/lib/constants.ts';
import { fromUnits, toUnits } from '@/lib/money.ts';
import type { FormErrors } from '@/lib/validation.ts';
import type { Card, CardStake, ShippingAddress } from '@/queries/cards.queries.ts';
import { cardShippingTime, cardVerificationTime } from '@/routes/_authed/-components/timings.ts';
import type { BadgeTone } from '@/ui/panel/StatusBadge.tsx';

export interface CardDisplay {
  /** The state's name as the panel shows it (docs/product-rules.md spec 4, "Card display"). */
  label: string;
  tone: BadgeTone;
  description: string;
}

/**
 * docs/product-rules.md spec 4: no card is Not Activated; pending is Payment Required; verifying is Verifying Payment; active;
 * shipping is Shipping via courier; and frozen (inactive). Timings come from the one constant each.
 */
export function cardDisplay(card: Card | null, stakeable = false): CardDisplay {
  if (!card) {
    return {
      label: t('dashboard.card.state.none'),
      tone: 'neutral',
      description: t('dashboard.card.state.none.description'),
    };
  }
  switch (card.status) {
    case 'pending':
      // The holder's SAI covers a tier: staking it activates the card, no purchase needed (rule 30).
      if (stakeable)
        return {
          label: t('dashboard.card.state.stakeable'),
          tone: 'warning',
          description: t('dashboard.card.state.stakeable.description'),
        };
      return {
        label: t('dashboard.card.state.pending'),
        tone: 'warning',
        description: t('dashboard.card.state.pending.description'),
      };
    case 'verifying':
      return {
        label: t('dashboard.card.state.verifying', { time: cardVerificationTime() }),
        tone: 'warning',
        description: t('dashboard.card.state.verifying.description'),
      };
    case 'active':
      return {
        label:
          card.shippingStatus === 'delivered'
            ? t('dashboard.card.state.activeDelivered')
            : t('dashboard.card.state.active'),
        tone: 'success',
        description:
          card.shippingStatus === 'delivered'
            ? t('dashboard.card.state.delivered.description')
            : hasAddress(card)
              ? t('dashboard.card.state.active.description')
              : t('dashboard.card.state.noAddress.description'),
      };
    case 'shipping':
      return {
        label: t('dashboard.card.state.shipping', { time: cardShippingTime() }),
        tone: 'warning',
        description: card.trackingNumber
          ? t('dashboard.card.state.tracking', { number: card.trackingNumber })
          : t('dashboard.card.state.shipping.description'),
      };
    case 'inactive':
      return {
        label: t('dashboard.card.state.frozen'),
        tone: 'danger',
        description: t('dashboard.card.state.frozen.description'),
      };
    default:
      return { label: String(card.status), tone: 'neutral', description: '' };
  }
}

export function hasAddress(card: Card): boolean {
  return Boolean(card.address?.trim() && card.city?.trim());
}

/** docs/product-rules.md spec 2: View Card Details only for an active or shipping card. */
export function canViewDetails(card: Card | null): card is Card & { status: 'active' | 'shipping' } {
  return card !== null && (card.status === 'active' || card.status === 'shipping');
}

/** docs/product-rules.md spec 2: Add Shipping Address when the card is active or shipping and lacks an address or city. */
export function needsShippingAddress(card: Card | null): boolean {
  return canViewDetails(card) && !hasAddress(card) && card.shippingStatus === 'not_shipped';
}

/** Card settings open for an active or frozen card; anything else is "Card Not Yet Active". */
export function canOpenSettings(card: Card | null): card is Card & { status: 'active' | 'inactive' } {
  return card !== null && (card.status === 'active' || card.status === 'inactive');
}

/** The tier a balance (a decimal string) reaches: the server's rule, for the preview before a card exists. */
export function balanceTier(balance: string): CardTier {
  return tierReachedBy(toUnits(balance) ?? 0n);
}

/**
 * The tier "Upgrade card" offers (docs/product-rules.md rule 30): the highest `balance` (what the holder may
 * spend plus what they staked: `reach`) reaches above the card's own tier, staked on confirmation; none for
 * a frozen card (it is unfrozen first), a card not yet active, or when nothing higher is reached.
 */
export function upgradeTarget(card: Card | null, balance: string): CardTier | null {
  // A card not yet active is offered the stake that activates it instead (stakeTarget).
  if (!card || card.status === 'inactive' || card.status === 'pending' || card.status === 'verifying')
    return null;
  return upgradesFor(card.tier, toUnits(balance) ?? 0n).at(-1) ?? null;
}

/** What the holder's SAI reaches: what they may spend plus what is staked already (a decimal string). */
export function reach(balance: string, stake: CardStake | undefined): string {
  return fromUnits((toUnits(balance) ?? 0n) + (toUnits(stake?.staked ?? '0') ?? 0n));
}

/**
 * The tier "Stake X SAI" offers a card still waiting for its activation (docs/product-rules.md rule 30):
 * the highest above Gold whose amount the stake and the spendable SAI cover, with what more it holds; none
 * when the SAI covers no tier above Gold (then the card is bought for, the spec's path).
 */
export function stakeTarget(
  card: Card | null,
  stake: CardStake | undefined,
): { tier: CardTier; amount: string } | null {
  if (!card || !stake || (card.status !== 'pending' && card.status !== 'verifying')) return null;
  const staked = toUnits(stake.staked) ?? 0n;
  const covered = staked + (toUnits(stake.available) ?? 0n);
  const tier = tierReachedBy(covered);
  if (tierRank(tier) === 0 || stakeForTier(tier) <= staked) return null;
  return { tier, amount: fromUnits(stakeForTier(tier) - staked) };
}

/** What staking for `tier` holds beyond the stake the holder has (a decimal string; "0.00" when none). */
export function stakeMore(tier: CardTier, stake: CardStake | undefined): string {
  const more = stakeForTier(tier) - (toUnits(stake?.staked ?? '0') ?? 0n);
  return fromUnits(more > 0n ? more : 0n);
}

const PIN = /^\d{4}$/;

/** docs/product-rules.md spec 5: four digits, entered twice. */
export function validatePin(pin: string, confirmPin: string): { pin?: string; confirmPin?: string } {
  if (!PIN.test(pin)) return { pin: t('dashboard.card.pin.format', { digits: 4 }) };
  if (!PIN.test(confirmPin)) return { confirmPin: t('dashboard.card.pin.format', { digits: 4 }) };
  if (pin !== confirmPin) return { confirmPin: t('dashboard.card.pin.match') };
  return {};
}

export interface AddressField {
  field: keyof ShippingAddress;
  label: MessageId;
  autoComplete: string;
  /** The refusal of a value shorter than the field's minimum ("City must be at least 2 characters"). */
  tooShort: MessageId;
}

/** The shipping address's fields, in order; their words are message ids, read when shown. */
export const ADDRESS_FIELDS: readonly AddressField[] = [
  {
    field: 'address',
    label: 'dashboard.address.address',
    autoComplete: 'street-address',
    tooShort: 'dashboard.address.address.short',
  },
  {
    field: 'city',
    label: 'dashboard.address.city',
    autoComplete: 'address-level2',
    tooShort: 'dashboard.address.city.short',
  },
  {
    field: 'state',
    label: 'dashboard.address.state',
    autoComplete: 'address-level1',
    tooShort: 'dashboard.address.state.short',
  },
  {
    field: 'zipCode',
    label: 'dashboard.address.zipCode',
    autoComplete: 'postal-code',
    tooShort: 'dashboard.address.zipCode.short',
  },
  {
    field: 'country',
    label: 'dashboard.address.country',
    autoComplete: 'country-name',
    tooShort: 'dashboard.address.country.short',
  },
];

/** docs/product-rules.md spec 5: address at least 5 characters, city 2, state 2, ZIP code 3, country 2. */
export function validateAddress(values: ShippingAddress): FormErrors<keyof ShippingAddress> {
  const errors: FormErrors<keyof ShippingAddress> = {};
  for (const { field, tooShort } of ADDRESS_FIELDS) {
    const min = ADDRESS_MIN_LENGTHS[field];
    if (values[field].trim().length < min) errors[field] = t(tooShort, { min });
  }
  return errors;
}
