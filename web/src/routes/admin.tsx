import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Navigate, Outlet } from '@tanstack/react-router';
import { requireAdmin } from '../lib/routeGuards.ts';
import { currentUserQuery } from '../queries/auth.queries.ts';
import { page } from '../styles/layout.css.ts';
import { failedPage, pendingPage } from '../ui/page/PageStates.tsx';
import { AdminMenu } from './admin/-components/AdminMenu.tsx';
import * as styles from './admin/-components/AdminPanel.css.ts';
import { LedgerAlert } from './admin/-components/LedgerAlert.tsx';

/**
 * The admin panel (docs/product-rules.md spec 2): the side menu beside one section at a time. Visitors and non-admins go to
 * /login; the API answers 401/403 on every admin call anyway (docs/product-rules.md rule 3).
 */
export const Route = createFileRoute('/admin')({
  beforeLoad: async ({ context }) => ({ user: await requireAdmin(context.queryClient) }),
  pendingComponent: pendingPage('Loading admin panel…'),
  errorComponent: failedPage({
    title: 'Error loading admin panel',
    message: 'The admin panel could not be loaded. Please sign in again.',
    to: '/login',
    action: 'Return to login',
  }),
  component: AdminLayout,
});

function AdminLayout() {
  const { data: user } = useSuspenseQuery(currentUserQuery);
  // Signed out, or no longer an admin, while on this screen.
  if (!user?.isAdmin) return <Navigate to="/login" replace />;
  return (
    <div className={`${page} ${styles.layout}`}>
      <AdminMenu />
      <div className={styles.main}>
        <LedgerAlert />
        <Outlet />
      </div>
    </div>
  );
}
