import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { CalendarDays, CarFront, Share2, Trophy, UserRound, Wallet } from 'lucide-react';
import {
  BRAND,
  CAMPAIGN_COPY,
  campaignTerms,
  formatCampaignDate,
  formatUsd,
  pageTitle,
} from '@/content/constants.ts';
import { campaignQuery } from '@/queries/public.queries.ts';
import { skeleton } from '@/styles/patterns.css.ts';
import { Button } from '@/ui/Button/Button.tsx';
import { CampaignProgress } from '@/ui/CampaignProgress/CampaignProgress.tsx';
import { ActionLink } from '@/ui/page/ActionLink.tsx';
import { toast } from '@/ui/toast/index.ts';
import * as landingStyles from './-components/Landing.css.ts';
import * as publicStyles from './-components/Public.css.ts';
import { IconTile, PageHero, PublicPage, PublicSection } from './-components/PublicPage.tsx';

export const Route = createFileRoute('/(marketing)/rewards')({
  head: () => ({ meta: [{ title: pageTitle('Rewards') }] }),
  component: RewardsPage,
});

const SHARE = {
  title: `${BRAND.name} car giveaway`,
  text: `${CAMPAIGN_COPY.title} with ${BRAND.name}: hold ${BRAND.token} and you are in the draw.`,
};

/**
 * docs/product-rules.md spec 2, "/rewards"; docs/product-rules.md rule 10: progress, prize value and the one set of dates all come
 * from GET /api/campaign.
 */
function RewardsPage() {
  const campaign = useQuery(campaignQuery);
  const navigate = useNavigate();

  // Spec: the device share sheet with a title and text; else copy the link; else the partners page.
  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ ...SHARE, url });
        return;
      } catch (error) {
        // Closing the share sheet is a choice, not a failure.
        if (error instanceof DOMException && error.name === 'AbortError') return;
        console.warn('Share failed', error);
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link copied', description: 'Share it with your friends.', variant: 'success' });
    } catch (error) {
      console.warn('Copying the link failed', error);
      void navigate({ to: '/partners' });
    }
  };

  return (
    <PublicPage>
      <PageHero eyebrow="Rewards" title={CAMPAIGN_COPY.title} lead={CAMPAIGN_COPY.summary}>
        <ActionLink to="/dashboard" icon={Wallet}>
          Deposit Now
        </ActionLink>
        <Button icon={Share2} variant="secondary" onClick={() => void share()}>
          Share
        </Button>
      </PageHero>

      <section className={publicStyles.sectionTight} aria-labelledby="progress-title">
        <div className={landingStyles.prize}>
          <div className={landingStyles.prizeCopy}>
            <h2 id="progress-title" className={publicStyles.sectionTitle}>
              Giveaway progress
            </h2>
            <p className={publicStyles.muted}>
              {BRAND.token} in circulation against the giveaway target. The draw happens when the target is
              reached or the giveaway closes.
            </p>
            <div className={landingStyles.prizeProgress}>
              <CampaignProgress query={campaign} label="Giveaway progress" />
            </div>
          </div>
          <div className={landingStyles.medal}>
            <CarFront size={56} aria-hidden="true" className={landingStyles.medalIcon} />
            <p className={publicStyles.small}>{CAMPAIGN_COPY.prize}</p>
            {campaign.data ? (
              <p className={landingStyles.medalValue}>{formatUsd(campaign.data.prizeValueUsd)}</p>
            ) : campaign.isPending ? (
              <span className={`${skeleton} ${landingStyles.medalSkeleton}`} aria-hidden="true" />
            ) : null}
            <p className={publicStyles.small}>Prize value</p>
          </div>
        </div>
      </section>

      <PublicSection id="dates-title" eyebrow="Key dates" title="When it happens">
        {campaign.data ? (
          <ul className={publicStyles.grid.three}>
            {[
              { label: 'Giveaway opens', date: campaign.data.startsAt },
              { label: 'Giveaway closes', date: campaign.data.endsAt },
              { label: 'Winner drawn', date: campaign.data.drawAt },
            ].map((entry) => (
              <IconTile key={entry.label} icon={CalendarDays} title={entry.label}>
                <time dateTime={entry.date}>{formatCampaignDate(entry.date)}</time>
              </IconTile>
            ))}
          </ul>
        ) : (
          <DatesPlaceholder failed={campaign.isError} />
        )}
      </PublicSection>

      <PublicSection id="how-title" eyebrow="How to enter" title="Three steps to the draw">
        <ol className={publicStyles.grid.three}>
          <IconTile
            icon={Wallet}
            title={<>Hold {BRAND.token}</>}
            after={
              <ActionLink to="/dashboard" size="sm">
                Deposit Now
              </ActionLink>
            }
          >
            Deposit and keep {BRAND.token} in your wallet.
          </IconTile>
          <IconTile
            icon={UserRound}
            title="Keep your profile current"
            after={
              <ActionLink to="/profile" variant="secondary" size="sm">
                Update Profile
              </ActionLink>
            }
          >
            We contact the winner by the e-mail on their profile.
          </IconTile>
          <IconTile
            icon={Trophy}
            title="Enjoy more rewards"
            after={
              <ActionLink to="/partners" variant="secondary" size="sm" arrow>
                Learn More
              </ActionLink>
            }
          >
            Partner discounts and cashback while you wait for the draw.
          </IconTile>
        </ol>
      </PublicSection>

      <PublicSection id="terms-title" eyebrow="Terms" title="Giveaway terms">
        {campaign.data ? (
          <ol className={publicStyles.prose}>
            {campaignTerms(campaign.data).map((term) => (
              <li key={term}>{term}</li>
            ))}
          </ol>
        ) : (
          <DatesPlaceholder failed={campaign.isError} />
        )}
        <p className={publicStyles.small}>
          The full <Link to="/terms">Terms of Service</Link> also apply.
        </p>
      </PublicSection>
    </PublicPage>
  );
}

function DatesPlaceholder({ failed }: { failed: boolean }) {
  if (failed) {
    return (
      <p className={publicStyles.muted}>
        The giveaway details are unavailable right now. Please try again later.
      </p>
    );
  }
  return (
    <div role="status" aria-label="Loading the giveaway details" className={publicStyles.prose}>
      <span className={`${skeleton} ${publicStyles.skeletonText}`} />
      <span className={`${skeleton} ${publicStyles.skeletonText}`} />
      <span className={`${skeleton} ${publicStyles.skeletonText}`} />
    </div>
  );
}
