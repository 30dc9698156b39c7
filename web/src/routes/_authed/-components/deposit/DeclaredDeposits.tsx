import { useQuery } from '@tanstack/react-query';
import { History, RefreshCw } from 'lucide-react';
import { Button } from '../../../../components/Button.tsx';
import { formatAsset } from '../../../../lib/assets.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import { cryptoDepositsQuery } from '../../../../queries/crypto.queries.ts';
import { visuallyHidden } from '../../../../styles/layout.css.ts';
import * as panel from '../../../../ui/panel/Panel.css.ts';
import { StatusBadge } from '../../../../ui/panel/StatusBadge.tsx';
import * as styles from './Deposit.css.ts';

/** The user's declared crypto deposits and where each stands (pending, confirmed with its amount, rejected). */
export function DeclaredDeposits() {
  const deposits = useQuery(cryptoDepositsQuery);
  return (
    <section className={panel.panel} aria-labelledby="declared-deposits-title">
      <div className={panel.titleRow}>
        <History size={20} aria-hidden="true" className={panel.titleIcon} />
        <h2 id="declared-deposits-title" className={panel.title}>
          Your deposits
        </h2>
      </div>
      {deposits.isPending ? (
        <div className={panel.skeletonList} aria-busy="true">
          <p role="status" className={visuallyHidden}>
            Loading your deposits…
          </p>
          <div className={panel.skeletonRow} />
        </div>
      ) : deposits.isError ? (
        <div className={panel.errorState} role="alert">
          <p>Could not load your deposits.</p>
          <Button variant="secondary" size="sm" onClick={() => deposits.refetch()}>
            <RefreshCw size={14} aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : deposits.data.length === 0 ? (
        <p className={panel.state}>No deposits declared yet.</p>
      ) : (
        <ul className={styles.list} aria-label="Declared deposits">
          {deposits.data.map((deposit) => (
            <li key={deposit.id} className={styles.item} data-testid="declared-deposit">
              <div className={styles.itemMain}>
                <p className={styles.itemTitle}>
                  {deposit.amount ? `${formatAsset(deposit.amount, deposit.currency)} ` : ''}
                  {deposit.currency} on {deposit.networkLabel}
                </p>
                <p className={panel.muted}>
                  <time dateTime={deposit.declaredAt}>{formatDateTime(deposit.declaredAt)}</time>
                  {deposit.status === 'rejected' && deposit.rejectionReason
                    ? ` · ${deposit.rejectionReason}`
                    : ''}
                </p>
                {deposit.txHash ? <p className={styles.hash}>{deposit.txHash}</p> : null}
              </div>
              <StatusBadge status={deposit.status} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
