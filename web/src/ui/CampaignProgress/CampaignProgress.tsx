import type { UseQueryResult } from '@tanstack/react-query';
import { Progress } from 'radix-ui';
import { BRAND, type Campaign, campaignBarPercent, formatTokenAmount } from '@/content/constants.ts';
import { visuallyHidden } from '@/styles/layout.css.ts';
import { skeleton } from '@/styles/patterns.css.ts';
import { Button } from '@/ui/Button/Button.tsx';
import * as styles from './Campaign.css.ts';

/**
 * The bar's words and figures. The public pages stay in English (the default below); the dashboard passes
 * its own, in the interface's language.
 */
export interface CampaignProgressWords {
  loading: string;
  unavailable: string;
  retry: string;
  percent: (percent: number) => string;
  /** "12,000 of 25,000 SAI", from the API's decimal strings. */
  amounts: (current: string, target: string) => string;
}

const ENGLISH: CampaignProgressWords = {
  loading: 'Loading the giveaway progress…',
  unavailable: 'The giveaway progress is unavailable right now.',
  retry: 'Try again',
  percent: (percent) => `${percent.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`,
  amounts: (current, target) =>
    `${formatTokenAmount(current)} of ${formatTokenAmount(target)} ${BRAND.token}`,
};

/**
 * The giveaway's progress bar (docs/product-rules.md rule 10): SAI in circulation against the target, from
 * GET /api/campaign. While it loads a skeleton shows, never a made-up figure.
 */
export function CampaignProgress({
  query,
  label,
  words = ENGLISH,
}: {
  query: UseQueryResult<Campaign>;
  label: string;
  words?: CampaignProgressWords;
}) {
  if (query.isPending) {
    return (
      <div className={styles.progress} role="status" aria-live="polite" data-testid="campaign-progress">
        <span className={`${skeleton} ${styles.skeletonLine}`} aria-hidden="true" />
        <span className={`${skeleton} ${styles.skeletonBar}`} aria-hidden="true" />
        <span className={visuallyHidden}>{words.loading}</span>
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className={styles.error} role="status" data-testid="campaign-progress">
        <span>{words.unavailable}</span>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          {words.retry}
        </Button>
      </div>
    );
  }
  const campaign = query.data;
  const percent = campaignBarPercent(campaign);
  const percentText = words.percent(percent);
  const amounts = words.amounts(campaign.current, campaign.target);
  return (
    <div className={styles.progress} data-testid="campaign-progress">
      <div className={styles.figures}>
        <span className={styles.percent}>{percentText}</span>
        <span>{amounts}</span>
      </div>
      <Progress.Root
        className={styles.track}
        value={percent}
        max={100}
        aria-label={label}
        getValueLabel={() => `${percentText}: ${amounts}`}
      >
        <Progress.Indicator
          className={styles.indicator}
          style={{ transform: `translateX(-${100 - percent}%)` }}
        />
      </Progress.Root>
    </div>
  );
}
