import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, Coins, LoaderCircle, Wallet } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { pageTitle } from '@/content/constants.ts';
import { t } from '@/i18n/i18n.ts';
import type { User } from '@/queries/auth.queries.ts';
import { publicConfigQuery } from '@/queries/config.queries.ts';
import { cryptoNetworksQuery } from '@/queries/crypto.queries.ts';
import { page } from '@/styles/layout.css.ts';
import { buttonClassName } from '@/ui/Button/Button.tsx';
import * as dashboardStyles from '@/ui/page/Page.css.ts';
import * as tabStyles from '@/ui/Tabs/Tabs.css.ts';
import { BuyTokensForm } from './-components/dashboard/BuyTokensCard.tsx';
import { CryptoDepositForm } from './-components/deposit/CryptoDepositForm.tsx';
import { DeclaredDeposits } from './-components/deposit/DeclaredDeposits.tsx';
import * as styles from './-components/deposit/Deposit.css.ts';
import { DepositFooter, DepositInfo, DepositPanel } from './-components/deposit/DepositInfo.tsx';
import { PageHeading, signedIn } from './-components/SignedInPage.tsx';

type DepositTab = 'crypto' | 'buy';

/** `?tab=buy` opens the Buy tab directly (the card's "Deposit Now" links there); crypto is the default. */
function readSearch(search: Record<string, unknown>): { tab?: DepositTab } {
  return search.tab === 'buy' ? { tab: 'buy' } : {};
}

// docs/product-rules.md rule 6: signed-out visitors go to /login (the `_authed` layout guards it; the spec's
// /auth is only an alias of /login).
export const Route = createFileRoute('/_authed/deposit')({
  // Each screen its own title, in the reader's language (issue 48.13).
  head: () => ({ meta: [{ title: pageTitle(t('money.deposit.title')) }] }),
  validateSearch: readSearch,
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(cryptoNetworksQuery);
    void context.queryClient.prefetchQuery(publicConfigQuery);
  },
  pendingComponent: DepositSpinner,
  component: signedIn(DepositPage),
});

function DepositPage({ user }: { user: User }) {
  const { tab = 'crypto' } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });

  return (
    <div className={`${page} ${dashboardStyles.stack}`}>
      <div className={styles.top}>
        <Link to="/dashboard" className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
          <ArrowLeft size={16} aria-hidden="true" />
          {t('money.deposit.back')}
        </Link>
      </div>
      <PageHeading
        eyebrow={t('money.deposit.eyebrow')}
        title={t('money.deposit.title')}
        lead={t('money.deposit.subtitle')}
      />

      <div className={styles.layout}>
        <Tabs.Root
          value={tab}
          onValueChange={(next) =>
            void navigate({ search: next === 'buy' ? { tab: 'buy' } : {}, replace: true })
          }
          className={tabStyles.content}
        >
          <Tabs.List className={tabStyles.list} aria-label={t('money.deposit.method')}>
            <Tabs.Trigger value="crypto" className={tabStyles.trigger}>
              <Wallet size={16} aria-hidden="true" />
              {t('money.deposit.tabCrypto')}
            </Tabs.Trigger>
            <Tabs.Trigger value="buy" className={tabStyles.trigger}>
              <Coins size={16} aria-hidden="true" />
              {t('money.deposit.tabBuy')}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="crypto" className={tabStyles.content}>
            <DepositPanel
              id="crypto-deposit-title"
              title={t('money.deposit.cryptoTitle')}
              subtitle={t('money.deposit.cryptoSubtitle')}
            >
              <CryptoDepositForm />
            </DepositPanel>
            <DeclaredDeposits />
          </Tabs.Content>
          <Tabs.Content value="buy" className={tabStyles.content}>
            <DepositPanel
              id="buy-sai-title"
              title={t('money.deposit.buyTitle')}
              subtitle={t('money.deposit.buySubtitle')}
            >
              <BuyTokensForm user={user} onSubmitted={() => void navigate({ to: '/dashboard' })} />
            </DepositPanel>
          </Tabs.Content>
        </Tabs.Root>
        <DepositInfo tokenPrice={user.tokenValue} />
      </div>
      <DepositFooter />
    </div>
  );
}

/** docs/product-rules.md spec 2: a spinner while the user loads. */
function DepositSpinner() {
  return (
    <div className={`${page} ${styles.spinnerWrap}`} aria-busy="true">
      <LoaderCircle size={32} aria-hidden="true" className={styles.spinner} />
      <p role="status">{t('money.deposit.loading')}</p>
    </div>
  );
}
