import { assertNever, type Decider, eventGuard } from '../shared/decider.ts';
import type { UserId } from '../shared/ids.ts';

/**
 * Notifications themselves are derived (the notifications projection makes one per event worth telling);
 * only the user's reading of them is a fact of its own, kept in `notificationReads-<userId>` so the read
 * flags survive a rebuild.
 */
export const notificationReadsStream = (userId: UserId) => `notificationReads-${userId}`;

export type NotificationReadEvent =
  | { type: 'NotificationMarkedRead'; data: { userId: UserId; notificationId: string; readAt: string } }
  /** Marks every notification the user had when this event was written. */
  | { type: 'AllNotificationsMarkedRead'; data: { userId: UserId; readAt: string } };

export type NotificationReadCommand =
  | { type: 'MarkNotificationRead'; data: { userId: UserId; notificationId: string }; now: Date }
  | { type: 'MarkAllNotificationsRead'; data: { userId: UserId }; now: Date };

/** Every NotificationReadEvent type: the one list the type guard below is built from. */
export const NOTIFICATION_READ_EVENT_TYPES = [
  'NotificationMarkedRead',
  'AllNotificationsMarkedRead',
] as const;
export const isNotificationReadEvent = eventGuard<NotificationReadEvent>()(NOTIFICATION_READ_EVENT_TYPES);

export const notificationReadsDecider: Decider<
  { count: number },
  NotificationReadCommand,
  NotificationReadEvent
> = {
  initialState: () => ({ count: 0 }),
  isEvent: isNotificationReadEvent,
  decide(command) {
    const readAt = command.now.toISOString();
    switch (command.type) {
      case 'MarkNotificationRead':
        return [{ type: 'NotificationMarkedRead', data: { ...command.data, readAt } }];
      case 'MarkAllNotificationsRead':
        return [{ type: 'AllNotificationsMarkedRead', data: { ...command.data, readAt } }];
      default:
        return assertNever(command);
    }
  },
  evolve: (state, event) => (isNotificationReadEvent(event) ? { count: state.count + 1 } : state),
};
