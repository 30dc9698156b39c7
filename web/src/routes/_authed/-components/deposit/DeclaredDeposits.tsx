import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { t } from '@/i18n/i18n.ts';
import { formatAsset } from '@/lib/assets.ts';
import { formatDateTime } from '@/lib/format.ts';
import { cryptoDepositsQuery } from '@/queries/crypto.queries.ts';
import * as panel from '@/ui/panel/Panel.css.ts';
import { Panel } from '@/ui/panel/Panel.tsx';
import { StatusBadge } from '@/ui/panel/StatusBadge.tsx';
import { QueryContent } from '@/ui/query/QueryState.tsx';
import * as styles from './Deposit.css.ts';

/** The user's declared crypto deposits and where each stands (pending, confirmed with its amount, rejected). */
export function DeclaredDeposits() {
  const deposits = useQuery(cryptoDepositsQuery);
  return (
    <Panel icon={History} titleId="declared-deposits-title" title={t('money.deposits.title')}>
      <QueryContent
        query={deposits}
        loading={t('money.deposits.loading')}
        failed={t('money.deposits.failed')}
        empty={t('money.deposits.empty')}
      >
        {(data) => (
          <ul className={styles.list} aria-label={t('money.deposits.list')}>
            {data.map((deposit) => (
              <li key={deposit.id} className={styles.item} data-testid="declared-deposit">
                <div className={styles.itemMain}>
                  <p className={styles.itemTitle}>
                    {deposit.amount
                      ? t('money.deposits.itemWithAmount', {
                          amount: formatAsset(deposit.amount, deposit.currency),
                          currency: deposit.currency,
                          network: deposit.networkLabel,
                        })
                      : t('money.deposits.item', {
                          currency: deposit.currency,
                          network: deposit.networkLabel,
                        })}
                  </p>
                  <p className={panel.muted}>
                    <time dateTime={deposit.declaredAt}>{formatDateTime(deposit.declaredAt)}</time>
                    {deposit.status === 'rejected' && deposit.rejectionReason
                      ? ` · ${deposit.rejectionReason}`
                      : ''}
                  </p>
                  {deposit.txHash ? <p className={styles.hash}>{deposit.txHash}</p> : null}
                </div>
                <StatusBadge status={deposit.status} label={t(`money.deposits.status.${deposit.status}`)} />
              </li>
            ))}
          </ul>
        )}
      </QueryContent>
    </Panel>
  );
}
