import { CARD_ANNUAL_FEE, CARD_SHIPPING_TIME, tierInfo } from '../../../../../lib/constants.ts';
import { formatDate } from '../../../../../lib/format.ts';
import type { Card } from '../../../../../queries/cards.queries.ts';
import * as styles from './Card.css.ts';
import { cardDisplay } from './cardDisplay.ts';

const SHIPPING_LABELS: Record<Card['shippingStatus'], string> = {
  not_shipped: 'Not shipped yet',
  shipped: `Shipped by courier (${CARD_SHIPPING_TIME})`,
  delivered: 'Delivered',
};

/** View Card Details (docs/product-rules.md spec 2): the tier's benefits, and tracking and estimated delivery once shipped. */
export function CardDetails({ card }: { card: Card }) {
  const info = tierInfo(card.tier);
  const address = [card.address, card.city, card.state, card.zipCode, card.country]
    .filter(Boolean)
    .join(', ');
  return (
    <div className={styles.status}>
      <dl className={styles.details}>
        <dt className={styles.term}>Tier</dt>
        <dd className={styles.definition}>{info.name}</dd>
        <dt className={styles.term}>Status</dt>
        <dd className={styles.definition}>{cardDisplay(card).label}</dd>
        <dt className={styles.term}>Shipping</dt>
        <dd className={styles.definition}>{SHIPPING_LABELS[card.shippingStatus]}</dd>
        {card.trackingNumber ? (
          <>
            <dt className={styles.term}>Tracking number</dt>
            <dd className={styles.definition} data-testid="tracking-number">
              {card.trackingNumber}
            </dd>
          </>
        ) : null}
        {card.estimatedDelivery ? (
          <>
            <dt className={styles.term}>Estimated delivery</dt>
            <dd className={styles.definition}>{formatDay(card.estimatedDelivery)}</dd>
          </>
        ) : null}
        <dt className={styles.term}>Ship to</dt>
        <dd className={styles.definition}>{address || 'No shipping address yet'}</dd>
      </dl>
      <h3 className={styles.sectionTitle}>{info.name} benefits</h3>
      <ul className={styles.benefits}>
        <li>Free ATM withdrawals up to {info.atmPerMonth} a month</li>
        <li>{info.cashback} cashback</li>
        <li>{info.lounge}</li>
        {info.benefits.map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
        <li>{CARD_ANNUAL_FEE}</li>
      </ul>
    </div>
  );
}

/** "2026-12-01" as a calendar day in en-US, without a time-zone shift. */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  return formatDate(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}
