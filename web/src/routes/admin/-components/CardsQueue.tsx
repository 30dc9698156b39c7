import { useQuery } from '@tanstack/react-query';
import { PackageCheck, Truck } from 'lucide-react';
import { useState } from 'react';
import { tierInfo } from '@/lib/constants.ts';
import {
  type AdminCard,
  adminCardsQuery,
  CARD_STATUSES,
  type CardStatus,
  useDeliverCardMutation,
  useShipCardMutation,
} from '@/queries/cards.queries.ts';
import { TextField } from '@/ui/Field/TextField.tsx';
import { StatusBadge } from '@/ui/panel/StatusBadge.tsx';
import { ReviewAction } from '@/ui/review/ReviewAction.tsx';
import { SelectField } from '@/ui/Select/SelectField.tsx';
import { toast, toastFailure } from '@/ui/toast/index.ts';
import * as styles from './Admin.css.ts';
import * as adminStyles from './AdminPanel.css.ts';
import { DateDetail, RequesterDetail, requesterName } from './QueueItem.tsx';
import { QueuePanel } from './QueueList.tsx';

type Filter = CardStatus | 'all';
const STATUS_LABELS: Record<CardStatus, string> = {
  pending: 'Pending payment',
  verifying: 'Verifying payment',
  active: 'Active',
  inactive: 'Frozen',
  shipping: 'Shipping',
};
const FILTERS: { value: Filter; label: string }[] = [
  { value: 'all', label: 'All cards' },
  ...CARD_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
];
const SHIPPING_LABELS: Record<AdminCard['shippingStatus'], string> = {
  not_shipped: 'Not shipped',
  shipped: 'Shipped',
  delivered: 'Delivered',
};
const TRACKING = /^[A-Za-z0-9-]{4,64}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A week from today as YYYY-MM-DD in the admin's time zone, the courier's usual promise. */
function inAWeek(): string {
  const date = new Date();
  date.setDate(date.getDate() + 7);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The cards queue (docs/product-rules.md rule 8): filter by status, ship an active card with tracking, mark it delivered. */
export function CardsQueue() {
  const [filter, setFilter] = useState<Filter>('all');
  const cards = useQuery(adminCardsQuery(filter));
  return (
    <QueuePanel
      panel={{ icon: Truck, titleId: 'cards-queue-title', title: 'Card requests' }}
      counted="shown"
      toolbar={
        <div className={adminStyles.toolbar}>
          <div className={adminStyles.filter}>
            <SelectField
              label="Status"
              name="status"
              value={filter}
              options={FILTERS}
              onValueChange={setFilter}
            />
          </div>
        </div>
      }
      query={cards}
      loading="Loading cards…"
      failed="Could not load the cards."
      empty="No cards found"
      label="Cards"
    >
      {(card) => <CardItem card={card} />}
    </QueuePanel>
  );
}

function CardItem({ card }: { card: AdminCard }) {
  const ship = useShipCardMutation();
  const deliver = useDeliverCardMutation();
  const [tracking, setTracking] = useState('');
  const [delivery, setDelivery] = useState(inAWeek);
  const [errors, setErrors] = useState<{ tracking?: string; delivery?: string }>({});
  const who = requesterName(card);
  const address = [card.address, card.city, card.state, card.zipCode, card.country]
    .filter(Boolean)
    .join(', ');
  const canShip = card.status === 'active' && card.shippingStatus === 'not_shipped' && Boolean(card.address);
  const busy = ship.isPending || deliver.isPending;

  const onShip = () => {
    const found: typeof errors = {};
    if (!TRACKING.test(tracking.trim()))
      found.tracking = 'Tracking number: 4 to 64 letters, digits or dashes';
    if (!DAY.test(delivery)) found.delivery = 'Choose the estimated delivery date';
    setErrors(found);
    if (found.tracking || found.delivery) return Promise.reject(new Error('invalid'));
    return ship
      .mutateAsync({ cardId: card.id, trackingNumber: tracking.trim(), estimatedDelivery: delivery })
      .then(
        () =>
          toast({
            title: 'Card shipped',
            description: `Tracking number ${tracking.trim()}.`,
            variant: 'success',
          }),
        (error: Error) => {
          toastFailure('Failed to ship card', error);
          throw error;
        },
      );
  };

  const onDeliver = () =>
    deliver.mutateAsync(card.id).then(
      () => toast({ title: 'Card marked as delivered', variant: 'success' }),
      (error: Error) => {
        toastFailure('Failed to mark delivered', error);
        throw error;
      },
    );

  return (
    <li className={styles.payment} data-testid="card-queue-item">
      <div className={styles.paymentHead}>
        <p className={styles.paymentAmount}>{tierInfo(card.tier).name} card</p>
        <StatusBadge status={card.status} label={STATUS_LABELS[card.status]} />
      </div>
      <dl className={styles.details}>
        <RequesterDetail item={card} />
        <DateDetail term="Requested" at={card.createdAt} />
        <dt className={styles.term}>Ship to</dt>
        <dd className={styles.definition}>{address || 'No shipping address yet'}</dd>
        <dt className={styles.term}>Shipping</dt>
        <dd className={styles.definition}>
          {SHIPPING_LABELS[card.shippingStatus]}
          {card.trackingNumber ? ` · ${card.trackingNumber}` : ''}
          {card.estimatedDelivery ? ` · expected ${card.estimatedDelivery}` : ''}
        </dd>
      </dl>
      {canShip || card.shippingStatus === 'shipped' ? (
        <div className={styles.actions}>
          {canShip ? (
            <ReviewAction
              title="Ship this card?"
              description={`${tierInfo(card.tier).name} card for ${who}, to ${address}.`}
              confirmLabel="Ship card"
              pendingLabel="Shipping…"
              pending={ship.isPending}
              onConfirm={onShip}
              label="Ship"
              icon={Truck}
              disabled={busy}
            >
              <TextField
                label="Tracking number"
                name="trackingNumber"
                autoComplete="off"
                spellCheck={false}
                value={tracking}
                onChange={(event) => setTracking(event.target.value)}
                error={errors.tracking}
                required
              />
              <TextField
                label="Estimated delivery"
                name="estimatedDelivery"
                type="date"
                value={delivery}
                onChange={(event) => setDelivery(event.target.value)}
                error={errors.delivery}
                required
              />
            </ReviewAction>
          ) : null}
          {card.shippingStatus === 'shipped' ? (
            <ReviewAction
              title="Mark this card delivered?"
              description={`The courier delivered ${who}'s card${card.trackingNumber ? ` (${card.trackingNumber})` : ''}.`}
              confirmLabel="Mark delivered"
              pendingLabel="Saving…"
              pending={deliver.isPending}
              onConfirm={onDeliver}
              label="Mark delivered"
              icon={PackageCheck}
              variant="secondary"
              disabled={busy}
            />
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
