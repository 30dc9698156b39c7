import { createFileRoute, Link } from '@tanstack/react-router';
import { Check, Minus } from 'lucide-react';
import {
  BRAND,
  type ConversionFees,
  conversionFeeText,
  feePercent,
  formatUsd,
  pageTitle,
  TIERS,
  TIMINGS,
  type Tier,
} from '@/content/constants.ts';
import { CARDS_FAQ } from '@/content/faq.ts';
import { CATEGORY_ICONS, PARTNER_CATEGORIES, PARTNERS, partnersIn } from '@/content/partners.ts';
import { useConversionFees } from '@/queries/config.queries.ts';
import { visuallyHidden } from '@/styles/layout.css.ts';
import { MetalCard } from '@/ui/MetalCard/MetalCard.tsx';
import { ActionLink } from '@/ui/page/ActionLink.tsx';
import * as styles from './-components/Cards.css.ts';
import { FaqAccordion } from './-components/FaqAccordion.tsx';
import { PartnerIcon } from './-components/PartnerIcon.tsx';
import * as publicStyles from './-components/Public.css.ts';
import { CheckItem, CtaBand, PageHero, PublicPage, PublicSection } from './-components/PublicPage.tsx';
import { TierHead } from './-components/TierHead.tsx';

export const Route = createFileRoute('/(marketing)/cards')({
  head: () => ({ meta: [{ title: pageTitle('Metal Cards') }] }),
  component: CardsPage,
});

type Cell = string | boolean;

/**
 * The benefits comparison, every value from the tier constants (docs/product-rules.md spec 9, docs/product-rules.md
 * rule 11) but the conversion fee, which is the rate in force (an admin sets it): "…" until it is known.
 */
const ROWS: readonly { label: string; value: (tier: Tier, fees: ConversionFees | undefined) => Cell }[] = [
  { label: `Stake (minimum ${BRAND.token})`, value: (tier) => `${tier.stake} ${BRAND.token}` },
  { label: 'Card', value: (tier) => tier.card },
  { label: 'Free ATM withdrawals', value: (tier) => `${formatUsd(tier.freeAtmUsdPerMonth)} a month` },
  { label: 'Crypto cashback', value: (tier) => `${tier.cashbackPercent}%` },
  { label: 'Airport lounges', value: (tier) => tier.lounge },
  { label: 'Streaming rebate', value: (tier) => tier.streaming },
  { label: 'Retail subscription', value: (tier) => tier.retailSubscription },
  {
    label: 'Partner discounts',
    value: (tier) => `${tier.partnerDiscount} at ${tier.partnerLocations} locations`,
  },
  { label: 'Ride-sharing discount', value: (tier) => `${tier.rideSharingPercent}%` },
  { label: 'Support', value: (tier) => tier.support },
  { label: 'Exclusive experiences', value: (tier) => tier.exclusiveExperiences },
  { label: 'Crypto conversion fee', value: (tier, fees) => (fees ? feePercent(fees[tier.id]) : '…') },
  { label: 'Annual fee', value: () => 'None' },
];

const STEPS = [
  {
    title: 'Create an account',
    text: 'Sign up in a couple of minutes with your e-mail and a password.',
  },
  {
    title: `Stake ${BRAND.token} tokens`,
    text: `Stake ${TIERS[1].stake} or ${TIERS[2].stake} ${BRAND.token} you hold for Ruby Steel or Black, or buy ${TIERS[0].stake} ${BRAND.token} for Gold. Deposits are credited in ${TIMINGS.deposits}.`,
  },
  {
    title: 'Receive your card',
    text: `After verification (${TIMINGS.cardVerification}) your card ships by courier in ${TIMINGS.cardShipping}.`,
  },
] as const;

function CardsPage() {
  const fees = useConversionFees();
  return (
    <PublicPage>
      <PageHero
        eyebrow="Metal cards"
        title="Three tiers. One card in your pocket."
        lead={`Gold, Ruby Steel and Black: crypto cashback, free ATM withdrawals and partner discounts, with no annual fee. ${conversionFeeText(fees)}.`}
      >
        <ActionLink to="/register" arrow>
          Get your card
        </ActionLink>
        <ActionLink to="/learn/basics" variant="secondary">
          Learn the basics
        </ActionLink>
      </PageHero>

      <section className={publicStyles.sectionTight} aria-labelledby="tiers-title">
        <h2 id="tiers-title" className={visuallyHidden}>
          Card tiers
        </h2>
        <ul className={styles.tiers} aria-labelledby="tiers-title">
          {TIERS.map((tier) => (
            <li key={tier.id} className={`${styles.tierCard} ${styles.tierAccent[tier.id]}`}>
              <MetalCard tier={tier.id} className={styles.tierVisual} />
              <TierHead tier={tier} />
              <p className={publicStyles.tileText}>{tier.tagline}</p>
              <ul className={publicStyles.checkList}>
                <CheckItem>{tier.cashbackPercent}% crypto cashback</CheckItem>
                <CheckItem>{formatUsd(tier.freeAtmUsdPerMonth)} free ATM withdrawals a month</CheckItem>
                <CheckItem>
                  {tier.partnerDiscount} off at {tier.partnerLocations} partner locations
                </CheckItem>
              </ul>
            </li>
          ))}
        </ul>
      </section>

      <PublicSection
        id="compare-title"
        eyebrow="Compare"
        title="Benefits side by side"
        lead="Every tier has no annual fee. Your tier follows the SAI you hold."
      >
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the table scrolls sideways by keyboard on phones */}
        <section className={styles.tableWrap} aria-labelledby="compare-title" tabIndex={0}>
          <table className={styles.table}>
            <caption className={visuallyHidden}>Card tier benefits compared</caption>
            <thead>
              <tr>
                <th scope="col" className={styles.colHead}>
                  <span className={publicStyles.small}>Benefit</span>
                </th>
                {TIERS.map((tier) => (
                  <th key={tier.id} scope="col" className={styles.colHead}>
                    {tier.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {ROWS.map((row) => (
                <tr key={row.label}>
                  <th scope="row" className={styles.rowHead}>
                    {row.label}
                  </th>
                  {TIERS.map((tier) => (
                    <td key={tier.id} className={styles.td}>
                      <CellValue value={row.value(tier, fees)} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </PublicSection>

      <PublicSection
        id="teaser-title"
        eyebrow="Partners"
        title={`Discounts at ${PARTNERS.length} featured partners`}
        lead="From boutiques to airlines, your card saves you money across six categories."
      >
        <ul className={publicStyles.grid.three}>
          {PARTNER_CATEGORIES.map((category) => (
            <li key={category}>
              <Link to="/all-partners" className={publicStyles.tileLink}>
                <span className={publicStyles.iconBadge}>
                  <PartnerIcon name={CATEGORY_ICONS[category]} size={20} />
                </span>
                <span className={publicStyles.tileTitle}>{category}</span>
                <span className={publicStyles.tileText}>{partnersIn(category).length} partners</span>
              </Link>
            </li>
          ))}
        </ul>
      </PublicSection>

      <PublicSection id="steps-title" eyebrow="Getting started" title="How to Get Your Card">
        <ol className={styles.steps}>
          {STEPS.map((step, index) => (
            <li key={step.title} className={publicStyles.tile}>
              <span className={styles.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <h3 className={publicStyles.tileTitle}>{step.title}</h3>
              <p className={publicStyles.tileText}>{step.text}</p>
            </li>
          ))}
        </ol>
      </PublicSection>

      <PublicSection id="cards-faq-title" eyebrow="FAQ" title="Card questions">
        <FaqAccordion items={CARDS_FAQ} />
      </PublicSection>

      <CtaBand
        id="cards-cta-title"
        title="Choose your metal"
        lead="Create your account, stake your tokens and your card is on its way."
      >
        <ActionLink to="/register">Get Started</ActionLink>
        <ActionLink to="/learn/basics" variant="secondary">
          Crypto basics
        </ActionLink>
      </CtaBand>
    </PublicPage>
  );
}

function CellValue({ value }: { value: Cell }) {
  if (value === true) {
    return (
      <span className={styles.flag}>
        <Check size={16} aria-hidden="true" className={publicStyles.checkIcon} />
        Included
      </span>
    );
  }
  if (value === false) {
    return (
      <span className={`${styles.flag} ${publicStyles.muted}`}>
        <Minus size={16} aria-hidden="true" />
        Not included
      </span>
    );
  }
  return <>{value}</>;
}
