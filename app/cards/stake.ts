import {
  type AccountEvent,
  accountDecider,
  accountStream,
  balanceOf,
  stakedOf,
} from '../../domain/accounts/account.ts';
import { type CardTier, cardDecider, cardStream, tierReachedBy } from '../../domain/cards/card.ts';
import { NotFoundError } from '../../domain/shared/errors.ts';
import type { UserId } from '../../domain/shared/ids.ts';
import { formatUnits } from '../../domain/shared/money.ts';
import type { EventMetadata } from '../../infra/eventStore/eventStore.ts';
import type { CommandContext } from '../commands/context.ts';
import { handleCommand, loadState } from '../commands/handleCommand.ts';
import { handleTransaction } from '../commands/transaction.ts';
import { cardIdFor } from './cards.service.ts';

type StakeEvent = Extract<AccountEvent, { type: 'CardStakePlaced' | 'CardStakeReleased' }>;

export const NO_CARD_TO_STAKE = 'Order your card first: a stake backs a card';

/** The user's card stake as the write side knows it: what is held, the tier it backs, what is left. */
export interface StakeView {
  staked: string;
  tier: CardTier;
  available: string;
}

export async function stakeOf(ctx: CommandContext, userId: UserId): Promise<StakeView> {
  const { state } = await loadState(ctx, accountStream(userId), accountDecider);
  return {
    staked: formatUnits(stakedOf(state), 'SAI'),
    tier: tierReachedBy(stakedOf(state)),
    available: formatUnits(balanceOf(state, 'SAI'), 'SAI'),
  };
}

/** The card's leg of a stake, from the account's event alone: the same command the transaction appends. */
function followCommand(ctx: CommandContext, event: StakeEvent['data']) {
  return {
    type: 'FollowStake' as const,
    data: { transactionId: event.transactionId, tier: event.tier, staked: event.staked },
    now: ctx.now(),
  };
}

/**
 * The card's leg of a stake the log holds without it (the follow-up worker's, for a store without atomic
 * appends across streams after a crash between the legs). Seeded as the transaction's leg, so where the
 * leg is already written (always, on Postgres) it finds it and appends nothing.
 */
export async function followStake(ctx: CommandContext, event: StakeEvent['data'], metadata: EventMetadata) {
  return await handleCommand(
    ctx,
    cardStream(cardIdFor(event.userId)),
    cardDecider,
    followCommand(ctx, event),
    metadata,
    { eventIdSeed: `${event.transactionId}:card`, findEarlier: true },
  );
}

/**
 * Sets the user's card stake to `tier`'s amount (docs/product-rules.md rule 30): one decision, one commit
 * (app/commands/transaction.ts). The account stream decides (hold what the stake lacks from the spendable
 * balance, or release what it has beyond the tier), so a transfer or withdrawal racing it can never spend
 * the same units; the card's stream follows in the same commit with CardStaked, built from the account's
 * event alone. `commandId` (from the Idempotency-Key) is the stake's transaction id: a retry finds what the
 * first attempt wrote and changes nothing.
 */
export async function setCardStake(
  ctx: CommandContext,
  userId: UserId,
  tier: CardTier,
  commandId: string,
  metadata: EventMetadata,
) {
  const card = await loadState(ctx, cardStream(cardIdFor(userId)), cardDecider);
  // A card is never removed, so this look-up cannot go stale; the card's leg checks it again.
  if (card.state.status === 'none') throw new NotFoundError(NO_CARD_TO_STAKE);
  return await handleTransaction(
    ctx,
    {
      streamName: accountStream(userId),
      decider: accountDecider,
      command: { type: 'SetCardStake', data: { transactionId: commandId, userId, tier }, now: ctx.now() },
      seed: `${commandId}:stake`,
    },
    (events) =>
      events
        .filter(
          (event): event is StakeEvent =>
            event.type === 'CardStakePlaced' || event.type === 'CardStakeReleased',
        )
        .map((event) => ({
          streamName: cardStream(cardIdFor(event.data.userId)),
          decider: cardDecider,
          command: followCommand(ctx, event.data),
          seed: `${event.data.transactionId}:card`,
        })),
    metadata,
  );
}
