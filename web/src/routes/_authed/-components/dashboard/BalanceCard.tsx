import { TrendingDown, TrendingUp, Wallet } from 'lucide-react';
import { t } from '../../../../i18n/i18n.ts';
import { formatDecimal, formatSignedAmount } from '../../../../lib/format.ts';
import { signOf } from '../../../../lib/money.ts';
import type { User } from '../../../../queries/auth.queries.ts';
import { visuallyHidden } from '../../../../styles/layout.css.ts';
import * as styles from '../../../../ui/page/Page.css.ts';

/**
 * The SAI balance, drawn as the metal card: USD value at the configured price, and the real change over
 * the last 24 hours from the ledger's history (docs/product-rules.md rule 9), never a made-up figure.
 */
export function BalanceCard({ user }: { user: User }) {
  const direction = signOf(user.balanceChange24h);
  const ChangeIcon = direction > 0 ? TrendingUp : direction < 0 ? TrendingDown : null;
  const changeClass = direction > 0 ? styles.changeUp : direction < 0 ? styles.changeDown : styles.changeFlat;
  const changeText = t('dashboard.sai', {
    amount: direction === 0 ? formatDecimal('0') : formatSignedAmount(user.balanceChange24h),
  });
  return (
    <section className={styles.balanceCard} aria-labelledby="balance-title">
      <div className={styles.balanceLabel}>
        <Wallet size={16} aria-hidden="true" />
        <h2 id="balance-title" className={styles.balanceTitle}>
          {t('dashboard.balance.title')}
        </h2>
      </div>
      <div className={styles.balanceFigures}>
        <p className={styles.balanceAmount}>
          <span>{formatDecimal(user.balance)}</span> <span className={styles.balanceUnit}>SAI</span>
        </p>
        <p className={styles.balanceUsd}>{t('dashboard.usd', { amount: formatDecimal(user.balanceUSD) })}</p>
      </div>
      <div className={styles.balanceFooter}>
        <p className={`${styles.change} ${changeClass}`}>
          {ChangeIcon ? <ChangeIcon size={14} aria-hidden="true" /> : null}
          <span className={visuallyHidden}>{t('dashboard.change24h')} </span>
          {changeText} <span aria-hidden="true">· {t('dashboard.24h')}</span>
        </p>
        <p className={styles.rate}>
          ≈ {t('dashboard.balance.rate', { amount: formatDecimal(user.tokenValue) })}
        </p>
      </div>
    </section>
  );
}
