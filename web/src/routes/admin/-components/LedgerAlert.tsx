import { useQuery } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { formatDateTime } from '@/lib/format.ts';
import { ledgerStatusQuery } from '@/queries/ledgerProofs.queries.ts';
import * as styles from './LedgerPanels.css.ts';

/**
 * Above every admin screen: the continuous ledger check (docs/architecture/verifiable-ledger.md) found a
 * mismatch — what it was, when, and whether money movements are frozen. Nothing while all is well, or
 * while the status cannot be read (the projections screen shows a stalled follower).
 */
export function LedgerAlert() {
  const { data: status } = useQuery(ledgerStatusQuery);
  if (!status || status.mismatches <= 0) return null;
  const count =
    status.mismatches === 1 ? '1 mismatch' : `${status.mismatches.toLocaleString('en-US')} mismatches`;
  return (
    <div className={styles.alert} role="alert" data-testid="ledger-alert">
      <p className={styles.alertTitle}>
        <TriangleAlert size={18} aria-hidden="true" />
        The ledger check found {count}
      </p>
      {status.lastMismatch ? (
        <p className={styles.alertText}>
          Last:{' '}
          {status.lastMismatchAt ? (
            <>
              <time dateTime={status.lastMismatchAt}>{formatDateTime(status.lastMismatchAt)}</time>
              {' — '}
            </>
          ) : null}
          <span className={styles.mono}>{status.lastMismatch}</span>
        </p>
      ) : null}
      <p className={styles.alertText}>
        {status.frozen
          ? 'Money movements are frozen: commands that move money are refused until this is resolved.'
          : status.frozenAccounts.length > 0
            ? `Money movements of the accounts involved are frozen: ${status.frozenAccounts.join(', ')}.`
            : 'Money movements are not frozen.'}
      </p>
    </div>
  );
}
