import { tierForBalance, upgradesFor } from '../../../../../../../domain/cards/card.ts';
import { type MessageId, t } from '../../../../../i18n/i18n.ts';
import { ADDRESS_MIN_LENGTHS, type CardTier } from '../../../../../lib/constants.ts';
import { toUnits } from '../../../../../lib/money.ts';
import type { FormErrors } from '../../../../../lib/validation.ts';
import type { Card, ShippingAddress } from '../../../../../queries/cards.queries.ts';
import type { BadgeTone } from '../../../../../ui/panel/StatusBadge.tsx';
import { cardShippingTime, cardVerificationTime } from '../../timings.ts';

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
export function cardDisplay(card: Card | null): CardDisplay {
  if (!card) {
    return {
      label: t('dashboard.card.state.none'),
      tone: 'neutral',
      description: t('dashboard.card.state.none.description'),
    };
  }
  switch (card.status) {
    case 'pending':
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
  return tierForBalance(toUnits(balance) ?? 0n);
}

/**
 * The tier "Upgrade card" offers (docs/product-rules.md rule 30): the highest the balance reaches above the
 * card's own tier; none for a frozen card (it is unfrozen first) or when the balance reaches nothing higher.
 */
export function upgradeTarget(card: Card | null, balance: string): CardTier | null {
  if (!card || card.status === 'inactive') return null;
  return upgradesFor(card.tier, toUnits(balance) ?? 0n).at(-1) ?? null;
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
