import { createFileRoute } from '@tanstack/react-router';
import {
  CreditCard,
  FileLock2,
  KeyRound,
  Landmark,
  type LucideIcon,
  ScrollText,
  ShieldCheck,
} from 'lucide-react';
import { BRAND, PROTECTIONS, pageTitle, SECURITY } from '@/content/constants.ts';
import { ActionLink } from '@/ui/page/ActionLink.tsx';
import * as publicStyles from './-components/Public.css.ts';
import {
  CheckItem,
  CtaBand,
  IconTileGrid,
  PageHero,
  PublicPage,
  PublicSection,
} from './-components/PublicPage.tsx';

export const Route = createFileRoute('/(marketing)/compliance')({
  head: () => ({ meta: [{ title: pageTitle('Security') }] }),
  component: SecurityPage,
});

const PROTECTION_ICONS: Record<string, LucideIcon> = {
  'sign-in': KeyRound,
  ledger: ScrollText,
  card: CreditCard,
  withdrawals: Landmark,
  'personal-data': FileLock2,
};

/**
 * What the wallet does to protect an account and its money. Every line is something the product does;
 * claims about the company (insurance, certifications, licences, custody shares) are left out, since
 * nothing in the product sets or computes them (docs/product-rules.md rule 27).
 */
const SECTIONS = [
  {
    id: 'account-security',
    icon: ShieldCheck,
    title: 'Signing in',
    points: [
      'Two-factor sign-in with an authenticator app.',
      'Passkeys: sign in with your fingerprint, face or device PIN, without typing a password.',
      'Every device signed in to your account is listed on your profile; sign out any of them there.',
      'A forgotten password is reset with a one-time link sent to your e-mail address.',
    ],
  },
  {
    id: 'data-protection',
    icon: FileLock2,
    title: 'Your personal data',
    points: [
      `Personal data in the log is sealed with ${SECURITY.encryption}, under a key of its own for each person.`,
      '"Download my data" on your profile saves everything the wallet holds about you in one file.',
      'When a person is erased, their key is destroyed and their personal data can no longer be read.',
    ],
  },
  {
    id: 'card-security',
    icon: CreditCard,
    title: 'Your card',
    points: [
      'Freeze and unfreeze your card instantly, and change its PIN, from your dashboard.',
      'The PIN is kept only as a one-way hash, outside the event log.',
    ],
  },
] as const;

function SecurityPage() {
  return (
    <PublicPage>
      <PageHero
        eyebrow="Security"
        title="Security you can check"
        lead={`What ${BRAND.name} does to protect your account and your money. Each protection below is part of the wallet: you can try it or check it yourself.`}
      >
        <ActionLink to="/register" arrow>
          Open a wallet
        </ActionLink>
        <ActionLink to="/verify" variant="secondary">
          Verify a receipt
        </ActionLink>
      </PageHero>

      <PublicSection
        id="protections-title"
        eyebrow="Protections"
        title="What the wallet does for you"
        lead="Every account gets all of them, on every tier."
      >
        <IconTileGrid
          tiles={PROTECTIONS.map((item) => ({ ...item, icon: PROTECTION_ICONS[item.id] ?? ShieldCheck }))}
        />
      </PublicSection>

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
        <ActionLink to="/cards">Explore the cards</ActionLink>
        <ActionLink to="/register" variant="secondary">
          Get Started
        </ActionLink>
        <ActionLink to="/contact" variant="ghost">
          Contact us
        </ActionLink>
      </CtaBand>
    </PublicPage>
  );
}
