import type { UserId } from '../../domain/shared/ids.ts';
import { signInDecider, signInStream } from '../../domain/users/signIns.ts';
import type { EventMetadata } from '../../infra/eventStore/eventStore.ts';
import type { CommandContext } from '../commands/context.ts';
import { handleCommand } from '../commands/handleCommand.ts';
import { publicSessionId, type SessionOrigin } from './sessions.ts';

/**
 * Records a sign-in for the security centre, under the session's public id (never the session id itself:
 * no session id is ever in the log).
 */
export function recordSignIn(
  ctx: CommandContext,
  userId: UserId,
  sessionId: string,
  origin: SessionOrigin & { newDevice: boolean },
  metadata: EventMetadata,
) {
  const publicId = publicSessionId(sessionId);
  return handleCommand(
    ctx,
    signInStream(publicId),
    signInDecider,
    {
      type: 'RecordSignIn',
      data: {
        userId,
        sessionId: publicId,
        browser: origin.browser ?? '',
        os: origin.os ?? '',
        address: origin.address ?? '',
        newDevice: origin.newDevice,
      },
      now: ctx.now(),
    },
    metadata,
  );
}
