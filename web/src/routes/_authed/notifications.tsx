import { useSuspenseInfiniteQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Navigate } from '@tanstack/react-router';
import { Button } from '../../components/Button.tsx';
import * as bellStyles from '../../components/NotificationBell.css.ts';
import { NotificationItem } from '../../components/NotificationBell.tsx';
import { toast } from '../../components/toast/index.ts';
import { pageTitle } from '../../content/constants.ts';
import { currentUserQuery, type User } from '../../queries/auth.queries.ts';
import {
  type AppNotification,
  notificationPagesQuery,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
} from '../../queries/notifications.queries.ts';
import { eyebrow, page, visuallyHidden } from '../../styles/layout.css.ts';
import * as dashboardStyles from '../../ui/page/Page.css.ts';
import { failedPage, pendingPage } from '../../ui/page/PageStates.tsx';
import * as panel from '../../ui/panel/Panel.css.ts';
import { PanelEmpty, PanelError } from '../../ui/query/QueryState.tsx';
import { MobileTabBar } from './-components/dashboard/MobileTabBar.tsx';

/** Every notification, newest first, a page at a time: where the bell's "View all" leads. */
export const Route = createFileRoute('/_authed/notifications')({
  loader: ({ context }) => context.queryClient.ensureInfiniteQueryData(notificationPagesQuery),
  pendingComponent: pendingPage('Loading notifications…'),
  errorComponent: failedPage({
    title: 'Error loading notifications',
    message: 'Your notifications could not be loaded right now.',
    to: '/dashboard',
    action: 'Return to Dashboard',
  }),
  head: () => ({ meta: [{ title: pageTitle('Notifications') }] }),
  component: NotificationsPage,
});

function NotificationsPage() {
  const { data: user } = useSuspenseQuery(currentUserQuery);
  if (!user) return <Navigate to="/login" replace />;
  return <Notifications user={user} />;
}

function Notifications({ user }: { user: User }) {
  const list = useSuspenseInfiniteQuery(notificationPagesQuery);
  const items = list.data.pages.flatMap((item) => item.notifications);
  const markRead = useMarkNotificationReadMutation();
  const markAll = useMarkAllNotificationsReadMutation();
  const failed = (what: string) => (error: Error) =>
    toast({ title: 'Error', description: `Failed to ${what}: ${error.message}`, variant: 'destructive' });
  const read = (notification: AppNotification) => {
    if (!notification.isRead && !markRead.isPending)
      markRead.mutate(notification.id, { onError: failed('mark notification as read') });
  };

  return (
    <>
      <div className={`${page} ${dashboardStyles.stack} ${dashboardStyles.withTabBar}`}>
        <div className={dashboardStyles.heading}>
          <p className={eyebrow}>Account</p>
          <h1 className={dashboardStyles.title}>Notifications</h1>
          <p className={dashboardStyles.muted}>Everything that happened to your account, newest first</p>
        </div>
        <section className={panel.panel} aria-labelledby="notifications-list-title">
          <div className={bellStyles.head}>
            <h2 id="notifications-list-title" className={bellStyles.heading}>
              All notifications
            </h2>
            <Button
              variant="link"
              size="inline"
              onClick={() =>
                markAll.mutate(undefined, {
                  onSuccess: () => toast({ title: 'All notifications marked as read', variant: 'success' }),
                  onError: failed('mark all notifications as read'),
                })
              }
              disabled={!items.some((item) => !item.isRead)}
              pending={markAll.isPending}
            >
              Mark all as read
            </Button>
          </div>
          {list.isRefetchError ? (
            <PanelError onRetry={() => list.refetch()}>Could not load notifications.</PanelError>
          ) : items.length === 0 ? (
            <PanelEmpty>
              No notifications yet. Transfers, deposits and card updates will appear here.
            </PanelEmpty>
          ) : (
            <>
              <ul className={bellStyles.pageList} aria-busy={list.isFetching || undefined}>
                {items.map((notification) => (
                  <li key={notification.id}>
                    <NotificationItem
                      notification={notification}
                      onClick={() => read(notification)}
                      onOpenMovement={() => read(notification)}
                    />
                  </li>
                ))}
              </ul>
              {list.isFetchNextPageError ? (
                <PanelError onRetry={() => list.fetchNextPage()}>
                  Could not load more notifications.
                </PanelError>
              ) : null}
              <div className={bellStyles.foot}>
                <p className={dashboardStyles.muted} role="status">
                  {items.length} notification{items.length === 1 ? '' : 's'} shown
                  {list.hasNextPage ? '' : ' · that is all'}
                </p>
                {list.hasNextPage ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => list.fetchNextPage()}
                    pending={list.isFetchingNextPage}
                  >
                    Load more<span className={visuallyHidden}> notifications</span>
                  </Button>
                ) : null}
              </div>
            </>
          )}
        </section>
      </div>
      <MobileTabBar isAdmin={user.isAdmin} />
    </>
  );
}
