import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import {
  ArrowRight,
  CarFront,
  Coins,
  CreditCard,
  Gem,
  KeyRound,
  ScrollText,
  Send,
  Snowflake,
  Wallet,
} from 'lucide-react';
import {
  BRAND,
  CAMPAIGN_COPY,
  formatUsd,
  PROTECTIONS,
  partnerDiscountUpTo,
  STATS,
  TIERS,
} from '@/content/constants.ts';
import { campaignQuery } from '@/queries/public.queries.ts';
import { eyebrow, visuallyHidden } from '@/styles/layout.css.ts';
import { skeleton } from '@/styles/patterns.css.ts';
import { CampaignProgress } from '@/ui/CampaignProgress/CampaignProgress.tsx';
import { MetalCard } from '@/ui/MetalCard/MetalCard.tsx';
import { ActionLink } from '@/ui/page/ActionLink.tsx';
import * as styles from './-components/Landing.css.ts';
import { MarketStrip } from './-components/MarketStrip.tsx';
import { PartnerCarousel } from './-components/PartnerCarousel.tsx';
import * as publicStyles from './-components/Public.css.ts';
import { IconTileGrid, PublicPage, PublicSection } from './-components/PublicPage.tsx';

export const Route = createFileRoute('/(marketing)/')({
  component: LandingPage,
});

/** docs/product-rules.md spec 2, "Landing". */
function LandingPage() {
  return (
    <PublicPage>
      <Hero />
      <MarketStrip />
      <PublicSection
        id="partners-title"
        eyebrow="Partner discounts"
        title="Save every time you pay"
        lead={`Cardholders save at ${STATS.partnerLocations} partner locations: up to ${partnerDiscountUpTo(TIERS[2])} off with ${TIERS[2].name}.`}
      >
        <PartnerCarousel />
      </PublicSection>
      <PrizeSection />
      <SecuritySection />
      <FeaturesSection />
    </PublicPage>
  );
}

function Hero() {
  const [gold, , black] = TIERS;
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <div className={styles.copy}>
        <p className={eyebrow}>Crypto wallet · Premium metal card</p>
        <h1 id="hero-title" className={styles.title}>
          SAI <span className={styles.titleAccent}>Wallet</span>
        </h1>
        <p className={styles.lead}>
          Spend any crypto anywhere with a card forged in metal. Free transfers worldwide, up to{' '}
          {black.cashbackPercent}% crypto cashback and no annual fee, from {gold.stake} {BRAND.token}.
        </p>
        <div className={styles.heroCtas}>
          <ActionLink to="/register" size="lg" arrow>
            Get Started
          </ActionLink>
          <ActionLink to="/dashboard" variant="secondary" size="lg" icon={Wallet}>
            Deposit Now
          </ActionLink>
        </div>
        <ul className={styles.points}>
          <li className={styles.point}>
            <KeyRound size={16} aria-hidden="true" className={styles.pointIcon} />
            Two-factor sign-in and passkeys
          </li>
          <li className={styles.point}>
            <ScrollText size={16} aria-hidden="true" className={styles.pointIcon} />A ledger anyone can verify
          </li>
          <li className={styles.point}>
            <Send size={16} aria-hidden="true" className={styles.pointIcon} />
            Free transfers between users
          </li>
        </ul>
      </div>
      <div className={styles.cards}>
        <MetalCard tier="black" className={styles.cardBlack} />
        <MetalCard tier="ruby" className={styles.cardRuby} />
        <MetalCard tier="gold" className={styles.cardGold} />
        <p className={visuallyHidden}>The three cards: Black, Ruby Steel and Gold.</p>
      </div>
    </section>
  );
}

function PrizeSection() {
  const campaign = useQuery(campaignQuery);
  return (
    <section className={publicStyles.section} aria-labelledby="prize-title">
      <div className={styles.prize}>
        <div className={styles.prizeCopy}>
          <p className={eyebrow}>Car giveaway</p>
          <h2 id="prize-title" className={publicStyles.sectionTitle}>
            {CAMPAIGN_COPY.title}
          </h2>
          <p className={publicStyles.lead}>{CAMPAIGN_COPY.summary}</p>
          <div className={styles.prizeProgress}>
            <CampaignProgress query={campaign} label="Giveaway progress" />
          </div>
          <ActionLink to="/rewards" arrow>
            See the giveaway
          </ActionLink>
        </div>
        <div className={styles.medal}>
          <CarFront size={56} aria-hidden="true" className={styles.medalIcon} />
          <p className={publicStyles.small}>{CAMPAIGN_COPY.prize}</p>
          {campaign.data ? (
            <p className={styles.medalValue}>{formatUsd(campaign.data.prizeValueUsd)}</p>
          ) : campaign.isPending ? (
            <span className={`${skeleton} ${styles.medalSkeleton}`} aria-hidden="true" />
          ) : null}
          <p className={publicStyles.small}>Prize value</p>
        </div>
      </div>
    </section>
  );
}

/** Three of the wallet's protections (docs/product-rules.md rule 27: only what the product does). */
const HIGHLIGHTS = [
  { id: 'sign-in', icon: KeyRound },
  { id: 'ledger', icon: ScrollText },
  { id: 'card', icon: Snowflake },
] as const;

function SecuritySection() {
  const highlights = HIGHLIGHTS.flatMap(({ id, icon }) => {
    const protection = PROTECTIONS.find((item) => item.id === id);
    return protection ? [{ ...protection, icon }] : [];
  });
  return (
    <PublicSection
      id="security-title"
      eyebrow="Security"
      title="Your money, protected"
      lead="What the wallet does to keep your account and your money safe."
    >
      <IconTileGrid tiles={highlights} />
      <p className={styles.more}>
        <Link to="/compliance" className={styles.featureLink}>
          How we protect you
          <ArrowRight size={16} aria-hidden="true" />
        </Link>
      </p>
    </PublicSection>
  );
}

function FeaturesSection() {
  const [, ruby, black] = TIERS;
  const features = [
    {
      icon: Coins,
      title: 'Spend any crypto, anywhere',
      text: 'Pay with SAI or the crypto you hold wherever cards are accepted, online and in store.',
      to: '/features/spending',
      cta: 'How spending works',
    },
    {
      icon: CreditCard,
      title: 'Crypto back on every purchase',
      text: `Earn up to ${black.cashbackPercent}% back in crypto and free ATM withdrawals up to ${formatUsd(black.freeAtmUsdPerMonth)} a month.`,
      to: '/features/crypto-back',
      cta: 'About crypto back',
    },
    {
      icon: Gem,
      title: 'Premium metal cards',
      text: `${ruby.name} and ${black.name} come in metal, with lounge access and streaming rebates.`,
      to: '/cards',
      cta: 'Compare the cards',
    },
  ] as const;
  return (
    <PublicSection
      id="features-title"
      eyebrow="Features"
      title="Everything your crypto can do"
      lead="One wallet for your tokens, one card for your life."
    >
      <IconTileGrid
        tiles={features.map(({ to, cta, ...feature }) => ({
          ...feature,
          after: (
            <Link to={to} className={styles.featureLink}>
              {cta}
              <ArrowRight size={16} aria-hidden="true" />
            </Link>
          ),
        }))}
      />
      <div className={`${publicStyles.band} ${styles.ctaBand}`}>
        <div>
          <h3 className={publicStyles.sectionTitle}>Ready for your card?</h3>
          <p className={publicStyles.lead}>Open your wallet in minutes. No annual fee on any tier.</p>
        </div>
        <ActionLink to="/register" size="lg" arrow>
          Get Started
        </ActionLink>
      </div>
    </PublicSection>
  );
}
