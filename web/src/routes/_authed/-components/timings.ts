import { t } from '@/i18n/i18n.ts';
import { CARD_SHIPPING_TIME, CARD_VERIFICATION_TIME, DEPOSIT_CONFIRMATION_TIME } from '@/lib/constants.ts';

/**
 * The product's timings (content/constants.ts TIMINGS: "10-60 minutes", "1-2 business days", "3-7 working
 * days") in the interface's language, the same words on every signed-in screen. The figures are read from
 * the one constant each (docs/product-rules.md rule 11), so a changed constant changes every language;
 * only the words around them are translated. A timing of another shape is shown as written.
 */
export function durationText(value: string): string {
  const match = /^(\d+)-(\d+) (minutes|business days|working days)$/.exec(value);
  if (!match) return value;
  const [, min = '', max = '', unit] = match;
  const id =
    unit === 'minutes'
      ? 'money.duration.minutes'
      : unit === 'business days'
        ? 'money.duration.businessDays'
        : 'money.duration.workingDays';
  return t(id, { min, max });
}

/** Card verification after the deposit proof. */
export const cardVerificationTime = () => durationText(CARD_VERIFICATION_TIME);
/** Card delivery by courier. */
export const cardShippingTime = () => durationText(CARD_SHIPPING_TIME);
/** The window within which deposits are confirmed. */
export const depositConfirmationTime = () => durationText(DEPOSIT_CONFIRMATION_TIME);
