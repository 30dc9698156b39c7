import { useQuery } from '@tanstack/react-query';
import { PieChart, TrendingDown, TrendingUp } from 'lucide-react';
import { t } from '@/i18n/i18n.ts';
import {
  formatDecimal,
  formatSignedAmount,
  formatUsdFigure,
  formatUsdValue,
  USD_CODE,
} from '@/lib/format.ts';
import { signOf } from '@/lib/money.ts';
import { portfolioQuery } from '@/queries/portfolio.queries.ts';
import { visuallyHidden } from '@/styles/layout.css.ts';
import * as page from '@/ui/page/Page.css.ts';
import { PanelError, PanelLoading } from '@/ui/query/QueryState.tsx';
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
          {t('dashboard.portfolio.title')}
        </h2>
      </div>
      {portfolio.isPending ? (
        <PanelLoading label={t('dashboard.portfolio.loading')} rows={1} />
      ) : portfolio.isError ? (
        <PanelError onRetry={() => portfolio.refetch()}>{t('dashboard.portfolio.failed')}</PanelError>
      ) : (
        <div className={styles.figures}>
          <p className={styles.amount} data-testid="portfolio-value">
            {formatUsdFigure(portfolio.data.value)} <span className={styles.unit}>{USD_CODE}</span>
          </p>
          <Change change={portfolio.data.change24h} percent={portfolio.data.changePercent24h} />
        </div>
      )}
      <p className={styles.note}>{t('dashboard.portfolio.note')}</p>
    </section>
  );
}

function Change({ change, percent }: { change: string; percent: string | null }) {
  const direction = signOf(change);
  const Icon = direction > 0 ? TrendingUp : direction < 0 ? TrendingDown : null;
  const tone = direction > 0 ? page.changeUp : direction < 0 ? page.changeDown : page.changeFlat;
  // Written as the total beside it is (docs/product-rules.md rule 29): "+12.50 USD", "−3,20 USD".
  const amount = formatUsdValue(change, { signed: true });
  const share =
    percent === null
      ? ''
      : ` (${t('dashboard.percent', { value: direction === 0 ? formatDecimal('0') : formatSignedAmount(percent) })})`;
  return (
    <p className={`${page.change} ${tone}`} data-testid="portfolio-change">
      {Icon ? <Icon size={14} aria-hidden="true" /> : null}
      <span className={visuallyHidden}>{t('dashboard.change24h')} </span>
      {amount}
      {share} <span aria-hidden="true">· {t('dashboard.24h')}</span>
    </p>
  );
}
