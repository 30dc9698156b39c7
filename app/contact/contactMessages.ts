import { randomUUID } from 'node:crypto';
import {
  type ContactMessageCommand,
  contactMessageDecider,
  contactMessageStream,
} from '../../domain/contact/contactMessage.ts';
import type { EventMetadata } from '../../infra/eventStore/eventStore.ts';
import type { CommandContext } from '../commands/context.ts';
import { handleCommand } from '../commands/handleCommand.ts';

/** Stores a message from the contact form (docs/product-rules.md rule 13) as its own stream. */
export async function receiveContactMessage(
  ctx: CommandContext,
  message: Omit<ContactMessageCommand['data'], 'messageId'>,
  metadata: EventMetadata,
) {
  const messageId = randomUUID();
  const result = await handleCommand(
    ctx,
    contactMessageStream(messageId),
    contactMessageDecider,
    { type: 'ReceiveContactMessage', data: { messageId, ...message }, now: ctx.now() },
    metadata,
  );
  return { messageId, position: result.position };
}
