import { accountDecider, accountStream, balanceOf } from '../../domain/accounts/account.ts';
import { cardDecider, cardStream, type ShippingAddress } from '../../domain/cards/card.ts';
import type { UserId } from '../../domain/shared/ids.ts';
import type { EventMetadata } from '../../infra/eventStore/eventStore.ts';
import { nameBasedUuid } from '../../infra/ids.ts';
import { hashSecret } from '../auth/credentials.ts';
import type { CommandContext } from '../commands/context.ts';
import { handleCommand, loadState } from '../commands/handleCommand.ts';
import { savePinHash } from './cardPins.table.ts';

/** One card per user: its id is derived from the user's, so a second request meets the existing stream. */
export const cardIdFor = (userId: UserId) => nameBasedUuid(`card:${userId}`);

/** A card as its stream tells it (the write side: never behind the caller's own last command). */
export async function loadCard(ctx: CommandContext, cardId: string) {
  return (await loadState(ctx, cardStream(cardId), cardDecider)).state;
}

export async function saiBalanceUnits(ctx: CommandContext, userId: UserId): Promise<bigint> {
  const { state } = await loadState(ctx, accountStream(userId), accountDecider);
  return balanceOf(state, 'SAI');
}

export async function cardCommand(
  ctx: CommandContext,
  userId: UserId,
  command: Parameters<typeof cardDecider.decide>[0],
  metadata: EventMetadata,
) {
  return await handleCommand(ctx, cardStream(cardIdFor(userId)), cardDecider, command, metadata);
}

export async function requestCard(
  ctx: CommandContext,
  userId: UserId,
  address: ShippingAddress | null,
  metadata: EventMetadata,
) {
  const balanceUnits = await saiBalanceUnits(ctx, userId);
  return await cardCommand(
    ctx,
    userId,
    {
      type: 'RequestCard',
      data: { cardId: cardIdFor(userId), userId, balanceUnits, address },
      now: ctx.now(),
    },
    metadata,
  );
}

// The holder's upgrade is a stake now (app/cards/stake.ts, docs/product-rules.md rule 30): the card's
// UpgradeCard command stays in the decider only so that logs holding CardUpgraded still read.

/** PINs are argon2 hashes in `card_pins` (a migration's table), outside the log (docs/product-rules.md rule 14). */
export async function changePin(ctx: CommandContext, userId: UserId, pin: string, metadata: EventMetadata) {
  const result = await cardCommand(ctx, userId, { type: 'ChangePin', now: ctx.now() }, metadata);
  await savePinHash(ctx.pool, cardIdFor(userId), await hashSecret(pin));
  return result;
}
