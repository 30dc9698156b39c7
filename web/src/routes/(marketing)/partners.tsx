import { createFileRoute } from '@tanstack/react-router';
import { BRAND, pageTitle, STATS, TIERS } from '@/content/constants.ts';
import { CATEGORY_ICONS, PARTNER_CATEGORIES, PARTNERS, partnersIn } from '@/content/partners.ts';
import { ActionLink } from '@/ui/page/ActionLink.tsx';
import * as cardStyles from './-components/Cards.css.ts';
import { PartnerCard } from './-components/PartnerCard.tsx';
import { PartnerIcon } from './-components/PartnerIcon.tsx';
import * as partnerStyles from './-components/Partners.css.ts';
import * as publicStyles from './-components/Public.css.ts';
import { CheckItem, CtaBand, PageHero, PublicPage, PublicSection } from './-components/PublicPage.tsx';
import { TierHead } from './-components/TierHead.tsx';

export const Route = createFileRoute('/(marketing)/partners')({
  head: () => ({ meta: [{ title: pageTitle('Partners') }] }),
  component: PartnersPage,
});

/** docs/product-rules.md spec 2: an overview of 6 categories with 2 partners each, and the benefits of each tier. */
function PartnersPage() {
  return (
    <PublicPage>
      <PageHero
        eyebrow="Partners & rewards"
        title="Exclusive partner discounts"
        lead={`Pay with your ${BRAND.name} card and save at ${STATS.partnerLocations} partner locations worldwide. The higher your tier, the more you save.`}
      >
        <ActionLink to="/all-partners" arrow>
          Browse all {PARTNERS.length} partners
        </ActionLink>
        <ActionLink to="/register" variant="secondary">
          Get Started
        </ActionLink>
      </PageHero>

      <PublicSection tight id="categories-title" eyebrow="Categories" title="Featured partners by category">
        <ul className={publicStyles.grid.two}>
          {PARTNER_CATEGORIES.map((category) => (
            <li key={category} className={publicStyles.tile}>
              <div className={cardStyles.tierHead}>
                <h3 className={publicStyles.tileTitle}>
                  <span className={partnerStyles.categoryHeading}>
                    <PartnerIcon
                      name={CATEGORY_ICONS[category]}
                      size={20}
                      className={publicStyles.checkIcon}
                    />
                    {category}
                  </span>
                </h3>
                <span className={publicStyles.small}>{partnersIn(category).length} partners</span>
              </div>
              <ul className={partnerStyles.pair}>
                {partnersIn(category)
                  .slice(0, 2)
                  .map((partner) => (
                    <li key={partner.id}>
                      <PartnerCard partner={partner} headingLevel={4} />
                    </li>
                  ))}
              </ul>
            </li>
          ))}
        </ul>
      </PublicSection>

      <PublicSection
        id="tier-benefits-title"
        eyebrow="Benefits per tier"
        title="Your tier, your savings"
        lead={`Partner discounts grow with the ${BRAND.token} you hold.`}
      >
        <ul className={cardStyles.tiers}>
          {TIERS.map((tier) => (
            <li key={tier.id} className={`${cardStyles.tierCard} ${cardStyles.tierAccent[tier.id]}`}>
              <TierHead tier={tier} />
              <ul className={publicStyles.checkList}>
                <CheckItem>
                  {tier.partnerDiscount} off at {tier.partnerLocations} locations
                </CheckItem>
                <CheckItem>{tier.rideSharingPercent}% off ride-sharing</CheckItem>
                <CheckItem>{tier.cashbackPercent}% crypto cashback</CheckItem>
                <CheckItem>Streaming: {tier.streaming.toLowerCase()}</CheckItem>
                {tier.retailSubscription ? <CheckItem>A retail subscription included</CheckItem> : null}
                {tier.exclusiveExperiences ? <CheckItem>Exclusive experiences</CheckItem> : null}
              </ul>
            </li>
          ))}
        </ul>
      </PublicSection>

      <CtaBand
        id="partners-cta-title"
        title="Find your favourite places"
        lead="Search every partner by name, category or offer."
      >
        <ActionLink to="/all-partners">View all partners</ActionLink>
      </CtaBand>
    </PublicPage>
  );
}
