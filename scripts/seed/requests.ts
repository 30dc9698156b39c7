import { cardIdFor } from '../../app/cards/cards.service.ts';
import { newEvents } from '../../app/commands/retries.ts';
import { requestMetadata } from '../../app/context.ts';
import type { MarketPrices } from '../../app/payments/purchases.ts';
import {
  type AccountState,
  accountDecider,
  accountStream,
  balanceOf,
} from '../../domain/accounts/account.ts';
import { type CardState, cardDecider, cardStream } from '../../domain/cards/card.ts';
import {
  type DistributionState,
  distributionDecider,
  distributionStream,
} from '../../domain/ledger/distribution.ts';
import { unitsOf } from '../../domain/ledger/postings.ts';
import { type PaymentState, paymentDecider, paymentStream } from '../../domain/payments/payment.ts';
import { quotePurchase } from '../../domain/payments/purchaseQuote.ts';
import type { FeeSettingsState } from '../../domain/settings/feeSettings.ts';
import type { Decider } from '../../domain/shared/decider.ts';
import type { UserId } from '../../domain/shared/ids.ts';
import type { EventMetadata } from '../../infra/eventStore/eventStore.ts';
import { nameBasedUuid } from '../../infra/ids.ts';
import type { Leg, SeedCommits } from './commits.ts';

interface Tracked<S> {
  state: S;
  revision: bigint;
}

export interface SeedUser {
  id: UserId;
  username: string;
}

/**
 * The request paths of the seeded workload, decided in memory by the real deciders and written through
 * SeedCommits: each writes the events its request (and the follow-up worker, app/workflows/followUps.ts,
 * where the worker writes them) would, with the same event ids (newEvents with the same id seeds as
 * app/ledger/ledger.service.ts), the same data and the same metadata (app/context.ts requestMetadata;
 * the worker's: no actor, the cause's correlation id, the cause's event id). What the request paths leave
 * random (request ids, a transaction's id when no Idempotency-Key is sent, the ids of unseeded events) is
 * drawn from name-based UUIDs of this run, so a run is reproducible for its run id and --seed.
 */
export class SeedRequests {
  readonly accounts = new Map<string, Tracked<AccountState>>();
  readonly cards = new Map<string, Tracked<CardState>>();
  private readonly payments = new Map<string, Tracked<PaymentState>>();
  private readonly distributions = new Map<string, Tracked<DistributionState>>();
  /** Users who submitted a payment proof: the worker acts on their card as long as one is pending. */
  private readonly buyers = new Set<UserId>();
  private counter = 0;

  constructor(
    private readonly commits: SeedCommits,
    private readonly run: string,
    private readonly admin: UserId,
    private readonly rates: FeeSettingsState,
    private readonly prices: MarketPrices,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A fresh id, as randomUUID would give the request path: name-based on (run, counter). */
  private newId(): string {
    return nameBasedUuid(`seed-run:${this.run}:${this.counter++}`);
  }

  private request(actorId: string | null): EventMetadata {
    return requestMetadata(actorId, this.newId());
  }

  balance(userId: UserId): bigint {
    const tracked = this.accounts.get(accountStream(userId));
    return tracked ? balanceOf(tracked.state, 'SAI') : 0n;
  }

  /** One command decided on the tracked state; its events, with the request path's ids, as a leg. */
  private decide<S, C, E extends { type: string; data: unknown }>(
    streamName: string,
    tracked: Map<string, Tracked<S>>,
    decider: Decider<S, C, E>,
    command: C,
    metadata: EventMetadata,
    idSeed?: string,
  ): { leg: Leg; events: E[]; ids: string[] } {
    const current = tracked.get(streamName) ?? { state: decider.initialState(), revision: -1n };
    const events = decider.decide(command, current.state);
    const written = newEvents(streamName, events, metadata, idSeed).map((event) =>
      // Unseeded, the request path's ids are random: here, this run's.
      idSeed === undefined ? { ...event, id: this.newId() } : event,
    );
    tracked.set(streamName, {
      state: events.reduce(decider.evolve, current.state),
      revision: current.revision + BigInt(events.length),
    });
    return {
      leg: { streamName, events: written, revisionBefore: current.revision },
      events,
      ids: written.map((event) => event.id),
    };
  }

  /**
   * An admin's distribution (POST /transactions, admin_deposit: distributeTokens): its order on
   * `distribution-<T>` (seed `${T}:distributed`), then the mint built from it (`${T}:minted`), one commit.
   */
  async distribute(user: SeedUser, units: bigint, description: string): Promise<number> {
    const transactionId = this.newId();
    const metadata = this.request(this.admin);
    const order = this.decide(
      distributionStream(transactionId),
      this.distributions,
      distributionDecider,
      {
        type: 'RecordDistribution',
        data: {
          transactionId,
          receiverId: user.id,
          units,
          distributedBy: this.admin,
          receiverSuspended: false,
        },
        now: this.now(),
      },
      metadata,
      `${transactionId}:distributed`,
    );
    // Each order's stream is written once: nothing to remember of it.
    this.distributions.delete(distributionStream(transactionId));
    const recorded = order.events[0]!.data;
    const { leg } = this.decide(
      accountStream(recorded.receiverId),
      this.accounts,
      accountDecider,
      {
        type: 'MintTokens',
        data: {
          transactionId,
          userId: recorded.receiverId,
          units: unitsOf(recorded.amount, 'SAI'),
          source: 'distribution',
          paymentId: null,
          description,
          mintedBy: recorded.distributedBy,
          asset: 'SAI',
          receiverSuspended: false,
        },
        now: this.now(),
      },
      metadata,
      `${transactionId}:minted`,
    );
    return await this.commits.add([order.leg, leg]);
  }

  /** A transfer (transferTokens): the debit (`${T}:sent`), then the credit (`${T}:received`), one commit. */
  async transfer(sender: SeedUser, receiver: SeedUser, units: bigint, description: string): Promise<number> {
    const transactionId = this.newId();
    const metadata = this.request(sender.id);
    const sent = this.decide(
      accountStream(sender.id),
      this.accounts,
      accountDecider,
      {
        type: 'TransferTokens',
        data: {
          transactionId,
          fromUserId: sender.id,
          toUserId: receiver.id,
          receiverExists: true,
          receiverSuspended: false,
          fromLabel: sender.username,
          toLabel: receiver.username,
          asset: 'SAI',
          units,
          description,
          // Demo data written by a tool: no person confirmed it, and it uses no one's allowance.
          stepUp: 'system',
        },
        now: this.now(),
      },
      metadata,
      `${transactionId}:sent`,
    );
    const debit = sent.events[0];
    if (debit?.type !== 'TokensTransferred') throw new Error('seed: a transfer produced no debit');
    const received = this.decide(
      accountStream(receiver.id),
      this.accounts,
      accountDecider,
      {
        type: 'ReceiveTransfer',
        data: {
          transactionId,
          fromUserId: sender.id,
          toUserId: receiver.id,
          asset: 'SAI',
          amount: debit.data.amount,
        },
        now: this.now(),
      },
      metadata,
      `${transactionId}:received`,
    );
    return await this.commits.add([sent.leg, received.leg]);
  }

  /**
   * A deposit, approved: the buyer's proof (`${paymentId}:submitted`, quoted as quoteForUser would: the
   * card's tier, else the balance's), the worker moving a pending card to verifying, the admin's approval
   * (no Idempotency-Key: an unseeded id) and its mint (mintForApproval: `${paymentId}:minted`), and the
   * worker's activation of the card.
   */
  async deposit(buyer: SeedUser, units: bigint): Promise<number> {
    const paymentId = this.newId();
    const payment = paymentStream(paymentId);
    const card = cardStream(cardIdFor(buyer.id));
    const quote = quotePurchase({
      units,
      currency: 'USDT',
      // The seeder stakes nothing: every buyer pays the base tier's rate (docs/product-rules.md rule 30).
      stakedUnits: 0n,
      rates: this.rates,
      prices: this.prices,
    });
    this.buyers.add(buyer.id);
    let written = 0;
    const proofMetadata = this.request(buyer.id);
    const proof = this.decide(
      payment,
      this.payments,
      paymentDecider,
      {
        type: 'SubmitPaymentProof',
        data: {
          paymentId,
          userId: buyer.id,
          paymentMethod: 'USDT',
          units,
          notes: 'seed',
          proofImageUrl: '',
          quote,
        },
        now: this.now(),
      },
      proofMetadata,
      `${paymentId}:submitted`,
    );
    written += await this.commits.add([proof.leg]);
    const marked = this.decide(
      card,
      this.cards,
      cardDecider,
      { type: 'MarkPaymentSubmitted', data: { paymentId }, now: this.now() },
      followUp(proofMetadata, proof.ids[0]!),
    );
    if (marked.events.length > 0) written += await this.commits.add([marked.leg]);
    const approvalMetadata = this.request(this.admin);
    const approval = this.decide(
      payment,
      this.payments,
      paymentDecider,
      {
        type: 'ApprovePayment',
        data: { paymentId, adminId: this.admin, ownerSuspended: false },
        now: this.now(),
      },
      approvalMetadata,
    );
    const approved = approval.events[0];
    if (approved?.type !== 'PaymentApproved') throw new Error('seed: an approval produced no event');
    const a = approved.data;
    const minted = this.decide(
      accountStream(buyer.id),
      this.accounts,
      accountDecider,
      {
        type: 'MintTokens',
        data: {
          transactionId: a.paymentId,
          userId: a.userId,
          units: unitsOf(a.amount, 'SAI'),
          source: 'payment',
          paymentId: a.paymentId,
          description: 'Deposit approved',
          mintedBy: a.approvedBy,
          ...(a.fee !== undefined && a.feeRate !== undefined
            ? { fee: { units: unitsOrZero(a.fee), rate: a.feeRate } }
            : {}),
          asset: 'SAI',
          receiverSuspended: false,
        },
        now: this.now(),
      },
      approvalMetadata,
      `${a.paymentId}:minted`,
    );
    // The approval and its mint: one commit (approvePayment).
    written += await this.commits.add([approval.leg, minted.leg]);
    const activated = this.decide(
      card,
      this.cards,
      cardDecider,
      { type: 'ActivateForPayment', data: { paymentId }, now: this.now() },
      followUp(approvalMetadata, approval.ids[0]!),
    );
    if (activated.events.length > 0) written += await this.commits.add([activated.leg]);
    return written;
  }

  /**
   * A card request (requestCard: unseeded), by a user who never bought: a buyer's card left pending would
   * be activated by the worker replaying their old approval, which the live worker had done before the
   * card existed.
   */
  async requestCard(user: SeedUser): Promise<number> {
    const card = cardStream(cardIdFor(user.id));
    const state = this.cards.get(card)?.state;
    if ((state && state.status !== 'none') || this.buyers.has(user.id)) return 0;
    const { leg } = this.decide(
      card,
      this.cards,
      cardDecider,
      {
        type: 'RequestCard',
        data: {
          cardId: cardIdFor(user.id),
          userId: user.id,
          balanceUnits: this.balance(user.id),
          address: null,
        },
        now: this.now(),
      },
      this.request(user.id),
    );
    return await this.commits.add([leg]);
  }
}

/** The follow-up worker's metadata for what an event caused (followUps.ts metadataOf). */
function followUp(cause: EventMetadata, causeId: string): EventMetadata {
  return { actorId: null, correlationId: cause.correlationId, causationId: causeId };
}

/** mintForApproval's: a fee of "0.00" (a purchase too small to round to a cent) books nothing. */
function unitsOrZero(amount: string): bigint {
  return /^0+(\.0+)?$/.test(amount) ? 0n : unitsOf(amount, 'SAI');
}
