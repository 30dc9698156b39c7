import { createFileRoute } from '@tanstack/react-router';
import { ArrowDownToLine, ArrowUpFromLine, Send, Wallet } from 'lucide-react';
import { BRAND, conversionFeeText, pageTitle, SUPPORTED_CRYPTO, TIMINGS } from '@/content/constants.ts';
import { useConversionFees } from '@/queries/config.queries.ts';
import { ActionLink } from '@/ui/page/ActionLink.tsx';
import * as publicStyles from './-components/Public.css.ts';
import { PageHero, PublicPage } from './-components/PublicPage.tsx';

export const Route = createFileRoute('/(marketing)/wallet')({
  head: () => ({ meta: [{ title: pageTitle('Wallet') }] }),
  component: WalletPage,
});

const FEATURES = [
  {
    icon: ArrowDownToLine,
    title: 'Deposit',
    text: `Add ${SUPPORTED_CRYPTO.join(', ')} with no deposit fee; credited in ${TIMINGS.deposits}.`,
  },
  {
    icon: Send,
    title: 'Send',
    text: `Send ${BRAND.token} to anyone with an e-mail address. Transfers between users are free.`,
  },
  {
    icon: ArrowUpFromLine,
    title: 'Withdraw',
    text: `Withdraw to an external address on the network you choose, processed ${TIMINGS.withdrawals}.`,
  },
] as const;

/** docs/product-rules.md spec 2: a simple page with a link to the dashboard. */
function WalletPage() {
  const fees = useConversionFees();
  return (
    <PublicPage>
      <PageHero
        eyebrow="Wallet"
        title={`Your ${BRAND.name}`}
        lead={`Hold ${BRAND.token} and your crypto in one place, send it to friends for free and spend it with your card. ${conversionFeeText(fees)}.`}
      >
        <ActionLink to="/dashboard" icon={Wallet}>
          Open your wallet
        </ActionLink>
        <ActionLink to="/register" variant="secondary" arrow>
          Create an account
        </ActionLink>
      </PageHero>
      <section className={publicStyles.section} aria-label="What you can do">
        <ul className={publicStyles.grid.three}>
          {FEATURES.map((feature) => (
            <li key={feature.title} className={publicStyles.tile}>
              <span className={publicStyles.iconBadge}>
                <feature.icon size={20} aria-hidden="true" />
              </span>
              <h2 className={publicStyles.tileTitle}>{feature.title}</h2>
              <p className={publicStyles.tileText}>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </PublicPage>
  );
}
