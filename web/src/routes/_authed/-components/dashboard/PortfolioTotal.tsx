import { useQuery } from '@tanstack/react-query';
import { PieChart, TrendingDown, TrendingUp } from 'lucide-react';
import { formatDecimal, formatSignedAmount } from '../../../../lib/format.ts';
import { signOf } from '../../../../lib/money.ts';
import { portfolioQuery } from '../../../../queries/portfolio.queries.ts';
import { visuallyHidden } from '../../../../styles/layout.css.ts';
import * as page from '../../../../ui/page/Page.css.ts';
import { PanelError, PanelLoading } from '../../../../ui/query/QueryState.tsx';
import * as styles from './PortfolioTotal.css.ts';

/**
 * The portfolio total: SAI and every crypto balance valued at the admin's prices, as one figure, with the
 * change of the same holdings since the prices of 24 hours ago. Computed exactly on the server
 * (GET /api/portfolio); the screen only regroups the digits.
 */
export function PortfolioTotal() {
  const portfolio = useQuery(portfolioQuery);
  return (
    <section className={styles.strip} aria-labelledby="portfolio-title">
      <div className={styles.label}>
        <PieChart size={16} aria-hidden="true" />
        <h2 id="portfolio-title" className={styles.title}>
          Portfolio total
        </h2>
      </div>
      {portfolio.isPending ? (
        <PanelLoading label="Loading your portfolio total…" rows={1} />
      ) : portfolio.isError ? (
        <PanelError onRetry={() => portfolio.refetch()}>Could not load your portfolio total.</PanelError>
      ) : (
        <div className={styles.figures}>
          <p className={styles.amount} data-testid="portfolio-value">
            ${formatDecimal(portfolio.data.value)} <span className={styles.unit}>USD</span>
          </p>
          <Change change={portfolio.data.change24h} percent={portfolio.data.changePercent24h} />
        </div>
      )}
      <p className={styles.note}>
        SAI and crypto at today’s prices; the change is what the same holdings gained or lost as prices moved
        over the last 24 hours.
      </p>
    </section>
  );
}

function Change({ change, percent }: { change: string; percent: string | null }) {
  const direction = signOf(change);
  const Icon = direction > 0 ? TrendingUp : direction < 0 ? TrendingDown : null;
  const tone = direction > 0 ? page.changeUp : direction < 0 ? page.changeDown : page.changeFlat;
  const amount = direction === 0 ? '$0.00' : `${formatSignedAmount(change).replace(/^(.)/, '$1$')}`;
  const share = percent === null ? '' : ` (${direction === 0 ? '0.00' : formatSignedAmount(percent)}%)`;
  return (
    <p className={`${page.change} ${tone}`} data-testid="portfolio-change">
      {Icon ? <Icon size={14} aria-hidden="true" /> : null}
      <span className={visuallyHidden}>Change in the last 24 hours: </span>
      {amount}
      {share} <span aria-hidden="true">· 24h</span>
    </p>
  );
}
