import { useQuery } from '@tanstack/react-query';
import { ArrowLeftRight, Coins, type LucideIcon, Percent, Users } from 'lucide-react';
import { formatDecimal, formatTrend } from '@/lib/format.ts';
import { adminStatsQuery } from '@/queries/users.queries.ts';
import * as panel from '@/ui/panel/Panel.css.ts';
import { PanelError } from '@/ui/query/QueryState.tsx';
import * as styles from './Admin.css.ts';
import { StatTile } from './StatTile.tsx';

/** Stats cards with real week-over-week trends (docs/product-rules.md rule 9); "—" when there is nothing to compare. */
export function AdminStats() {
  const stats = useQuery(adminStatsQuery);
  if (stats.isError) {
    return <PanelError onRetry={() => stats.refetch()}>Could not load the statistics.</PanelError>;
  }
  const data = stats.data;
  const count = (value: number) => value.toLocaleString('en-US');
  const sai = (value: string) => `${formatDecimal(value)} SAI`;
  return (
    <ul className={styles.stats} aria-label="Statistics" aria-busy={stats.isPending || undefined}>
      <Stat
        icon={Users}
        label="Total users"
        value={data && count(data.totalUsers)}
        trend={data?.trends.users}
      />
      <Stat
        icon={Coins}
        label="Tokens in circulation"
        value={data && sai(data.tokensInCirculation)}
        trend={data?.trends.tokens}
      />
      <Stat
        icon={ArrowLeftRight}
        label="Transactions (24h)"
        value={data && count(data.transactionsLast24h)}
        trend={data?.trends.transactions}
      />
      <StatTile
        icon={Percent}
        label="Conversion fees collected"
        value={data ? sai(data.feesCollected) : '…'}
      />
    </ul>
  );
}

/** A statistic with its week-over-week trend; "…" and no trend line while the figure loads. */
function Stat({
  icon,
  label,
  value,
  trend,
}: {
  icon: LucideIcon;
  label: string;
  value: string | undefined;
  trend: number | null | undefined;
}) {
  const tone =
    trend === undefined || trend === null || trend === 0 ? '' : trend > 0 ? panel.positive : panel.negative;
  return (
    <StatTile icon={icon} label={label} value={value ?? '…'}>
      {trend === undefined ? null : (
        <p className={styles.statTrend}>
          <span className={tone}>{formatTrend(trend)}</span> vs last week
        </p>
      )}
    </StatTile>
  );
}
