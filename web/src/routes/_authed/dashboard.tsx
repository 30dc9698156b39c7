import { createFileRoute, Link } from '@tanstack/react-router';
import { ArrowRight, Shield } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { pageTitle } from '@/content/constants.ts';
import { t } from '@/i18n/i18n.ts';
import { displayName } from '@/lib/format.ts';
import type { User } from '@/queries/auth.queries.ts';
import { userCardQuery } from '@/queries/cards.queries.ts';
import { cryptoBalancesQuery, cryptoPricesQuery } from '@/queries/crypto.queries.ts';
import { portfolioQuery } from '@/queries/portfolio.queries.ts';
import { campaignQuery } from '@/queries/public.queries.ts';
import { recentTransactionsQuery } from '@/queries/transactions.queries.ts';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { buttonClassName } from '@/ui/Button/Button.tsx';
import * as styles from '@/ui/page/Page.css.ts';
import { translatedStates } from '@/ui/page/PageStates.tsx';
import { BalanceCard } from './-components/dashboard/BalanceCard.tsx';
import { BuyTokensCard } from './-components/dashboard/BuyTokensCard.tsx';
import { CryptoBalancesCard } from './-components/dashboard/CryptoBalancesCard.tsx';
import { MetalCardPanel } from './-components/dashboard/card/MetalCardPanel.tsx';
import { GiveawayBanner } from './-components/dashboard/GiveawayBanner.tsx';
import { MainSiteBanner } from './-components/dashboard/MainSiteBanner.tsx';
import { PortfolioTotal } from './-components/dashboard/PortfolioTotal.tsx';
import { QuickActions } from './-components/dashboard/QuickActions.tsx';
import { QuickSendCard } from './-components/dashboard/QuickSendCard.tsx';
import { RecentTransactions } from './-components/dashboard/RecentTransactions.tsx';
import { PageHeading, signedIn, TabBarPage } from './-components/SignedInPage.tsx';

// Only admins download the admin blocks: the one piece of the admin area the signed-in dashboard shows.
// biome-ignore lint/style/noRestrictedImports: the admin's own widgets, on an admin's dashboard only
const AdminWidgets = lazy(() => import('../admin/-components/AdminWidgets.tsx'));

export const Route = createFileRoute('/_authed/dashboard')({
  // Each screen its own title, in the reader's language (issue 48.13).
  head: () => ({ meta: [{ title: pageTitle(t('shell.nav.dashboard')) }] }),
  // Started here, not awaited: each card shows its own loading and error state.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(recentTransactionsQuery);
    void context.queryClient.prefetchQuery(cryptoBalancesQuery);
    void context.queryClient.prefetchQuery(cryptoPricesQuery);
    void context.queryClient.prefetchQuery(portfolioQuery);
    void context.queryClient.prefetchQuery(campaignQuery);
    void context.queryClient.prefetchQuery(userCardQuery(context.user.id));
  },
  ...translatedStates({
    loading: 'dashboard.loading',
    title: 'dashboard.error.title',
    message: 'dashboard.error.message',
    to: '/login',
    action: 'dashboard.error.action',
  }),
  component: signedIn(Dashboard),
});

function Dashboard({ user }: { user: User }) {
  // One card settings dialog, opened from the METAL CARD quick action and from the card panel.
  const [cardSettingsOpen, setCardSettingsOpen] = useState(false);

  return (
    <TabBarPage user={user}>
      <PageHeading
        eyebrow={t('dashboard.eyebrow')}
        title={t('dashboard.welcome', { name: displayName(user) })}
        lead={t('dashboard.intro')}
      />

      <MainSiteBanner />

      {user.isAdmin ? (
        <section className={styles.adminBanner} aria-label={t('dashboard.admin.label')}>
          <div className={styles.adminText}>
            <Shield size={20} aria-hidden="true" className={styles.adminIcon} />
            <div className={sprinkles({ display: 'grid', gap: 'xxs' })}>
              <p>
                <strong>{t('dashboard.admin.signedIn')}</strong>
              </p>
              <p className={styles.muted}>{t('dashboard.admin.tasks')}</p>
            </div>
          </div>
          <Link to="/admin" className={buttonClassName({ variant: 'secondary' })}>
            {t('dashboard.admin.go')}
            <ArrowRight size={16} aria-hidden="true" />
          </Link>
        </section>
      ) : null}

      <PortfolioTotal />

      <QuickActions user={user} onOpenCardSettings={() => setCardSettingsOpen(true)} />

      <div className={styles.grid}>
        <BalanceCard user={user} />
        <CryptoBalancesCard />
        <QuickSendCard user={user} />
        <MetalCardPanel
          user={user}
          settingsOpen={cardSettingsOpen}
          onSettingsOpenChange={setCardSettingsOpen}
        />
        <BuyTokensCard user={user} />
        <RecentTransactions />
      </div>

      <GiveawayBanner />

      {user.isAdmin ? (
        <Suspense fallback={<div className={styles.skeleton} aria-hidden="true" />}>
          <AdminWidgets />
        </Suspense>
      ) : null}
    </TabBarPage>
  );
}
