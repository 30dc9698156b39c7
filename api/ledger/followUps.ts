import type { AccountEvent } from '../../domain/accounts/account.ts';
import type { CryptoDepositEvent } from '../../domain/crypto/cryptoDeposit.ts';
import type { NetworkId } from '../../domain/crypto/networks.ts';
import type { WithdrawalEvent } from '../../domain/crypto/withdrawal.ts';
import type { PaymentEvent } from '../../domain/payments/payment.ts';
import type { CryptoAsset } from '../../domain/shared/money.ts';
import type { RecordedEvent } from '../../infra/eventStore/eventStore.ts';
import type { Projection } from '../../projections/projection.ts';
import { cardCommand, saiBalanceUnits } from '../cards/cards.service.ts';
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
      const metadata = {
        actorId: null,
        correlationId: recorded.metadata.correlationId,
        causationId: recorded.id,
      };
      const now = ctx.now();
      switch (event.type) {
        case 'TokensTransferred': {
          const { transactionId, fromUserId, toUserId, amount, asset } = event.data;
          await creditTransfer(ctx, { transactionId, fromUserId, toUserId, asset, amount }, metadata);
          return;
        }
        case 'TokensMinted':
        case 'TransferReceived': {
          if (event.data.asset !== 'SAI') return;
          const userId = event.type === 'TokensMinted' ? event.data.userId : event.data.toUserId;
          const balanceUnits = await saiBalanceUnits(ctx, userId);
          await cardCommand(ctx, userId, { type: 'UpgradeTier', data: { balanceUnits }, now }, metadata);
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
  };
}
