import { useQuery } from '@tanstack/react-query';
import { Lock, TrendingDown, TrendingUp, Wallet } from 'lucide-react';
import { t } from '@/i18n/i18n.ts';
import { isPositive } from '@/lib/assets.ts';
import { formatDecimal, formatSignedAmount, formatUsdValue } from '@/lib/format.ts';
import { signOf } from '@/lib/money.ts';
import type { User } from '@/queries/auth.queries.ts';
import { cardStakeQuery } from '@/queries/cards.queries.ts';
import { visuallyHidden } from '@/styles/layout.css.ts';
import * as styles from '@/ui/page/Page.css.ts';

/**
 * The SAI balance, drawn as the metal card: USD value at the configured price, and the real change over
 * the last 24 hours from the ledger's history (docs/product-rules.md rule 9), never a made-up figure. The
 * balance is what the holder may spend; SAI staked for the card (held, still theirs) is shown beside it.
 */
export function BalanceCard({ user }: { user: User }) {
  const stake = useQuery(cardStakeQuery(user.id));
  const staked = stake.data && isPositive(stake.data.staked) ? stake.data.staked : null;
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
        <p className={styles.balanceUsd}>{formatUsdValue(user.balanceUSD)}</p>
        {staked ? (
          <p className={styles.balanceUsd} data-testid="balance-staked">
            <Lock size={12} aria-hidden="true" />{' '}
            {t('dashboard.balance.staked', { amount: formatDecimal(staked) })}
          </p>
        ) : null}
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
