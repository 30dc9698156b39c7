import { newId, type UserId } from '../../domain/shared/ids.ts';
import { mailSentDecider, userMailStream } from '../../domain/users/mailSent.ts';
import type { EventMetadata } from '../../infra/eventStore/eventStore.ts';
import { type CommandContext, handleCommand } from '../commands/handleCommand.ts';
import type { AppContext } from '../context.ts';
import type { Mail } from './mailer.ts';

/**
 * Sends a mail to one of our users and records that it went (MailSent on `userMail-<id>`: its purpose and
 * time only), which is all an admin ever sees of it (the audit's streams of a user). Recorded after the
 * send: a mail that failed is not in the log (its failure is a log line by purpose, see inBackground).
 */
export async function sendUserMail(
  ctx: CommandContext & Pick<AppContext, 'mailer'>,
  userId: UserId,
  mail: Mail,
  metadata: EventMetadata,
): Promise<void> {
  await ctx.mailer.send(mail);
  await handleCommand(
    ctx,
    userMailStream(userId),
    mailSentDecider,
    { type: 'RecordMailSent', data: { userId, mailId: newId(), purpose: mail.purpose }, now: ctx.now() },
    metadata,
  );
}
