import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { ConflictError, ValidationError } from '../../domain/shared/errors.ts';
import { newId, type UserId } from '../../domain/shared/ids.ts';
import { passkeysDecider, userPasskeysStream } from '../../domain/users/passkeys.ts';
import type { EventMetadata, LogPosition } from '../../infra/eventStore/eventStore.ts';
import { withTransaction } from '../../infra/postgres/pool.ts';
import { type CommandContext, handleCommand } from '../commands/handleCommand.ts';
import { deletePasskey, insertPasskey, passkeysOf } from './passkeys.table.ts';
import { type PasskeySummary, type RelyingParty, summary, verifyRegistration } from './passkeys.ts';
import { assertSecondFactorAllowed } from './users.service.ts';

/**
 * Adding and removing a passkey: the credential goes to (or leaves) the `passkeys` table, and the log
 * records the fact on the user's passkey stream with the passkey's public id only. The row is written in
 * a database transaction that commits only once the event is appended, so a refused or failed append
 * changes nothing. (The log and the table are two stores: a crash between the append and the commit would
 * leave the event without its row change, the same window every secret kept beside the log has.)
 */
export async function addPasskey(
  ctx: CommandContext,
  rp: RelyingParty,
  userId: UserId,
  input: { name: string; response: RegistrationResponseJSON },
  metadata: EventMetadata,
): Promise<{ passkey: PasskeySummary; position: LogPosition | null }> {
  await assertSecondFactorAllowed(ctx, userId);
  const now = ctx.now();
  const credential = await verifyRegistration(ctx.pool, rp, userId, input.response, now);
  if (!credential) {
    throw new ValidationError('The passkey could not be verified. Please try again.');
  }
  const id = newId();
  return await withTransaction(ctx.pool, async (tx) => {
    const taken = await tx.query('SELECT 1 FROM passkeys WHERE credential_id = $1', [
      credential.credentialId,
    ]);
    if (taken.rowCount) {
      throw new ConflictError('This passkey is already registered');
    }
    await insertPasskey(tx, { id, userId, name: input.name, ...credential }, now);
    const { position } = await handleCommand(
      ctx,
      userPasskeysStream(userId),
      passkeysDecider,
      { type: 'AddPasskey', data: { userId, passkeyId: id }, now },
      metadata,
    );
    const row = (await passkeysOf(tx, userId)).find((p) => p.id === id);
    if (!row) throw new Error('passkey row missing after insert');
    return { passkey: summary(row), position };
  });
}

export async function removePasskey(
  ctx: CommandContext,
  userId: UserId,
  passkeyId: string,
  metadata: EventMetadata,
): Promise<{ position: LogPosition | null }> {
  return await withTransaction(ctx.pool, async (tx) => {
    // The row first, so that once the removal is in the log the passkey can no longer sign anyone in.
    await deletePasskey(tx, userId, passkeyId);
    // The decider refuses (404) a passkey the user does not hold, someone else's included: the delete
    // above then rolls back (it matched no row of this user's anyway).
    const { position } = await handleCommand(
      ctx,
      userPasskeysStream(userId),
      passkeysDecider,
      { type: 'RemovePasskey', data: { userId, passkeyId }, now: ctx.now() },
      metadata,
    );
    return { position };
  });
}
