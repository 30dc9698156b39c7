import { t } from '../../../../i18n/i18n.ts';
import {
  CARD_SHIPPING_TIME,
  CARD_VERIFICATION_TIME,
  DEPOSIT_CONFIRMATION_TIME,
} from '../../../../lib/constants.ts';

/**
 * The product's timings in the interface's language. The figures stay those of the one constant each
 * (docs/product-rules.md rule 11, content/constants.ts TIMINGS: "1-2 business days"); only the unit around
 * them is translated, so a changed constant changes every language.
 */
function figures(timing: string): string {
  return /^\S+/.exec(timing)?.[0] ?? timing;
}

/** "1-2 business days": card verification after the deposit proof. */
export function cardVerificationTime(): string {
  return t('dashboard.time.businessDays', { range: figures(CARD_VERIFICATION_TIME) });
}

/** "3-7 working days": card delivery by courier. */
export function cardShippingTime(): string {
  return t('dashboard.time.workingDays', { range: figures(CARD_SHIPPING_TIME) });
}

/** "10-60 minutes": deposits are confirmed within this window. */
export function depositConfirmationTime(): string {
  return t('dashboard.time.minutes', { range: figures(DEPOSIT_CONFIRMATION_TIME) });
}
