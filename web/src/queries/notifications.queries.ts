import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api.ts';

export type NotificationType = 'transaction' | 'system' | 'card' | 'other';

export interface AppNotification {
  id: string;
  title: string;
  message: string;
  type: NotificationType;
  relatedId: string | null;
  /** The history movement it is about: the notification links to its receipt (/transactions/{id}). */
  movementId: string | null;
  /** What made it (the event type) and the values its text carries: lib/notificationText.ts words it. */
  kind: string | null;
  params: Record<string, string>;
  isRead: boolean;
  createdAt: string;
}

export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
  pages: () => [...notificationKeys.all, 'pages'] as const,
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
};

/** docs/product-rules.md spec 4 and 9: the unread count is polled every 30 s. */
export const UNREAD_POLL_MS = 30_000;

export const unreadCountQuery = queryOptions({
  queryKey: notificationKeys.unreadCount(),
  queryFn: ({ signal }) =>
    api.get('/api/notifications/unread-count', { signal }) satisfies Promise<{ count: number }>,
  select: (data) => data.count,
  refetchInterval: UNREAD_POLL_MS,
  staleTime: 0,
});

export interface NotificationPage {
  notifications: AppNotification[];
  /** The `cursor` of the next page; null on the last one. */
  nextCursor: string | null;
}

/** The bell shows the newest few; "View all" opens the notifications page, which loads more on demand. */
export const BELL_PAGE_SIZE = 10;
export const NOTIFICATIONS_PAGE_SIZE = 20;

/**
 * docs/product-rules.md spec 7: the bell's list is fetched only while the popover is open (the caller
 * passes `enabled`): its first page, newest first.
 */
export const notificationsQuery = queryOptions({
  queryKey: notificationKeys.list(),
  queryFn: ({ signal }) =>
    api.get('/api/notifications/page', {
      query: { limit: String(BELL_PAGE_SIZE) },
      signal,
    }) satisfies Promise<NotificationPage>,
  staleTime: 0,
});

/** Every notification, a page at a time (the notifications page's "Load more"). */
export const notificationPagesQuery = infiniteQueryOptions({
  queryKey: notificationKeys.pages(),
  queryFn: ({ pageParam, signal }) =>
    api.get('/api/notifications/page', {
      query: { limit: String(NOTIFICATIONS_PAGE_SIZE), ...(pageParam ? { cursor: pageParam } : {}) },
      signal,
    }) satisfies Promise<NotificationPage>,
  initialPageParam: null as string | null,
  getNextPageParam: (page) => page.nextCursor,
  staleTime: 0,
});

function useRefetchNotifications() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}

export function useMarkNotificationReadMutation() {
  const refetch = useRefetchNotifications();
  return useMutation({
    mutationFn: (id: string) => api.patch('/api/notifications/{id}/read', { path: { id } }),
    onSettled: refetch,
  });
}

export function useMarkAllNotificationsReadMutation() {
  const refetch = useRefetchNotifications();
  return useMutation({
    mutationFn: () => api.patch('/api/notifications/mark-all-read'),
    onSettled: refetch,
  });
}
