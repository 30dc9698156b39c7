import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  ArrowDownToLine,
  ArrowRight,
  ArrowUpFromLine,
  ListChecks,
  type LucideIcon,
  Truck,
} from 'lucide-react';
import { adminCardsQuery } from '@/queries/cards.queries.ts';
import { depositQueueQuery, withdrawalQueueQuery } from '@/queries/crypto.queries.ts';
import * as panel from '@/ui/panel/Panel.css.ts';
import { Panel } from '@/ui/panel/Panel.tsx';
import * as styles from './Admin.css.ts';
import { StatTile } from './StatTile.tsx';

/** What waits for an admin beyond payment proofs: deposits, withdrawals (and how many are late), cards. */
export function QueueSummary() {
  const deposits = useQuery(depositQueueQuery);
  const withdrawals = useQuery(withdrawalQueueQuery);
  const active = useQuery(adminCardsQuery('active'));
  const overdue = withdrawals.data?.filter((item) => item.overdue).length ?? 0;
  const toShip =
    active.data?.filter((card) => card.shippingStatus === 'not_shipped' && card.address).length ?? undefined;
  const count = (value: number | undefined) => (value === undefined ? '…' : value.toLocaleString('en-US'));

  return (
    <Panel icon={ListChecks} titleId="queues-title" title="Waiting for you">
      <ul className={styles.stats}>
        <Item
          icon={ArrowDownToLine}
          label="Crypto deposits to confirm"
          value={count(deposits.data?.length)}
          to="/admin/crypto"
          link="Review deposits"
        />
        <Item
          icon={ArrowUpFromLine}
          label="Withdrawals to send"
          value={count(withdrawals.data?.length)}
          note={overdue > 0 ? `${overdue} past the 24-hour promise` : undefined}
          to="/admin/crypto"
          link="Review withdrawals"
        />
        <Item
          icon={Truck}
          label="Active cards to ship"
          value={count(toShip)}
          to="/admin/cards"
          link="Open the cards queue"
        />
      </ul>
    </Panel>
  );
}

/** A queue's count, with a note when some are late, and the link to the queue. */
function Item({
  icon,
  label,
  value,
  note,
  to,
  link,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  note?: string | undefined;
  to: '/admin/crypto' | '/admin/cards';
  link: string;
}) {
  return (
    <StatTile icon={icon} label={label} value={value}>
      {note ? <p className={`${styles.statTrend} ${panel.negative}`}>{note}</p> : null}
      <Link to={to} className={panel.headLink}>
        {link} <ArrowRight size={14} aria-hidden="true" />
      </Link>
    </StatTile>
  );
}
