import { createFileRoute, Link } from '@tanstack/react-router';
import {
  ArrowRight,
  BadgeCheck,
  CreditCard,
  FileLock2,
  Landmark,
  ShieldCheck,
  Snowflake,
  UserCheck,
} from 'lucide-react';
import { buttonClassName } from '../../components/Button.tsx';
import { BRAND, COMPLIANCE_BADGES, pageTitle, SECURITY } from '../../content/constants.ts';
import * as publicStyles from './-components/Public.css.ts';
import {
  CheckItem,
  CtaBand,
  IconTile,
  PageHero,
  PublicPage,
  SectionHeading,
} from './-components/PublicPage.tsx';

export const Route = createFileRoute('/(marketing)/compliance')({
  head: () => ({ meta: [{ title: pageTitle('Security & Compliance') }] }),
  component: CompliancePage,
});

const SECTIONS = [
  {
    id: 'kyc-aml',
    icon: UserCheck,
    title: 'KYC and AML',
    points: [
      'Every cardholder verifies their identity before a card is issued or funds are withdrawn.',
      'Transactions are screened against sanctions lists and monitored for money laundering.',
      'Suspicious activity is investigated and reported to the authorities as the law requires.',
    ],
  },
  {
    id: 'data-protection',
    icon: FileLock2,
    title: 'Data protection',
    points: [
      `${SECURITY.encryption} for data in transit and at rest.`,
      'Personal data is processed under GDPR; you can access, correct or delete it.',
      'Information security is managed to ISO 27001, with regular independent audits.',
    ],
  },
  {
    id: 'card-security',
    icon: CreditCard,
    title: 'Metal card security',
    points: [
      'Card data is handled to PCI DSS; the card number is never stored in plain text.',
      'Freeze and unfreeze your card instantly, and change its PIN, from your dashboard.',
      'Multi-factor sign-in protects the account behind the card.',
    ],
  },
] as const;

function CompliancePage() {
  return (
    <PublicPage>
      <PageHero
        eyebrow="Security & compliance"
        title="Security and compliance you can verify"
        lead={`${BRAND.name} is built to the standards of regulated finance: certified processes, insured funds and cold storage.`}
      >
        <Link to="/register" className={buttonClassName({ variant: 'primary' })}>
          Open a wallet
          <ArrowRight size={16} aria-hidden="true" />
        </Link>
        <Link to="/contact" className={buttonClassName({ variant: 'secondary' })}>
          Ask our compliance team
        </Link>
      </PageHero>

      <section className={publicStyles.sectionTight} aria-labelledby="badges-title">
        <SectionHeading id="badges-title" eyebrow="Certifications" title="Certified and regulated" />
        <ul className={publicStyles.grid.four}>
          {COMPLIANCE_BADGES.map((badge) => (
            <IconTile key={badge.id} icon={BadgeCheck} title={badge.name}>
              {badge.description}
            </IconTile>
          ))}
        </ul>
      </section>

      <section className={publicStyles.section} aria-labelledby="funds-title">
        <SectionHeading
          id="funds-title"
          eyebrow="Funds guarantee"
          title="Your funds are protected"
          lead="Customer balances are kept apart from company money and protected at every step."
        />
        <ul className={publicStyles.grid.three}>
          <IconTile icon={ShieldCheck} title="Insurance cover" figure={SECURITY.insuranceText}>
            Holdings are insured up to {SECURITY.insuranceText} against theft, hacking and custody failures.
          </IconTile>
          <IconTile icon={Snowflake} title="Cold storage" figure={<>{SECURITY.coldStoragePercent}%</>}>
            {SECURITY.coldStoragePercent}% of customer crypto is held offline in geographically separated
            vaults; only what daily withdrawals need stays online.
          </IconTile>
          <IconTile icon={Landmark} title="Monitoring and audit trail" figure="24/7">
            Activity is monitored around the clock, and every movement of money is recorded in an append-only
            ledger that can be traced end to end.
          </IconTile>
        </ul>
      </section>

      {SECTIONS.map((section) => (
        <section
          key={section.id}
          className={publicStyles.sectionTight}
          aria-labelledby={`${section.id}-title`}
        >
          <div className={publicStyles.tile}>
            <span className={publicStyles.iconBadge}>
              <section.icon size={20} aria-hidden="true" />
            </span>
            <h2 id={`${section.id}-title`} className={publicStyles.sectionTitle}>
              {section.title}
            </h2>
            <ul className={publicStyles.checkList}>
              {section.points.map((point) => (
                <CheckItem key={point}>{point}</CheckItem>
              ))}
            </ul>
          </div>
        </section>
      ))}

      <CtaBand
        id="compliance-cta-title"
        title="Security in your pocket"
        lead="See the cards built on these protections, or talk to us."
      >
        <Link to="/cards" className={buttonClassName({ variant: 'primary' })}>
          Explore the cards
        </Link>
        <Link to="/register" className={buttonClassName({ variant: 'secondary' })}>
          Get Started
        </Link>
        <Link to="/contact" className={buttonClassName({ variant: 'ghost' })}>
          Contact us
        </Link>
      </CtaBand>
    </PublicPage>
  );
}
