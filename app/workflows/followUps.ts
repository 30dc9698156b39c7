import type { AccountEvent } from '../../domain/accounts/account.ts';
import type { ApprovalEvent } from '../../domain/approvals/approval.ts';
import type { CryptoDepositEvent } from '../../domain/crypto/cryptoDeposit.ts';
import type { WithdrawalEvent } from '../../domain/crypto/withdrawal.ts';
import type { PaymentEvent } from '../../domain/payments/payment.ts';
import type { RecordedEvent } from '../../infra/eventStore/eventStore.ts';
import {
  applyEvent,
  defineProjection,
  type Handlers,
  type Projection,
} from '../../projections/projection.ts';
import { applyAndRecord } from '../approvals/apply.ts';
import { loadApproval } from '../approvals/approvals.service.ts';
import { cardCommand } from '../cards/cards.service.ts';
import { followStake } from '../cards/stake.ts';
import type { CommandContext } from '../commands/context.ts';
import { creditDeposit, recordWithdrawal, releaseHold } from '../crypto/crypto.service.ts';
import { creditTransfer, mintForApproval } from '../ledger/ledger.service.ts';
import { dueApprovals } from './dueApprovals.ts';
import { type DueDebit, dueCredits, transactionIdOf } from './dueCredits.ts';

/**
 * How long a transfer's request has to write the receiver's credit itself before the follow-up worker
 * does. The request credits a few milliseconds after its debit; a worker that credited as soon as it saw
 * the debit raced it on the receiver's stream, and under load lost most races after doing the work (a
 * locked append, a failed compare-and-set in the request, a duplicate event id): measured, one transfer
 * in ten took that path. What the grace costs is the credit of a request that died: it lands up to
 * this long (plus a sweep) later.
 */
export const CREDIT_GRACE_MS = 2_000;
/**
 * How long an approver's request has to apply the approved action itself before the follow-up does: it
 * applies right after recording the approval (milliseconds); a request that has not recorded the outcome
 * after this long died in between. Running both at once is safe (app/approvals/apply.ts), the grace only
 * keeps the worker from doing the request's work twice in the common case.
 */
export const APPROVAL_GRACE_MS = 5_000;
const SWEEP_EVERY_MS = 500;

export interface FollowUpOptions {
  /** 0 credits at once on seeing the debit (the deterministic simulation, which has no database). */
  creditGraceMs?: number;
  /** As creditGraceMs, for approved four-eyes requests with no outcome yet. */
  approvalGraceMs?: number;
  sweepEveryMs?: number;
}

/** The events the follow-ups read. */
type FollowedEvent = AccountEvent | PaymentEvent | CryptoDepositEvent | WithdrawalEvent | ApprovalEvent;

/**
 * A process manager run by the projection runner (projections/engine/runner.ts: its own lead/standby/backoff
 * loop, lock and checkpoint, as each projection has). Every business action that spans two streams is
 * written by the request itself, in order; this worker finishes whatever a crash interrupted:
 * - a transfer's credit to the receiver; an approved payment's mint; a confirmed crypto deposit's credit;
 * - a withdrawal hold's request record; a failed withdrawal's release;
 * - the card: a submitted proof moves a pending card to verifying, an approval activates it. Its tier is
 *   left alone: it changes only when the holder asks (UpgradeCard), never because a balance moved;
 * - a four-eyes request approved with no outcome recorded (the approver's request died after the
 *   approval): applied from the request's record once APPROVAL_GRACE_MS has passed.
 * Each step is idempotent (keyed by the transaction id, with name-based event ids), so seeing an event
 * twice changes nothing. It owns no read model; its one table is the list of debits it gives their
 * request time to credit (CREDIT_GRACE_MS).
 */
export function ledgerFollowUps(ctx: CommandContext, options: FollowUpOptions = {}): Projection {
  const graceMs = options.creditGraceMs ?? CREDIT_GRACE_MS;
  const approvalGraceMs = options.approvalGraceMs ?? (graceMs <= 0 ? 0 : APPROVAL_GRACE_MS);
  const metadataOf = (recorded: { id: string; metadata: { correlationId: string } }) => ({
    actorId: null,
    correlationId: recorded.metadata.correlationId,
    causationId: recorded.id,
  });
  /** The receiver's credit of a debit, as the request would have written it. */
  const credit = (debit: DueDebit) => {
    const { transactionId, fromUserId, toUserId, amount, asset } = debit.data;
    // The request credits right after its debit, from another process: look before writing.
    return creditTransfer(ctx, { transactionId, fromUserId, toUserId, asset, amount }, metadataOf(debit), {
      readFirst: true,
    });
  };
  const debits = dueCredits(ctx.pool, graceMs, credit);
  /** Applies an approved request the approver's request did not finish (a no-op once it has an outcome). */
  const approvals = dueApprovals(ctx.pool, approvalGraceMs, async (approvalId, metadata) => {
    const state = await loadApproval(ctx, approvalId);
    if (state.status !== 'approved') return;
    await applyAndRecord(ctx, approvalId, state, { actorId: null, ...metadata });
  });
  const handlers: Handlers<FollowedEvent> = {
    async TokensTransferred(event, tx) {
      await debits.due(tx, [event]);
    },
    async TransferReceived(event, tx) {
      await debits.settled(tx, [event.data.transactionId]);
    },
    async PaymentProofSubmitted(event) {
      await cardCommand(
        ctx,
        event.data.userId,
        { type: 'MarkPaymentSubmitted', data: { paymentId: event.data.paymentId }, now: ctx.now() },
        metadataOf(event),
      );
    },
    async PaymentApproved(event) {
      const now = ctx.now();
      const metadata = metadataOf(event);
      await mintForApproval(ctx, event.data, metadata);
      await cardCommand(
        ctx,
        event.data.userId,
        { type: 'ActivateForPayment', data: { paymentId: event.data.paymentId }, now },
        metadata,
      );
    },
    async CryptoDepositConfirmed(event) {
      await creditDeposit(ctx, event.data, metadataOf(event));
    },
    async WithdrawalHoldPlaced(event) {
      await recordWithdrawal(ctx, event.data, metadataOf(event));
    },
    async WithdrawalFailed(event) {
      await releaseHold(ctx, event.data, metadataOf(event));
    },
    // A stake's card leg, where a store without atomic appends lost it (app/cards/stake.ts).
    async CardStakePlaced(event) {
      await followStake(ctx, event.data, metadataOf(event));
    },
    async CardStakeReleased(event) {
      await followStake(ctx, event.data, metadataOf(event));
    },
    async ApprovalGranted(event, tx) {
      await approvals.due(tx, event);
    },
    async ApprovedActionApplied(event, tx) {
      await approvals.decided(tx, event.data.approvalId);
    },
    async ApprovedActionRefused(event, tx) {
      await approvals.decided(tx, event.data.approvalId);
    },
  };
  const projection: Projection = defineProjection<FollowedEvent>({
    name: 'ledgerFollowUps',
    version: 1,
    // Its due list (`ledger_follow_ups_due`) is the process manager's own state, not a read model: a rebuild
    // leaves it alone, and it is created and changed by the versioned migrations (migrations/).
    tables: [],
    schema: '',
    handlers,
    /**
     * The same follow-ups for a batch, with what the batch itself shows done left out:
     * - a debit whose credit (TransferReceived, same transaction id) is in the batch was finished by its
     *   request: nothing to do (and no due row to take away).
     * Every step stays idempotent, so the runner may still replay the batch event by event.
     */
    async applyBatch(events, tx) {
      const credited = new Set<string>();
      for (const recorded of events)
        if (recorded.type === 'TransferReceived') credited.add(transactionIdOf(recorded));
      const uncredited: RecordedEvent[] = [];
      // A credit whose debit is in this batch too never had a due row: nothing to take away.
      const creditsOfEarlierDebits = new Set(credited);
      for (const recorded of events) {
        // Its credits were counted above: settled once, after the loop.
        if (recorded.type === 'TransferReceived') continue;
        if (recorded.type === 'TokensTransferred') {
          const transactionId = transactionIdOf(recorded);
          if (credited.has(transactionId)) creditsOfEarlierDebits.delete(transactionId);
          else uncredited.push(recorded);
          continue;
        }
        await applyEvent(projection, recorded, tx);
      }
      await debits.due(tx, uncredited);
      await debits.settled(tx, [...creditsOfEarlierDebits]);
    },
    whileLeading(onError) {
      if (graceMs <= 0 && approvalGraceMs <= 0) return async () => {};
      let sweeping: Promise<void> | null = null;
      const timer = setInterval(() => {
        sweeping ??= debits
          .sweep()
          .then(() => approvals.sweep())
          .catch(onError)
          .finally(() => {
            sweeping = null;
          });
      }, options.sweepEveryMs ?? SWEEP_EVERY_MS);
      return async () => {
        clearInterval(timer);
        await sweeping;
      };
    },
  });
  return projection;
}
