import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import {
  ArrowRight,
  BadgeCheck,
  CarFront,
  Coins,
  CreditCard,
  Gem,
  Globe,
  LockKeyhole,
  ShieldCheck,
  Snowflake,
  Wallet,
} from 'lucide-react';
import { buttonClassName } from '../../components/Button.tsx';
import { MetalCard } from '../../components/MetalCard.tsx';
import {
  BRAND,
  CAMPAIGN_COPY,
  COMPLIANCE_BADGES,
  formatUsd,
  partnerDiscountUpTo,
  SECURITY,
  STATS,
  TIERS,
} from '../../content/constants.ts';
import { campaignQuery } from '../../queries/public.queries.ts';
import { eyebrow, visuallyHidden } from '../../styles/layout.css.ts';
import { CampaignProgress } from './-components/CampaignProgress.tsx';
import * as styles from './-components/Landing.css.ts';
import { MarketStrip } from './-components/MarketStrip.tsx';
import { PartnerCarousel } from './-components/PartnerCarousel.tsx';
import * as publicStyles from './-components/Public.css.ts';
import { IconTile, PublicPage, SectionHeading } from './-components/PublicPage.tsx';

export const Route = createFileRoute('/(marketing)/')({
  component: LandingPage,
});

/** docs/product-rules.md spec 2, "Landing". */
function LandingPage() {
  return (
    <PublicPage>
      <Hero />
      <MarketStrip />
      <section className={publicStyles.section} aria-labelledby="partners-title">
        <SectionHeading
          id="partners-title"
          eyebrow="Partner discounts"
          title="Save every time you pay"
          lead={`Cardholders save at ${STATS.partnerLocations} partner locations: up to ${partnerDiscountUpTo(TIERS[2])} off with ${TIERS[2].name}.`}
        />
        <PartnerCarousel />
      </section>
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
          <Link to="/register" className={buttonClassName({ variant: 'primary', size: 'lg' })}>
            Get Started
            <ArrowRight size={18} aria-hidden="true" />
          </Link>
          <Link to="/dashboard" className={buttonClassName({ variant: 'secondary', size: 'lg' })}>
            <Wallet size={18} aria-hidden="true" />
            Deposit Now
          </Link>
        </div>
        <ul className={styles.points}>
          <li className={styles.point}>
            <ShieldCheck size={16} aria-hidden="true" className={styles.pointIcon} />
            Insured up to {SECURITY.insuranceText}
          </li>
          <li className={styles.point}>
            <Snowflake size={16} aria-hidden="true" className={styles.pointIcon} />
            {SECURITY.coldStoragePercent}% in cold storage
          </li>
          <li className={styles.point}>
            <Globe size={16} aria-hidden="true" className={styles.pointIcon} />
            {STATS.cardholders} cardholders
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
          <Link to="/rewards" className={buttonClassName({ variant: 'primary' })}>
            See the giveaway
            <ArrowRight size={16} aria-hidden="true" />
          </Link>
        </div>
        <div className={styles.medal}>
          <CarFront size={56} aria-hidden="true" className={styles.medalIcon} />
          <p className={publicStyles.small}>{CAMPAIGN_COPY.prize}</p>
          {campaign.data ? (
            <p className={styles.medalValue}>{formatUsd(campaign.data.prizeValueUsd)}</p>
          ) : campaign.isPending ? (
            <span className={`${publicStyles.skeleton} ${styles.medalSkeleton}`} aria-hidden="true" />
          ) : null}
          <p className={publicStyles.small}>Prize value</p>
        </div>
      </div>
    </section>
  );
}

const GUARANTEES = [
  {
    icon: ShieldCheck,
    value: SECURITY.insuranceText,
    title: 'Insured funds',
    text: `Holdings are insured up to ${SECURITY.insuranceText} against theft and breaches.`,
  },
  {
    icon: Snowflake,
    value: `${SECURITY.coldStoragePercent}%`,
    title: 'Cold storage',
    text: `${SECURITY.coldStoragePercent}% of customer crypto is kept offline, out of reach of online attacks.`,
  },
  {
    icon: LockKeyhole,
    value: '256-bit',
    title: 'Encryption & multi-factor sign-in',
    text: `${SECURITY.encryption} everywhere, and a second factor from your authenticator app.`,
  },
] as const;

function SecuritySection() {
  return (
    <section className={publicStyles.section} aria-labelledby="security-title">
      <SectionHeading
        id="security-title"
        eyebrow="Security & compliance"
        title="Your money, protected"
        lead="Built to the standards banks and card networks hold us to."
      />
      <ul className={styles.badges} aria-label="Certifications">
        {COMPLIANCE_BADGES.map((badge) => (
          <li key={badge.id} className={styles.badge}>
            <BadgeCheck size={18} aria-hidden="true" className={styles.badgeIcon} />
            {badge.name}
          </li>
        ))}
      </ul>
      <ul className={publicStyles.grid.three}>
        {GUARANTEES.map((item) => (
          <li key={item.title} className={publicStyles.tile}>
            <span className={publicStyles.iconBadge}>
              <item.icon size={20} aria-hidden="true" />
            </span>
            <span className={styles.guaranteeValue}>{item.value}</span>
            <h3 className={publicStyles.tileTitle}>{item.title}</h3>
            <p className={publicStyles.tileText}>{item.text}</p>
          </li>
        ))}
      </ul>
      <p className={styles.more}>
        <Link to="/compliance" className={styles.featureLink}>
          How we protect you
          <ArrowRight size={16} aria-hidden="true" />
        </Link>
      </p>
    </section>
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
    <section className={publicStyles.section} aria-labelledby="features-title">
      <SectionHeading
        id="features-title"
        eyebrow="Features"
        title="Everything your crypto can do"
        lead="One wallet for your tokens, one card for your life."
      />
      <ul className={publicStyles.grid.three}>
        {features.map((feature) => (
          <IconTile
            key={feature.title}
            icon={feature.icon}
            title={feature.title}
            after={
              <Link to={feature.to} className={styles.featureLink}>
                {feature.cta}
                <ArrowRight size={16} aria-hidden="true" />
              </Link>
            }
          >
            {feature.text}
          </IconTile>
        ))}
      </ul>
      <div className={`${publicStyles.band} ${styles.ctaBand}`}>
        <div>
          <h3 className={publicStyles.sectionTitle}>Ready for your card?</h3>
          <p className={publicStyles.lead}>Open your wallet in minutes. No annual fee on any tier.</p>
        </div>
        <Link to="/register" className={buttonClassName({ variant: 'primary', size: 'lg' })}>
          Get Started
          <ArrowRight size={18} aria-hidden="true" />
        </Link>
      </div>
    </section>
  );
}
