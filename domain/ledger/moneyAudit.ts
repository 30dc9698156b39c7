import {
  type AccountState,
  accountDecider,
  EVENTS_REFUSED_WHILE_CLOSED,
  isAccountEvent,
} from '../accounts/account.ts';
import { isAsset } from '../shared/money.ts';
import {
  type Data,
  differences,
  feeUnits,
  type Leg,
  type Observed,
  type Seen,
  settleOnce,
  type Transfer,
  text,
  units,
} from './auditLegs.ts';
import { FourEyesAudit } from './fourEyesAudit.ts';
import { postingsOf } from './postings.ts';
import { StakeAudit } from './stakeAudit.ts';
import { WithdrawalAudit } from './withdrawalAudit.ts';

/**
 * What the hash chains cannot see (docs/ledger.md invariants 1, 9-11): events each well formed and
 * chained, that together say money appeared, went below zero or was credited twice. Fed the log in order,
 * one event at a time (opened and upcast), it returns each event's problems as it goes, so the first
 * offending event is the one named:
 * - 1, no overdraft: after each event no `user:`, `holds:` or `dormant:` balance is below zero, per asset;
 * - 10, each credit is its debit (legs.ts): a TransferReceived is the TokensTransferred of its transaction
 *   (asset, amount, both users, on the receiver's stream), at most once; a withdrawal's request, settlement
 *   and release match its hold; a crypto credit matches its confirmation;
 * - 10, the write side is the ledger: each account stream folded with `accountDecider.evolve` has, per
 *   asset, the ledger's balance of `user:<id>` less the credits it is still owed (a transfer debited and not
 *   yet received, a failed withdrawal not yet released), after every event;
 * - 11, every mint is backed: a payment's by an earlier approval of that payment (user, amount, fee), at
 *   most one mint each; a distribution's by a `mintedBy` who was an admin at that point of the log;
 * - 12, a closed account takes nothing and starts nothing: after an `AccountClosed` (erasure's first step)
 *   and until an `AccountReopened`, its stream holds no credit, mint, deposit credit, transfer sent or
 *   withdrawal hold (the decider refuses each: `REFUSED_WHILE_CLOSED` in domain/accounts/account.ts).
 * - 13, a card's tier is money staked (stakeAudit.ts): each stake event books what its `staked` says, a
 *   release never exceeds the stake, and a card's CardStaked follows its stake event (no tier without
 *   its hold).
 * - 14, four-eyes (fourEyesAudit.ts): a request approved by an admin other than its requester before its
 *   outcome, and before a distribution minted under its id, which matches it.
 * `finish` names what is still awaited (a debit without its credit…): a warning while it is newer than
 * PENDING_BOUND_MS, a problem once older (the follow-up worker finishes one within seconds).
 */
export const PENDING_BOUND_MS = 15 * 60_000;

/**
 * A set that remembers at most `limit` members, forgetting the oldest first. The continuous verifier runs
 * for the life of a process over a log that only grows: what it remembers of settled transactions (to name
 * a second credit as such) must not grow with it. Forgetting one mostly changes a finding's wording (a
 * second credit of a forgotten transaction is still "a credit without its debit", a second mint "a mint
 * no approval backs"). One thing it then misses: a forgotten transaction debited *and* credited again, both
 * legs alike, which creates no money (conservation and the write side still hold) but repeats a payment;
 * `ledger:verify`, which ends, remembers everything and names it.
 */
export class BoundedSet {
  private readonly members = new Set<string>();
  constructor(private readonly limit: number) {}
  has(member: string): boolean {
    return this.members.has(member);
  }
  add(member: string): void {
    this.members.add(member);
    if (this.members.size <= this.limit) return;
    const oldest = this.members.values().next();
    if (!oldest.done) this.members.delete(oldest.value);
  }
}

export interface MoneyAuditOptions {
  /**
   * How many settled transactions, credited deposits, releases, mints and decided four-eyes requests it
   * remembers (default: all).
   */
  settledMemory?: number;
  /**
   * Whether it names balances below zero (invariant 1; default yes). The continuous verifier turns it off:
   * it checks invariant 1 itself, against the balances it stores (projections/ledgerTree/verification.ts).
   */
  overdrafts?: boolean;
}

export interface MoneyAuditOutcome {
  problems: string[];
  warnings: string[];
}

export class MoneyAudit {
  /** `account|asset` → minor units, from the postings. */
  readonly balances = new Map<string, bigint>();
  /** Account stream owner → what the write side may spend (accountDecider.evolve), per asset. */
  private readonly spendable = new Map<string, AccountState['balances']>();
  /** `user|asset` → credits the write side is still owed. */
  private readonly owed = new Map<string, bigint>();
  /** `user|asset` → how far the write side is from the ledger, as last reported. */
  private readonly drift = new Map<string, bigint>();
  private readonly transfers = new Map<string, Transfer>();
  private readonly received: BoundedSet;
  private readonly confirmed = new Map<string, Leg>();
  private readonly credited: BoundedSet;
  /** Approved payments not yet minted (a mint removes its approval). */
  private readonly approvals = new Map<string, Leg & { fee: bigint }>();
  private readonly minted: BoundedSet;
  private readonly admins = new Set<string>();
  private readonly distributions = new Map<string, Leg & { minted: boolean }>();
  /** Closed account stream owner → where it was closed (AccountClosed, not yet reopened). */
  private readonly closed = new Map<string, string>();
  /** Whether the log records distributions (since domain/ledger/distribution.ts): then each mint needs one. */
  private distributionsRecorded = false;
  private readonly overdrafts: boolean;
  private readonly stakes: StakeAudit;
  private readonly withdrawals: WithdrawalAudit;
  private readonly fourEyes: FourEyesAudit;

  constructor(options: MoneyAuditOptions = {}) {
    this.overdrafts = options.overdrafts ?? true;
    const limit = options.settledMemory ?? Number.POSITIVE_INFINITY;
    this.received = new BoundedSet(limit);
    this.withdrawals = new WithdrawalAudit(new BoundedSet(limit));
    this.credited = new BoundedSet(limit);
    this.minted = new BoundedSet(limit);
    this.stakes = new StakeAudit(new BoundedSet(limit));
    this.fourEyes = new FourEyesAudit((userId) => this.admins.has(userId), limit);
  }

  /**
   * One event, the next in log order: its problems, each prefixed with `where` (how the caller names the
   * event: stream, revision, position, id).
   */
  observe(
    event: { streamName: string; type: string; data: unknown; recordedAt: Date },
    where: string,
  ): string[] {
    const problems: string[] = [];
    const say = (problem: string) => problems.push(`${where}: ${problem}`);
    const d = (event.data ?? {}) as Data;
    const seen: Seen = { where, recordedAt: event.recordedAt };
    const touched = new Set<string>();
    const owe = (userId: string, asset: string, delta: bigint) => {
      const key = `${userId}|${asset}`;
      this.owed.set(key, (this.owed.get(key) ?? 0n) + delta);
      touched.add(key);
    };
    const leg = (userField = 'userId'): Leg => ({
      ...seen,
      asset: text(d.asset),
      units: units(d.amount, d.asset) ?? -1n,
      userId: text(d[userField]),
    });
    const onStream = (stream: string) => {
      if (event.streamName !== stream) say(`it belongs to stream ${stream}, not ${event.streamName}`);
    };
    const id = text(d.transactionId);
    this.closedAccount(event, where, say);
    for (const problem of this.stakes.observe(event, d, seen)) say(problem);
    for (const problem of this.fourEyes.observe(event, d, seen)) say(problem);
    const o: Observed = { event, d, where, seen, id, say, owe, leg, onStream };
    this.observeAdmins(o);
    this.observeTransfer(o);
    this.withdrawals.observe(o);
    this.observeIssuance(o);
    this.writeSide(event, d, say, touched);
    for (const posting of this.book(event, say)) touched.add(posting);
    for (const key of touched) {
      const [userId = '', asset = ''] = key.split('|');
      if (!isAsset(asset)) continue;
      const ledger = this.balances.get(`user:${userId}|${asset}`) ?? 0n;
      const write = this.spendable.get(userId)?.[asset] ?? 0n;
      const owed = this.owed.get(key) ?? 0n;
      // Reported where it departs, and again only where the difference changes.
      const drift = write - (ledger - owed);
      if (drift !== (this.drift.get(key) ?? 0n))
        say(
          `the write side of ${userId} may spend ${write} minor units of ${asset}, the ledger says ${ledger - owed} (${ledger} less ${owed} still to be credited)`,
        );
      this.drift.set(key, drift);
    }
    return problems;
  }

  /** Who is an admin at this point of the log. */
  private observeAdmins(o: Observed) {
    const { event, d } = o;
    switch (event.type) {
      case 'UserRegistered':
        if (d.isAdmin === true && event.streamName === `user-${text(d.userId)}`)
          this.admins.add(text(d.userId));
        break;
      case 'UserPromotedToAdmin':
        if (event.streamName === `user-${text(d.userId)}`) this.admins.add(text(d.userId));
        break;
    }
  }

  /** Invariant 10: a transfer's credit equals its debit, and comes once. */
  private observeTransfer(o: Observed) {
    const { event, d, id, say, owe, leg, onStream } = o;
    switch (event.type) {
      case 'TokensTransferred': {
        onStream(`account-${text(d.fromUserId)}`);
        if (this.transfers.has(id) || this.received.has(id)) say(`transaction ${id} was debited before`);
        const debit = { ...leg('fromUserId'), toUserId: text(d.toUserId) };
        this.transfers.set(id, debit);
        owe(debit.toUserId, debit.asset, debit.units);
        break;
      }
      case 'TransferReceived': {
        onStream(`account-${text(d.toUserId)}`);
        const debit = settleOnce(
          say,
          id,
          { awaited: this.transfers, settled: this.received },
          {
            again: `a second credit of transaction ${id}`,
            without: `a credit of transaction ${id} without its debit (no TokensTransferred before it)`,
            differs: 'the credit differs from its debit',
          },
          (debited) => {
            const wrong = differences(d, debited, 'fromUserId');
            if (d.toUserId !== debited.toUserId)
              wrong.push(`toUserId ${text(d.toUserId)} ≠ ${debited.toUserId}`);
            return wrong;
          },
        );
        if (debit) owe(debit.toUserId, debit.asset, -debit.units);
        break;
      }
    }
  }

  /** Invariants 10 and 11: a deposit's credit matches its confirmation; approvals and distributions by admins; mints backed. */
  private observeIssuance(o: Observed) {
    const { event, d, id, say, leg, onStream } = o;
    switch (event.type) {
      case 'CryptoDepositConfirmed':
        if (event.streamName === `cryptoDeposit-${text(d.depositId)}`)
          this.confirmed.set(text(d.depositId), leg());
        break;
      case 'CryptoDepositCredited': {
        onStream(`account-${text(d.userId)}`);
        settleOnce(
          say,
          id,
          { awaited: this.confirmed, settled: this.credited },
          {
            again: `deposit ${id} is credited a second time`,
            without: `deposit ${id} is credited without its confirmation`,
            differs: 'the credit differs from its confirmation',
          },
          (confirmation) => differences(d, confirmation),
        );
        break;
      }
      case 'PaymentApproved': {
        const paymentId = text(d.paymentId);
        if (event.streamName !== `payment-${paymentId}`) break;
        if (!this.admins.has(text(d.approvedBy)))
          say(`approved by ${text(d.approvedBy)}, who is not an admin at this point of the log`);
        this.approvals.set(paymentId, {
          ...leg(),
          asset: 'SAI',
          units: units(d.amount, 'SAI') ?? -1n,
          fee: feeUnits(d.fee),
        });
        break;
      }
      case 'DistributionRecorded': {
        if (event.streamName !== `distribution-${id}`) break;
        if (!this.admins.has(text(d.distributedBy)))
          say(`distributed by ${text(d.distributedBy)}, who is not an admin at this point of the log`);
        this.distributions.set(id, { ...leg('receiverId'), minted: false });
        this.distributionsRecorded = true;
        break;
      }
      case 'TokensMinted':
        onStream(`account-${text(d.userId)}`);
        for (const problem of this.mintProblems(d, id)) say(problem);
        break;
    }
  }

  /** Invariant 12: tracks closes and reopenings, and names what a closed account's stream must not hold. */
  private closedAccount(
    event: { streamName: string; type: string },
    where: string,
    say: (problem: string) => void,
  ) {
    if (!event.streamName.startsWith('account-')) return;
    const owner = event.streamName.slice('account-'.length);
    if (event.type === 'AccountReopened') this.closed.delete(owner);
    const closedAt = this.closed.get(owner);
    if (closedAt && EVENTS_REFUSED_WHILE_CLOSED.has(event.type))
      say(`${owner}'s account is closed ${closedAt}: a closed account takes no money and starts no movement`);
    if (event.type === 'AccountClosed' && !closedAt) this.closed.set(owner, `since ${where}`);
  }

  private mintProblems(d: Data, id: string): string[] {
    const problems: string[] = [];
    if (d.asset !== 'SAI') problems.push(`a mint of ${text(d.asset)}: only SAI is issued`);
    if (d.source === 'payment') {
      const paymentId = text(d.paymentId);
      const approval = this.approvals.get(paymentId);
      if (this.minted.has(paymentId)) problems.push(`payment ${paymentId} was minted before`);
      else if (!approval) problems.push(`a mint for payment ${paymentId}, which no admin approved before it`);
      else {
        const wrong = differences(d, approval);
        const fee = feeUnits(d.fee);
        if (fee !== approval.fee) wrong.push(`fee ${text(d.fee ?? '0')} ≠ ${approval.fee} minor units`);
        if (id !== paymentId) wrong.push(`transaction ${id} ≠ ${paymentId}`);
        if (wrong.length > 0)
          problems.push(`the mint differs from its approval ${approval.where}: ${wrong.join(', ')}`);
      }
      this.minted.add(paymentId);
      this.approvals.delete(paymentId);
    } else if (d.source === 'distribution') {
      if (!this.admins.has(text(d.mintedBy)))
        problems.push(`minted by ${text(d.mintedBy)}, who is not an admin at this point of the log`);
      // Since distributions are recorded (domain/ledger/distribution.ts), each mint needs its record: a
      // log from before the first record has none to show.
      const order = this.distributions.get(id);
      if (order) {
        const wrong = differences(d, order);
        if (order.minted) problems.push(`distribution ${id} was minted before`);
        else if (wrong.length > 0)
          problems.push(`the mint differs from its distribution ${order.where}: ${wrong.join(', ')}`);
        order.minted = true;
      } else if (this.distributionsRecorded)
        problems.push(`a distribution mint ${id} that no recorded distribution ordered`);
    } else problems.push(`a mint from unknown source ${text(d.source)}`);
    return problems;
  }

  /** Folds an account stream's event with the decider: what its owner may spend. */
  private writeSide(
    event: { streamName: string; type: string; data: unknown },
    d: Data,
    say: (p: string) => void,
    touched: Set<string>,
  ) {
    if (!event.streamName.startsWith('account-') || !isAccountEvent(event)) return;
    const owner = event.streamName.slice('account-'.length);
    const before = this.spendable.get(owner) ?? {};
    try {
      const state = accountDecider.evolve({ ...accountDecider.initialState(), balances: before }, event);
      this.spendable.set(owner, state.balances);
    } catch (error) {
      say(`the write side cannot fold it (${error instanceof Error ? error.message : String(error)})`);
    }
    if (typeof d.asset === 'string') touched.add(`${owner}|${d.asset}`);
  }

  /** Books the event's postings; returns the `user|asset` keys they touched. */
  private book(event: { type: string; data: unknown }, say: (p: string) => void): string[] {
    const touched: string[] = [];
    let postings: ReturnType<typeof postingsOf> = [];
    try {
      postings = postingsOf(event);
    } catch (error) {
      say(`its postings cannot be read (${error instanceof Error ? error.message : String(error)})`);
    }
    const after = new Set<string>();
    for (const posting of postings) {
      for (const [account, delta] of [
        [posting.from, -posting.units],
        [posting.to, posting.units],
      ] as const) {
        const key = `${account}|${posting.asset}`;
        this.balances.set(key, (this.balances.get(key) ?? 0n) + delta);
        after.add(key);
        if (account.startsWith('user:')) touched.push(`${account.slice(5)}|${posting.asset}`);
      }
    }
    if (!this.overdrafts) return touched;
    for (const key of after) {
      const balance = this.balances.get(key)!;
      const [account = ''] = key.split('|');
      if (balance < 0n && ['user', 'holds', 'dormant'].includes(account.slice(0, account.indexOf(':'))))
        say(`balance of ${key.replace('|', ' in ')} goes below zero (${balance} minor units)`);
    }
    return touched;
  }

  /** What is still awaited at the end of the log: warnings while newer than the bound, problems after. */
  finish(now: Date = new Date(), boundMs = PENDING_BOUND_MS): MoneyAuditOutcome {
    const outcome: MoneyAuditOutcome = { problems: [], warnings: [] };
    const awaited = (seen: Seen, what: string) => {
      const old = now.getTime() - seen.recordedAt.getTime() > boundMs;
      (old ? outcome.problems : outcome.warnings).push(
        `${seen.where}: ${what}${old ? ` for more than ${boundMs / 60_000} minutes` : ' (a follow-up may still be running)'}`,
      );
    };
    for (const [id, debit] of this.transfers)
      awaited(debit, `transaction ${id} is debited, not yet credited`);
    for (const [seen, what] of this.withdrawals.pending()) awaited(seen, what);
    for (const [id, confirmation] of this.confirmed)
      awaited(confirmation, `deposit ${id} is confirmed, not yet credited`);
    for (const [id, approval] of this.approvals)
      awaited(approval, `payment ${id} is approved, not yet minted`);
    for (const [id, stake] of this.stakes.pending())
      awaited(stake, `card stake ${id} is booked, not yet recorded on the card`);
    return outcome;
  }
}
