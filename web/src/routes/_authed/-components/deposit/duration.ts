import { t } from '../../../../i18n/i18n.ts';

/**
 * A timing of content/constants.ts ("10-60 minutes", "1-2 business days") in the current language, its
 * figures read from the constant so that they are still stated once; another shape is shown as written.
 */
export function durationText(value: string): string {
  const match = /^(\d+)-(\d+) (minutes|business days)$/.exec(value);
  if (!match) return value;
  const [, min = '', max = '', unit] = match;
  return t(unit === 'minutes' ? 'money.duration.minutes' : 'money.duration.businessDays', { min, max });
}
