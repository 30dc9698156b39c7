import type { AccountEvent } from '../../domain/accounts/account.ts';
import { cardDecider, cardStream } from '../../domain/cards/card.ts';
import type { CryptoDepositEvent } from '../../domain/crypto/cryptoDeposit.ts';
import type { NetworkId } from '../../domain/crypto/networks.ts';
import type { WithdrawalEvent } from '../../domain/crypto/withdrawal.ts';
import type { PaymentEvent } from '../../domain/payments/payment.ts';
import type { CryptoAsset } from '../../domain/shared/money.ts';
import type { RecordedEvent } from '../../infra/eventStore/eventStore.ts';
import type { Projection } from '../../projections/projection.ts';
import { cardCommand, cardIdFor, saiBalanceUnits } from '../cards/cards.service.ts';
import { loadState } from '../commands/handleCommand.ts';
import { creditDeposit, recordWithdrawal, releaseHold } from '../crypto/crypto.service.ts';
import type { Deps } from '../deps.ts';
import { creditTransfer, mintForApproval } from './ledger.service.ts';

/**
 * A process manager run by the projection runner. Every business action that spans two streams is
 * written by the request itself, in order; this worker finishes whatever a crash interrupted:
 * - a transfer's credit to the receiver; an approved payment's mint; a confirmed crypto deposit's credit;
 * - a withdrawal hold's request record; a failed withdrawal's release;
 * - the card: a submitted proof moves a pending card to verifying, an approval activates it, and a balance
 *   crossing a tier threshold upgrades it.
 * Each step is idempotent (keyed by the transaction id, with name-based event ids), so seeing an event
 * twice changes nothing. It owns no tables.
 */
export function ledgerFollowUps(ctx: Pick<Deps, 'store' | 'cache' | 'pool' | 'now'>): Projection {
  const metadataOf = (recorded: RecordedEvent) => ({
    actorId: null,
    correlationId: recorded.metadata.correlationId,
    causationId: recorded.id,
  });
  /**
   * A balance change may lift the user's card to a higher tier. The card is read first: most users have
   * none, and then there is nothing to decide (one read, no balance read, no command).
   */
  const upgradeTier = async (userId: string, recorded: RecordedEvent) => {
    const stream = cardStream(cardIdFor(userId));
    const { state } = await loadState(ctx, stream, cardDecider);
    if (state.status === 'none') return;
    const balanceUnits = await saiBalanceUnits(ctx, userId);
    await cardCommand(
      ctx,
      userId,
      { type: 'UpgradeTier', data: { balanceUnits }, now: ctx.now() },
      metadataOf(recorded),
    );
  };
  return {
    name: 'ledgerFollowUps',
    tables: [],
    schema: 'SELECT 1;',
    handles: new Set([
      'TokensTransferred',
      'TokensMinted',
      'TransferReceived',
      'PaymentProofSubmitted',
      'PaymentApproved',
      'CryptoDepositConfirmed',
      'WithdrawalHoldPlaced',
      'WithdrawalFailed',
    ]),
    async apply(recorded: RecordedEvent) {
      const event = { type: recorded.type, data: recorded.data } as
        | AccountEvent
        | PaymentEvent
        | CryptoDepositEvent
        | WithdrawalEvent;
      const metadata = metadataOf(recorded);
      const now = ctx.now();
      switch (event.type) {
        case 'TokensTransferred': {
          const { transactionId, fromUserId, toUserId, amount, asset } = event.data;
          // The request credits right after its debit, from another process: look before writing.
          await creditTransfer(ctx, { transactionId, fromUserId, toUserId, asset, amount }, metadata, {
            readFirst: true,
          });
          return;
        }
        case 'TokensMinted':
        case 'TransferReceived': {
          if (event.data.asset !== 'SAI') return;
          await upgradeTier(
            event.type === 'TokensMinted' ? event.data.userId : event.data.toUserId,
            recorded,
          );
          return;
        }
        case 'PaymentProofSubmitted':
          await cardCommand(
            ctx,
            event.data.userId,
            { type: 'MarkPaymentSubmitted', data: { paymentId: event.data.paymentId }, now },
            metadata,
          );
          return;
        case 'PaymentApproved':
          await mintForApproval(ctx, event.data, metadata);
          await cardCommand(
            ctx,
            event.data.userId,
            { type: 'ActivateForPayment', data: { paymentId: event.data.paymentId }, now },
            metadata,
          );
          return;
        case 'CryptoDepositConfirmed':
          await creditDeposit(ctx, event.data, metadata);
          return;
        case 'WithdrawalHoldPlaced': {
          const d = event.data;
          await recordWithdrawal(
            ctx,
            {
              withdrawalId: d.transactionId,
              userId: d.userId,
              // A hold is only ever placed for a crypto withdrawal on a network checked at request time.
              asset: d.asset as CryptoAsset,
              amount: d.amount,
              address: d.address,
              chain: d.chain as NetworkId,
              notes: d.notes,
            },
            metadata,
          );
          return;
        }
        case 'WithdrawalFailed':
          await releaseHold(ctx, event.data, metadata);
          return;
        default:
          return;
      }
    },
    /**
     * The same follow-ups for a batch, with what the batch itself shows done left out:
     * - a debit whose credit (TransferReceived, same transaction id) is in the batch was finished by its
     *   request: nothing to do;
     * - a tier upgrade is decided on the user's balance and card as they are now, not on the event, so one
     *   check per user after the batch's other follow-ups (which may move either) is what checking after
     *   each of the user's events would end with. The users' checks run together: their reads are
     *   independent streams, which the store reads in shared round trips.
     * Every step stays idempotent, so the runner may still replay the batch event by event.
     */
    async applyBatch(events, tx) {
      const credited = new Set<string>();
      for (const recorded of events) {
        if (recorded.type === 'TransferReceived')
          credited.add((recorded.data as { transactionId: string }).transactionId);
      }
      const upgrades = new Map<string, RecordedEvent>();
      for (const recorded of events) {
        if (recorded.type === 'TokensMinted' || recorded.type === 'TransferReceived') {
          const data = recorded.data as { asset: string; userId?: string; toUserId?: string };
          if (data.asset === 'SAI') {
            const userId = (recorded.type === 'TokensMinted' ? data.userId : data.toUserId) as string;
            upgrades.set(userId, recorded);
          }
          continue;
        }
        if (
          recorded.type === 'TokensTransferred' &&
          credited.has((recorded.data as { transactionId: string }).transactionId)
        )
          continue;
        await this.apply(recorded, tx);
      }
      await Promise.all([...upgrades].map(([userId, recorded]) => upgradeTier(userId, recorded)));
    },
  };
}
