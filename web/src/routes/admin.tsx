import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Navigate, Outlet, useRouter } from '@tanstack/react-router';
import { Button } from '../components/Button.tsx';
import { requireAdmin } from '../lib/routeGuards.ts';
import { currentUserQuery } from '../queries/auth.queries.ts';
import { card, page, visuallyHidden } from '../styles/layout.css.ts';
import * as dashboardStyles from '../ui/page/Page.css.ts';
import { AdminMenu } from './admin/-components/AdminMenu.tsx';
import * as styles from './admin/-components/AdminPanel.css.ts';

/**
 * The admin panel (spec 2): the side menu beside one section at a time. Visitors and non-admins go to
 * /login; the API answers 401/403 on every admin call anyway (DECISIONS 3).
 */
export const Route = createFileRoute('/admin')({
  beforeLoad: async ({ context }) => ({ user: await requireAdmin(context.queryClient) }),
  pendingComponent: AdminSkeleton,
  errorComponent: AdminError,
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
        <Outlet />
      </div>
    </div>
  );
}

function AdminSkeleton() {
  return (
    <div className={`${page} ${dashboardStyles.stack}`} aria-busy="true">
      <p role="status" className={visuallyHidden}>
        Loading admin panel…
      </p>
      <div className={dashboardStyles.skeleton} />
    </div>
  );
}

function AdminError() {
  const router = useRouter();
  return (
    <div className={`${page} ${dashboardStyles.stack}`}>
      <section className={card} role="alert">
        <div className={dashboardStyles.stack}>
          <h1 className={dashboardStyles.title}>Error loading admin panel</h1>
          <p className={dashboardStyles.muted}>The admin panel could not be loaded. Please sign in again.</p>
          <div>
            <Button variant="secondary" onClick={() => router.navigate({ to: '/login' })}>
              Return to login
            </Button>
          </div>
        </div>
      </section>
    </div>
  );
}
