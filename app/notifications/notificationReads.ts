import {
  type NotificationReadCommand,
  notificationReadsDecider,
  notificationReadsStream,
} from '../../domain/notifications/notificationReads.ts';
import type { UserId } from '../../domain/shared/ids.ts';
import type { EventMetadata } from '../../infra/eventStore/eventStore.ts';
import type { CommandContext } from '../commands/context.ts';
import { handleCommand } from '../commands/handleCommand.ts';

/** Marks one notification, or all of a user's, as read: one stream of reads per user. */
export function recordNotificationRead(
  ctx: CommandContext,
  userId: UserId,
  command: NotificationReadCommand,
  metadata: EventMetadata,
) {
  return handleCommand(ctx, notificationReadsStream(userId), notificationReadsDecider, command, metadata);
}
