/**
 * Time along the log (docs/ledger.md invariant 9). Two clocks stamp an event: the command's, inside its
 * data when it is decided (`transferredAt`, `mintedAt`…), which the hash chain covers; and the store's, when
 * the row is inserted (`recordedAt`, es_events.created_at = clock_timestamp()), which nothing covers. So:
 * - the stored time never runs backwards along the log by more than EVENT_TIME_TOLERANCE_MS: log order is by
 *   transaction id, taken at a transaction's first write, so a transaction that started first but wrote
 *   its rows later (a lock wait, a batch of streams) may stamp them a little after the next transaction's;
 * - the stored time is never before the data's by more than EVENT_TIME_TOLERANCE_MS (the data is decided
 *   before the append; the tolerance is for the application's clock running ahead of Postgres'), nor after
 *   it by more than EVENT_APPEND_LAG_MS (a command's retries keep the time it was first decided at, and an
 *   append may wait out a Postgres restart). A `created_at` moved back by more than 5 s is caught by the
 *   hashed time even where it still fits the order; moving both back needs the digest (invariant 8).
 * Measured on the audit workload (moneyTamper.int.test.ts's honest log, 2 cores, printed as "event
 * times"): `created_at` never stepped back along the log, lagged the data's time by at most 0.33 s and
 * was never before it; 5 s is fifteen times that, and a backdating that matters is minutes or days.
 */
export const EVENT_TIME_TOLERANCE_MS = 5_000;
export const EVENT_APPEND_LAG_MS = 10 * 60_000;

/** The field of each money or approval event holding when it was decided (ISO 8601). */
export const EVENT_TIME_FIELDS: Readonly<Record<string, string>> = {
  TokensMinted: 'mintedAt',
  TokensTransferred: 'transferredAt',
  TransferReceived: 'receivedAt',
  CryptoDepositCredited: 'creditedAt',
  WithdrawalHoldPlaced: 'placedAt',
  WithdrawalHoldReleased: 'releasedAt',
  BalanceMovedToDormant: 'movedAt',
  CardStakePlaced: 'placedAt',
  CardStakeReleased: 'releasedAt',
  WithdrawalRequested: 'requestedAt',
  WithdrawalCompleted: 'at',
  WithdrawalFailed: 'at',
  PaymentProofSubmitted: 'submittedAt',
  PaymentApproved: 'approvedAt',
  PaymentRejected: 'rejectedAt',
  CryptoDepositDeclared: 'declaredAt',
  CryptoDepositConfirmed: 'at',
  CryptoDepositRejected: 'at',
  UserRegistered: 'registeredAt',
  UserPromotedToAdmin: 'promotedAt',
  DistributionRecorded: 'recordedAt',
  ApprovalRequested: 'requestedAt',
  ApprovalGranted: 'approvedAt',
  ApprovalRejected: 'rejectedAt',
  ApprovalCancelled: 'cancelledAt',
  ApprovedActionApplied: 'appliedAt',
  ApprovedActionRefused: 'refusedAt',
};

/** The time an event's data says it was decided, or null when its type carries none (or it is unreadable). */
export function decidedAt(event: { type: string; data: unknown }): Date | null {
  const field = Object.hasOwn(EVENT_TIME_FIELDS, event.type) ? EVENT_TIME_FIELDS[event.type]! : null;
  if (field === null) return null;
  const text = (event.data as Record<string, unknown> | null)?.[field];
  if (typeof text !== 'string') return null;
  const time = new Date(text);
  return Number.isNaN(time.getTime()) ? null : time;
}

/**
 * Checks events given in log order: returns, for each, what is wrong with its time (empty when nothing).
 * `last` is the newest stored time seen so far (carried across batches by the caller, or null).
 */
export class EventClock {
  constructor(
    private last: Date | null = null,
    private readonly toleranceMs = EVENT_TIME_TOLERANCE_MS,
    private readonly lagMs = EVENT_APPEND_LAG_MS,
  ) {}

  get newest(): Date | null {
    return this.last;
  }

  check(event: { type: string; data: unknown; recordedAt: Date }): string[] {
    const problems: string[] = [];
    const stored = event.recordedAt;
    if (this.last && this.last.getTime() - stored.getTime() > this.toleranceMs)
      problems.push(
        `its stored time ${stored.toISOString()} is before the log's ${this.last.toISOString()} by more than ${this.toleranceMs} ms (time runs backwards)`,
      );
    const decided = decidedAt(event);
    const lag = decided ? stored.getTime() - decided.getTime() : 0;
    if (decided && lag < -this.toleranceMs)
      problems.push(
        `its stored time ${stored.toISOString()} is before the time in its data ${decided.toISOString()} by more than ${this.toleranceMs} ms (backdated)`,
      );
    else if (decided && lag > this.lagMs)
      problems.push(
        `its stored time ${stored.toISOString()} is after the time in its data ${decided.toISOString()} by more than ${this.lagMs} ms`,
      );
    if (!this.last || stored > this.last) this.last = stored;
    return problems;
  }
}
