import { TrendingDown, TrendingUp, Wallet } from 'lucide-react';
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
  const changeText =
    direction === 0 ? `${formatDecimal('0')} SAI` : `${formatSignedAmount(user.balanceChange24h)} SAI`;
  return (
    <section className={styles.balanceCard} aria-labelledby="balance-title">
      <div className={styles.balanceLabel}>
        <Wallet size={16} aria-hidden="true" />
        <h2 id="balance-title" className={styles.balanceTitle}>
          Token balance
        </h2>
      </div>
      <div className={styles.balanceFigures}>
        <p className={styles.balanceAmount}>
          <span>{formatDecimal(user.balance)}</span> <span className={styles.balanceUnit}>SAI</span>
        </p>
        <p className={styles.balanceUsd}>
          <span>${formatDecimal(user.balanceUSD)}</span> USD
        </p>
      </div>
      <div className={styles.balanceFooter}>
        <p className={`${styles.change} ${changeClass}`}>
          {ChangeIcon ? <ChangeIcon size={14} aria-hidden="true" /> : null}
          <span className={visuallyHidden}>Change in the last 24 hours: </span>
          {changeText} <span aria-hidden="true">· 24h</span>
        </p>
        <p className={styles.rate}>≈ {formatDecimal(user.tokenValue)} USDT per SAI</p>
      </div>
    </section>
  );
}
