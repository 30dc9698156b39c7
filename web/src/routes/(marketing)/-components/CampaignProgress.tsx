import type { UseQueryResult } from '@tanstack/react-query';
import { Progress } from 'radix-ui';
import { Button } from '../../../components/Button.tsx';
import { BRAND, type Campaign, campaignBarPercent, formatTokenAmount } from '../../../content/constants.ts';
import { visuallyHidden } from '../../../styles/layout.css.ts';
import * as styles from './Campaign.css.ts';
import { skeleton } from './Public.css.ts';

/**
 * The giveaway's progress bar (docs/product-rules.md rule 10): SAI in circulation against the target, from
 * GET /api/campaign. While it loads a skeleton shows, never a made-up figure.
 */
export function CampaignProgress({ query, label }: { query: UseQueryResult<Campaign>; label: string }) {
  if (query.isPending) {
    return (
      <div className={styles.progress} role="status" aria-live="polite" data-testid="campaign-progress">
        <span className={`${skeleton} ${styles.skeletonLine}`} aria-hidden="true" />
        <span className={`${skeleton} ${styles.skeletonBar}`} aria-hidden="true" />
        <span className={visuallyHidden}>Loading the giveaway progress…</span>
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className={styles.error} role="status" data-testid="campaign-progress">
        <span>The giveaway progress is unavailable right now.</span>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const campaign = query.data;
  const percent = campaignBarPercent(campaign);
  const percentText = `${percent.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
  return (
    <div className={styles.progress} data-testid="campaign-progress">
      <div className={styles.figures}>
        <span className={styles.percent}>{percentText}</span>
        <span>
          {formatTokenAmount(campaign.current)} of {formatTokenAmount(campaign.target)} {BRAND.token}
        </span>
      </div>
      <Progress.Root
        className={styles.track}
        value={percent}
        max={100}
        aria-label={label}
        getValueLabel={() =>
          `${percentText}: ${formatTokenAmount(campaign.current)} of ${formatTokenAmount(campaign.target)} ${BRAND.token}`
        }
      >
        <Progress.Indicator
          className={styles.indicator}
          style={{ transform: `translateX(-${100 - percent}%)` }}
        />
      </Progress.Root>
    </div>
  );
}
