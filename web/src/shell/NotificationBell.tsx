import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeftRight, Bell, CreditCard, Info, type LucideIcon } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useEffect, useId, useRef, useState } from 'react';
import { t } from '@/i18n/i18n.ts';
import { badgeText, formatRelative } from '@/lib/format.ts';
import { notificationText } from '@/lib/notificationText.ts';
import {
  type AppNotification,
  type NotificationType,
  notificationsQuery,
  unreadCountQuery,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
} from '@/queries/notifications.queries.ts';
import { refreshAfterMoneyCommand } from '@/queries/refresh.ts';
import { visuallyHidden } from '@/styles/layout.css.ts';
import { Button } from '@/ui/Button/Button.tsx';
import { PopoverPanel } from '@/ui/Popover/PopoverPanel.tsx';
import { toast } from '@/ui/toast/index.ts';
import * as styles from './NotificationBell.css.ts';

const icons: Record<NotificationType, LucideIcon> = {
  transaction: ArrowLeftRight,
  system: Info,
  card: CreditCard,
  other: Bell,
};

export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const queryClient = useQueryClient();
  const { data: polledCount } = useQuery(unreadCountQuery);
  const count = polledCount ?? 0;
  const list = useQuery({ ...notificationsQuery, enabled: open });
  const markRead = useMarkNotificationReadMutation();
  const markAll = useMarkAllNotificationsReadMutation();

  // A new unread notification means something happened to this account elsewhere (money received, a
  // payment decided): refresh what the screen shows of it too.
  const lastCount = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (polledCount === undefined) return;
    if (lastCount.current !== undefined && polledCount > lastCount.current) {
      void refreshAfterMoneyCommand(queryClient);
    }
    lastCount.current = polledCount;
  }, [polledCount, queryClient]);

  const badge = badgeText(count);
  // The name holds the badge's visible text ("9+" above nine), so what is seen is what is said (WCAG 2.5.3).
  const label = badge ? t('shell.bell.label', { badge }) : t('shell.bell.title');

  const onItemClick = (notification: AppNotification) => {
    if (notification.isRead || markRead.isPending) return;
    markRead.mutate(notification.id, {
      onError: (error) =>
        toast({
          title: t('shell.error'),
          description: t('shell.bell.markFailed', { message: error.message }),
          variant: 'destructive',
        }),
    });
  };

  const onMarkAll = () => {
    markAll.mutate(undefined, {
      onSuccess: () => toast({ title: t('shell.bell.allRead'), variant: 'success' }),
      onError: (error) =>
        toast({
          title: t('shell.error'),
          description: t('shell.bell.markAllFailed', { message: error.message }),
          variant: 'destructive',
        }),
    });
  };

  const items = list.data?.notifications ?? [];
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger className={styles.trigger} aria-label={label}>
        <Bell size={20} aria-hidden="true" />
        {badge ? (
          <span className={styles.badge} aria-hidden="true" data-badge="">
            {badge}
          </span>
        ) : null}
      </Popover.Trigger>
      <PopoverPanel className={styles.content} labelledBy={headingId}>
        <div className={styles.head}>
          <h2 id={headingId} className={styles.heading}>
            {t('shell.bell.title')}
          </h2>
          <Button
            variant="link"
            size="inline"
            onClick={onMarkAll}
            disabled={count === 0 && !items.some((item) => !item.isRead)}
            pending={markAll.isPending}
          >
            {t('shell.bell.markAll')}
          </Button>
        </div>
        <ul className={styles.list} aria-busy={list.isPending || undefined}>
          {list.isPending ? (
            <li className={styles.empty} role="status">
              {t('shell.bell.loading')}
            </li>
          ) : list.isError ? (
            <li className={styles.empty} role="alert">
              {t('shell.bell.loadFailed')}
            </li>
          ) : items.length === 0 ? (
            <li className={styles.empty}>{t('shell.bell.empty')}</li>
          ) : (
            items.map((notification) => (
              <li key={notification.id}>
                <NotificationItem
                  notification={notification}
                  onClick={() => onItemClick(notification)}
                  onOpenMovement={() => {
                    onItemClick(notification);
                    setOpen(false);
                  }}
                />
              </li>
            ))
          )}
        </ul>
        <div className={styles.foot}>
          <Link to="/notifications" className={styles.viewAll} onClick={() => setOpen(false)}>
            {t('shell.bell.viewAll')}
          </Link>
        </div>
      </PopoverPanel>
    </Popover.Root>
  );
}

/** One notification: the bell's list and the notifications page show it alike. */
export function NotificationItem({
  notification,
  onClick,
  onOpenMovement,
}: {
  notification: AppNotification;
  onClick: () => void;
  onOpenMovement: () => void;
}) {
  const Icon = icons[notification.type] ?? Bell;
  const unread = !notification.isRead;
  const { title, message } = notificationText(notification);
  const body = (
    <>
      <span className={styles.itemIcon} aria-hidden="true">
        <Icon size={16} />
      </span>
      <span className={styles.itemBody}>
        <span className={styles.itemTitle}>
          {unread ? <span className={styles.unreadDot} aria-hidden="true" /> : null}
          {title}
          {unread ? <span className={visuallyHidden}> {t('shell.bell.unread')}</span> : null}
        </span>
        <span className={styles.itemMessage}>{message}</span>
        <time className={styles.itemTime} dateTime={notification.createdAt}>
          {formatRelative(notification.createdAt)}
        </time>
      </span>
    </>
  );
  // Only an unread item does something when clicked (marks it read), so only it is a button.
  const item = unread ? (
    <button type="button" className={styles.item} data-unread="true" onClick={onClick}>
      {body}
    </button>
  ) : (
    <div className={styles.item} data-unread="false">
      {body}
    </div>
  );
  if (!notification.movementId) return item;
  // About a movement of the history: a link to its receipt beside it (following it marks it read too).
  return (
    <>
      {item}
      <Link
        to="/transactions/$id"
        params={{ id: notification.movementId }}
        className={styles.receiptLink}
        onClick={onOpenMovement}
        aria-label={t('shell.bell.receiptOf', { title })}
      >
        {t('shell.bell.receipt')}
      </Link>
    </>
  );
}
