import './styles/global.css.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nRoot } from './i18n/I18nRoot.tsx';
import { loadLocale } from './i18n/i18n.ts';
import { initialLocale } from './i18n/locales.ts';
import { ApiError } from './lib/api.ts';
import { routeTree } from './routeTree.gen.ts';

// docs/product-rules.md spec 7: data never goes stale on its own, no refetch on focus, no retries unless a query says so.
const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false, retry: false },
    mutations: { retry: false },
  },
});

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  // Loaders read through React Query, which does its own caching; the router should always ask it.
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

const rootElement = document.getElementById('app');
if (!rootElement) throw new Error('Missing #app element in index.html');

/**
 * React reports every error an error boundary catches on the console. A refusal the API answered (a 4xx
 * such as another person's receipt, 404) is shown to the person by the route's error screen: it is an
 * answer, not a fault, and the console stays clean for it; so is a request that got no answer at all
 * (status 0: the network or the API is down), which the error screen says and offers to try again.
 * Anything else is still reported.
 */
function onCaughtError(error: unknown, info: { componentStack?: string }) {
  if (error instanceof ApiError && (error.status === 0 || (error.status >= 400 && error.status < 500)))
    return;
  console.error(error, info.componentStack ?? '');
}

function render() {
  createRoot(rootElement as HTMLElement, { onCaughtError }).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <I18nRoot>
          <RouterProvider router={router} />
        </I18nRoot>
      </QueryClientProvider>
    </StrictMode>,
  );
}

/**
 * The page's language is loaded before the first render, so that no text is shown in another one
 * (docs/architecture/i18n.md). Should its catalog not arrive, English is tried; the page renders
 * either way rather than stay blank.
 */
loadLocale(initialLocale())
  .catch(() => loadLocale('en'))
  .catch((error: unknown) => console.error('The interface texts could not be loaded', error))
  .finally(render);
