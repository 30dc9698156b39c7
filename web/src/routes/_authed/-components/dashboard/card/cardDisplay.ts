import { tierForBalance, upgradesFor } from '../../../../../../../domain/cards/card.ts';
import {
  ADDRESS_MIN_LENGTHS,
  CARD_SHIPPING_TIME,
  CARD_VERIFICATION_TIME,
  type CardTier,
} from '../../../../../lib/constants.ts';
import { toUnits } from '../../../../../lib/money.ts';
import type { FormErrors } from '../../../../../lib/validation.ts';
import type { Card, ShippingAddress } from '../../../../../queries/cards.queries.ts';
import type { BadgeTone } from '../../../../../ui/panel/StatusBadge.tsx';

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
      label: 'Not Activated',
      tone: 'neutral',
      description: 'Request your metal card: the tier follows your SAI balance.',
    };
  }
  switch (card.status) {
    case 'pending':
      return {
        label: 'Payment Required',
        tone: 'warning',
        description: 'Buy SAI and submit your payment to activate the card.',
      };
    case 'verifying':
      return {
        label: `Verifying Payment (${CARD_VERIFICATION_TIME})`,
        tone: 'warning',
        description: 'We are checking your payment. The card activates once it is confirmed.',
      };
    case 'active':
      return {
        label: card.shippingStatus === 'delivered' ? 'Active · Delivered' : 'Active',
        tone: 'success',
        description:
          card.shippingStatus === 'delivered'
            ? 'Your card has been delivered and is ready to use.'
            : hasAddress(card)
              ? 'Your card is active. We ship it to your address shortly.'
              : 'Your card is active. Add a shipping address so we can send it.',
      };
    case 'shipping':
      return {
        label: `Shipping via courier (${CARD_SHIPPING_TIME})`,
        tone: 'warning',
        description: card.trackingNumber
          ? `Tracking number ${card.trackingNumber}.`
          : 'Your card is on its way.',
      };
    case 'inactive':
      return {
        label: 'Frozen',
        tone: 'danger',
        description: 'Payments are blocked until you unfreeze the card in its settings.',
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
export const PIN_MESSAGES = {
  format: 'PIN must be 4 digits',
  match: "PINs don't match",
} as const;

/** docs/product-rules.md spec 5: four digits, entered twice. */
export function validatePin(pin: string, confirmPin: string): { pin?: string; confirmPin?: string } {
  if (!PIN.test(pin)) return { pin: PIN_MESSAGES.format };
  if (!PIN.test(confirmPin)) return { confirmPin: PIN_MESSAGES.format };
  if (pin !== confirmPin) return { confirmPin: PIN_MESSAGES.match };
  return {};
}

export const ADDRESS_FIELDS: {
  field: keyof ShippingAddress;
  label: string;
  autoComplete: string;
  name: string;
}[] = [
  { field: 'address', label: 'Address', autoComplete: 'street-address', name: 'Address' },
  { field: 'city', label: 'City', autoComplete: 'address-level2', name: 'City' },
  { field: 'state', label: 'State / region', autoComplete: 'address-level1', name: 'State' },
  { field: 'zipCode', label: 'ZIP / postal code', autoComplete: 'postal-code', name: 'ZIP code' },
  { field: 'country', label: 'Country', autoComplete: 'country-name', name: 'Country' },
];

/** docs/product-rules.md spec 5: address at least 5 characters, city 2, state 2, ZIP code 3, country 2. */
export function validateAddress(values: ShippingAddress): FormErrors<keyof ShippingAddress> {
  const errors: FormErrors<keyof ShippingAddress> = {};
  for (const { field, name } of ADDRESS_FIELDS) {
    const min = ADDRESS_MIN_LENGTHS[field];
    if (values[field].trim().length < min) errors[field] = `${name} must be at least ${min} characters`;
  }
  return errors;
}
