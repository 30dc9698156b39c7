import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowRight, Car } from 'lucide-react';
import { t } from '@/i18n/i18n.ts';
import { campaignQuery } from '@/queries/public.queries.ts';
import { buttonClassName } from '@/ui/Button/Button.tsx';
import { CampaignProgress, type CampaignProgressWords } from '@/ui/CampaignProgress/CampaignProgress.tsx';
import * as styles from './Banners.css.ts';
import { campaignPhaseText, campaignTokenAmount } from './campaignPhase.ts';

/** The progress bar's words in the interface's language (the public pages keep their English). */
function progressWords(): CampaignProgressWords {
  return {
    loading: t('dashboard.giveaway.progress.loading'),
    unavailable: t('dashboard.giveaway.progress.unavailable'),
    retry: t('dashboard.retry'),
    percent: (percent) => t('dashboard.giveaway.progress.percent', { percent: percent / 100 }),
    amounts: (current, target) =>
      t('dashboard.giveaway.progress.amounts', {
        current: campaignTokenAmount(current),
        target: campaignTokenAmount(target),
      }),
  };
}

/**
 * The dashboard's giveaway banner (docs/product-rules.md spec 2 and rule 10): the dates and the progress
 * come from GET /api/campaign, the same answer the /rewards page shows, never a date written here.
 */
export function GiveawayBanner() {
  const campaign = useQuery(campaignQuery);
  return (
    <section className={styles.giveaway} aria-labelledby="giveaway-title">
      <div className={styles.giveawayCopy}>
        <div className={styles.bannerLabel}>
          <Car size={18} aria-hidden="true" />
          <span>{t('dashboard.giveaway.label')}</span>
        </div>
        <h2 id="giveaway-title" className={styles.bannerTitle}>
          {t('dashboard.giveaway.title')}
        </h2>
        <p className={styles.bannerText} data-testid="giveaway-dates">
          {campaign.data
            ? campaignPhaseText(campaign.data, new Date()).text
            : campaign.isError
              ? t('dashboard.giveaway.datesUnavailable')
              : t('dashboard.giveaway.datesLoading')}
        </p>
        <Link to="/rewards" className={buttonClassName({ variant: 'primary', size: 'sm' })}>
          {t('dashboard.giveaway.see')}
          <ArrowRight size={16} aria-hidden="true" />
        </Link>
      </div>
      <div className={styles.giveawayProgress}>
        <CampaignProgress query={campaign} label={t('dashboard.giveaway.progress')} words={progressWords()} />
      </div>
    </section>
  );
}
