import { t } from '@/i18n/i18n.ts';
import { formatDate } from '@/lib/format.ts';
import type { Card } from '@/queries/cards.queries.ts';
import { cardShippingTime } from '@/routes/_authed/-components/timings.ts';
import * as styles from './Card.css.ts';
import { cardDisplay } from './cardDisplay.ts';
import { tierText } from './tierText.ts';

function shippingLabel(status: Card['shippingStatus']): string {
  if (status === 'shipped') return t('dashboard.card.shipping.shipped', { time: cardShippingTime() });
  if (status === 'delivered') return t('dashboard.card.shipping.delivered');
  return t('dashboard.card.shipping.notShipped');
}

/** View Card Details (docs/product-rules.md spec 2): the tier's benefits, and tracking and estimated delivery once shipped. */
export function CardDetails({ card }: { card: Card }) {
  const info = tierText(card.tier);
  const address = [card.address, card.city, card.state, card.zipCode, card.country]
    .filter(Boolean)
    .join(', ');
  return (
    <div className={styles.status}>
      <dl className={styles.details}>
        <dt className={styles.term}>{t('dashboard.card.tier')}</dt>
        <dd className={styles.definition}>{info.name}</dd>
        <dt className={styles.term}>{t('dashboard.card.status')}</dt>
        <dd className={styles.definition}>{cardDisplay(card).label}</dd>
        <dt className={styles.term}>{t('dashboard.card.shipping')}</dt>
        <dd className={styles.definition}>{shippingLabel(card.shippingStatus)}</dd>
        {card.trackingNumber ? (
          <>
            <dt className={styles.term}>{t('dashboard.card.trackingNumber')}</dt>
            <dd className={styles.definition} data-testid="tracking-number">
              {card.trackingNumber}
            </dd>
          </>
        ) : null}
        {card.estimatedDelivery ? (
          <>
            <dt className={styles.term}>{t('dashboard.card.estimatedDeliveryTerm')}</dt>
            <dd className={styles.definition}>{formatDay(card.estimatedDelivery)}</dd>
          </>
        ) : null}
        <dt className={styles.term}>{t('dashboard.card.shipTo')}</dt>
        <dd className={styles.definition}>{address || t('dashboard.card.noAddress')}</dd>
      </dl>
      <h3 className={styles.sectionTitle}>{t('dashboard.card.benefits', { tier: info.name })}</h3>
      <ul className={styles.benefits}>
        <li>{t('dashboard.card.atm', { amount: info.atmPerMonth })}</li>
        <li>{t('dashboard.card.cashback', { percent: info.cashback })}</li>
        <li>{info.lounge}</li>
        {info.benefits.map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
        <li>{t('dashboard.tier.noAnnualFee')}</li>
      </ul>
    </div>
  );
}

/** "2026-12-01" as a calendar day in the interface's language, without a time-zone shift. */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  return formatDate(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}
