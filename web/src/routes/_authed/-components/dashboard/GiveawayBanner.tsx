import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowRight, Car } from 'lucide-react';
import { buttonClassName } from '../../../../components/Button.tsx';
import { CAMPAIGN_COPY } from '../../../../content/constants.ts';
import { campaignQuery } from '../../../../queries/public.queries.ts';
import { CampaignProgress } from '../../../(marketing)/-components/CampaignProgress.tsx';
import * as styles from './Banners.css.ts';
import { campaignPhaseText } from './campaignPhase.ts';

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
          <span>Giveaway</span>
        </div>
        <h2 id="giveaway-title" className={styles.bannerTitle}>
          {CAMPAIGN_COPY.title}
        </h2>
        <p className={styles.bannerText} data-testid="giveaway-dates">
          {campaign.data
            ? campaignPhaseText(campaign.data, new Date()).text
            : campaign.isError
              ? 'The giveaway dates are unavailable right now.'
              : 'Loading the giveaway dates…'}
        </p>
        <Link to="/rewards" className={buttonClassName({ variant: 'primary', size: 'sm' })}>
          See the giveaway
          <ArrowRight size={16} aria-hidden="true" />
        </Link>
      </div>
      <div className={styles.giveawayProgress}>
        <CampaignProgress query={campaign} label="Giveaway progress" />
      </div>
    </section>
  );
}
