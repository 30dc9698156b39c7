import { createFileRoute } from '@tanstack/react-router';
import { Globe, HeartHandshake, ShieldCheck } from 'lucide-react';
import { BRAND, pageTitle, SUPPORTED_CRYPTO, TIERS, TIMELINE, TIMINGS } from '@/content/constants.ts';
import { ActionLink } from '@/ui/page/ActionLink.tsx';
import * as publicStyles from './-components/Public.css.ts';
import { CtaBand, IconTileGrid, PageHero, PublicPage, PublicSection } from './-components/PublicPage.tsx';

export const Route = createFileRoute('/(marketing)/about')({
  head: () => ({ meta: [{ title: pageTitle('About') }] }),
  component: AboutPage,
});

/**
 * What the product offers, in figures taken from the product's own constants. No user, volume, country
 * or uptime count: nothing in the product computes them (docs/product-rules.md rule 27).
 */
const ABOUT_STATS = [
  { value: String(SUPPORTED_CRYPTO.length), label: 'Crypto currencies' },
  { value: String(TIERS.length), label: 'Card tiers' },
  { value: 'Free', label: 'Transfers between users' },
  { value: TIMINGS.withdrawals.replace('within ', ''), label: 'Withdrawals processed within' },
] as const;

const VALUES = [
  {
    icon: Globe,
    title: 'Crypto for everyday life',
    text: 'Paying with crypto should be as simple as paying with cash: at the till, online and abroad.',
  },
  {
    icon: ShieldCheck,
    title: 'Security first',
    text: 'Two-factor sign-in, passkeys, card freeze and a ledger anyone can verify protect every balance.',
  },
  {
    icon: HeartHandshake,
    title: 'Rewards that matter',
    text: 'Cashback, lounges and partner discounts that make holding crypto pay off every day.',
  },
] as const;

function AboutPage() {
  return (
    <PublicPage>
      <PageHero
        eyebrow={`About ${BRAND.name}`}
        title="Making crypto spendable, everywhere"
        lead={`${BRAND.name} brings your crypto and a premium metal card together, so the money you hold works wherever you are.`}
      />

      <PublicSection
        tight
        id="mission-title"
        eyebrow="Why we exist"
        title="Our mission"
        lead="We believe digital assets belong in everyday life. Our mission is to let anyone hold, send and spend crypto safely, with the service and rewards of a premium card."
      >
        <IconTileGrid tiles={VALUES} />
      </PublicSection>

      <PublicSection id="stats-title" eyebrow="By the numbers" title="What every account gets">
        <dl className={publicStyles.grid.four}>
          {ABOUT_STATS.map((stat) => (
            <div key={stat.label} className={publicStyles.statTile}>
              <dt className={publicStyles.statLabel}>{stat.label}</dt>
              <dd className={publicStyles.statValue}>{stat.value}</dd>
            </div>
          ))}
        </dl>
      </PublicSection>

      <PublicSection id="timeline-title" eyebrow="Our journey" title="From idea to global card">
        <ol className={publicStyles.timeline}>
          {TIMELINE.map((entry) => (
            <li key={entry.label} className={publicStyles.timelineItem}>
              <span className={publicStyles.timelineLabel}>{entry.label}</span>
              <h3 className={publicStyles.tileTitle}>{entry.title}</h3>
              <p className={publicStyles.tileText}>{entry.text}</p>
            </li>
          ))}
        </ol>
      </PublicSection>

      <CtaBand
        id="join-title"
        title="Start spending your crypto"
        lead="Questions first? Our team is happy to help."
      >
        <ActionLink to="/register" arrow>
          Get Started
        </ActionLink>
        <ActionLink to="/contact" variant="secondary">
          Contact us
        </ActionLink>
      </CtaBand>
    </PublicPage>
  );
}
