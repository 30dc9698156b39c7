import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '@/content/constants.ts';
import { t, tRich } from '@/i18n/i18n.ts';
import type { User } from '@/queries/auth.queries.ts';
import {
  type AppNotification,
  notificationPagesQuery,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
} from '@/queries/notifications.queries.ts';
import * as bellStyles from '@/shell/NotificationBell.css.ts';
import { NotificationItem } from '@/shell/NotificationBell.tsx';
import { visuallyHidden } from '@/styles/layout.css.ts';
import { Button } from '@/ui/Button/Button.tsx';
import * as dashboardStyles from '@/ui/page/Page.css.ts';
import { translatedStates } from '@/ui/page/PageStates.tsx';
import * as panel from '@/ui/panel/Panel.css.ts';
import { PanelEmpty, PanelError } from '@/ui/query/QueryState.tsx';
import { toast } from '@/ui/toast/index.ts';
import { PageHeading, signedIn, TabBarPage } from './-components/SignedInPage.tsx';

/** Every notification, newest first, a page at a time: where the bell's "View all" leads. */
export const Route = createFileRoute('/_authed/notifications')({
  loader: ({ context }) => context.queryClient.ensureInfiniteQueryData(notificationPagesQuery),
  ...translatedStates({
    loading: 'shell.notifications.loading',
    title: 'shell.notifications.failedTitle',
    message: 'shell.notifications.failedText',
    to: '/dashboard',
    action: 'shell.notifications.failedAction',
  }),
  head: () => ({ meta: [{ title: pageTitle(t('shell.bell.title')) }] }),
  component: signedIn(Notifications),
});

function Notifications({ user }: { user: User }) {
  const list = useSuspenseInfiniteQuery(notificationPagesQuery);
  const items = list.data.pages.flatMap((item) => item.notifications);
  const markRead = useMarkNotificationReadMutation();
  const markAll = useMarkAllNotificationsReadMutation();
  const failed = (what: 'shell.bell.markFailed' | 'shell.bell.markAllFailed') => (error: Error) =>
    toast({
      title: t('shell.error'),
      description: t(what, { message: error.message }),
      variant: 'destructive',
    });
  const read = (notification: AppNotification) => {
    if (!notification.isRead && !markRead.isPending)
      markRead.mutate(notification.id, { onError: failed('shell.bell.markFailed') });
  };

  return (
    <TabBarPage user={user}>
      <PageHeading
        eyebrow={t('shell.notifications.eyebrow')}
        title={t('shell.bell.title')}
        lead={t('shell.notifications.lead')}
      />
      <section className={panel.panel} aria-labelledby="notifications-list-title">
        <div className={bellStyles.head}>
          <h2 id="notifications-list-title" className={bellStyles.heading}>
            {t('shell.notifications.all')}
          </h2>
          <Button
            variant="link"
            size="inline"
            onClick={() =>
              markAll.mutate(undefined, {
                onSuccess: () => toast({ title: t('shell.bell.allRead'), variant: 'success' }),
                onError: failed('shell.bell.markAllFailed'),
              })
            }
            disabled={!items.some((item) => !item.isRead)}
            pending={markAll.isPending}
          >
            {t('shell.bell.markAll')}
          </Button>
        </div>
        {list.isRefetchError ? (
          <PanelError onRetry={() => list.refetch()}>{t('shell.bell.loadFailed')}</PanelError>
        ) : items.length === 0 ? (
          <PanelEmpty>{t('shell.notifications.empty')}</PanelEmpty>
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
                {t('shell.notifications.moreFailed')}
              </PanelError>
            ) : null}
            <div className={bellStyles.foot}>
              <p className={dashboardStyles.muted} role="status">
                {t('shell.notifications.shown', { count: items.length })}
                {list.hasNextPage ? '' : ` · ${t('shell.notifications.thatIsAll')}`}
              </p>
              {list.hasNextPage ? (
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => list.fetchNextPage()}
                  pending={list.isFetchingNextPage}
                >
                  {tRich('shell.notifications.loadMore', {
                    hidden: (chunks) => <span className={visuallyHidden}>{chunks}</span>,
                  })}
                </Button>
              ) : null}
            </div>
          </>
        )}
      </section>
    </TabBarPage>
  );
}
