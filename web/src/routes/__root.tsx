import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, HeadContent, Outlet, useMatches } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { Header } from '@/shell/Header.tsx';
import { NotFound } from '@/shell/NotFound.tsx';
import { RouteError } from '@/shell/RouteError.tsx';
import { Toaster } from '@/ui/toast/index.ts';
import { pageTitle } from '../content/constants.ts';
import { ENGLISH_ONLY, isEnglishOnlyRoute } from '../i18n/englishOnly.ts';
import { t } from '../i18n/i18n.ts';
import { currentUserQuery } from '../queries/auth.queries.ts';
import { main, skipLink } from '../styles/layout.css.ts';

export interface RouterContext {
  queryClient: QueryClient;
}

// The support chat is on every page but never part of the first paint's JavaScript.
const ChatWidget = lazy(() =>
  import('@/shell/ChatWidget.tsx').then((module) => ({ default: module.ChatWidget })),
);

export const Route = createRootRouteWithContext<RouterContext>()({
  // docs/product-rules.md rule 22: "SAI Digital Wallet"; pages add their own name in front ("About — SAI Digital Wallet").
  head: () => ({ meta: [{ title: pageTitle() }] }),
  // Knowing who is signed in before the first paint keeps the header from flashing the visitor menu.
  // A failure here means "signed out" (docs/product-rules.md spec 8); protected routes ask again and show their own error.
  beforeLoad: async ({ context }) => {
    await context.queryClient.ensureQueryData(currentUserQuery).catch(() => null);
  },
  component: RootLayout,
  notFoundComponent: NotFound,
  errorComponent: RouteError,
});

function RootLayout() {
  // The marketing pages and the admin console are English in every language: their content says so.
  const englishOnly = useMatches({
    select: (matches) => matches.some((match) => isEnglishOnlyRoute(match.routeId)),
  });
  return (
    <>
      <HeadContent />
      <a href="#main" className={skipLink}>
        {t('shell.skipToContent')}
      </a>
      <Header />
      <main id="main" tabIndex={-1} className={main} lang={englishOnly ? ENGLISH_ONLY : undefined}>
        <Outlet />
      </main>
      <Suspense fallback={null}>
        <ChatWidget />
      </Suspense>
      <Toaster />
    </>
  );
}
