import type { CardTier } from '../cards/card.ts';
import { assertNever, type Decider, eventGuard, unknownEvent } from '../shared/decider.ts';
import { ConflictError, NotFoundError, ReceiverSuspendedError, ValidationError } from '../shared/errors.ts';
import type { UserId } from '../shared/ids.ts';
import { formatUnits } from '../shared/money.ts';
import { assertStoredText } from '../shared/text.ts';
import { OWNER_SUSPENDED } from '../users/user.ts';
import type { PaymentMethod } from './paymentMethods.ts';
import type { PurchaseQuote } from './purchaseQuote.ts';

/**
 * A deposit proof: the user paid crypto to our deposit address and asks for tokens. One stream per
 * proof, `payment-<paymentId>`: pending until an admin approves (tokens are minted to the user) or rejects
 * it (the user is told why and may submit again).
 */
export const paymentStream = (paymentId: string) => `payment-${paymentId}`;

export { PAYMENT_METHODS, type PaymentMethod } from './paymentMethods.ts';

export type PaymentEvent =
  | {
      type: 'PaymentProofSubmitted';
      data: {
        paymentId: string;
        userId: UserId;
        paymentMethod: PaymentMethod;
        /** Tokens asked for, SAI decimal string. */
        amount: string;
        notes: string;
        proofImageUrl: string;
        submittedAt: string;
      } & Partial<PurchaseTerms>;
    }
  | {
      type: 'PaymentApproved';
      data: {
        paymentId: string;
        userId: UserId;
        amount: string;
        approvedBy: UserId;
        approvedAt: string;
        /** The conversion fee fixed at submission and its rate; absent when there is none (older proofs). */
        fee?: string;
        feeRate?: string;
      };
    }
  | {
      type: 'PaymentRejected';
      data: { paymentId: string; userId: UserId; reason: string; rejectedBy: UserId; rejectedAt: string };
    };

/**
 * What a purchase costs, fixed when its proof is submitted (docs/product-rules.md rule 25) and kept on
 * PaymentProofSubmitted. A proof written before the fee existed has none of these fields: its fee is 0.
 */
export interface PurchaseTerms {
  tier: CardTier;
  /** Percent, two decimals. */
  feeRate: string;
  /** SAI, charged on top of `amount`. */
  fee: string;
  /** What the buyer was asked to pay, in the payment method's currency. */
  cryptoAmount: string;
  /** The prices the crypto amount was computed with: SAI in USDT, the currency and USDT in USD. */
  tokenPrice: string;
  currencyPrice: string;
  usdtPrice: string;
}

export function purchaseTerms(quote: PurchaseQuote): PurchaseTerms {
  return {
    tier: quote.tier,
    feeRate: quote.rate,
    fee: quote.fee,
    cryptoAmount: quote.cryptoAmount,
    tokenPrice: quote.tokenPrice,
    currencyPrice: quote.currencyPrice,
    usdtPrice: quote.usdtPrice,
  };
}

/** A proof as its submission recorded it. */
export type PaymentSubmission = Extract<PaymentEvent, { type: 'PaymentProofSubmitted' }>['data'];

/**
 * A payment's state, folded from its stream: the one fold of it on the write side (the API answers a
 * command from it; the read model is the other side's).
 */
export type PaymentState =
  | { status: 'none' }
  | {
      status: 'pending' | 'verified' | 'rejected';
      paymentId: string;
      userId: UserId;
      amount: string;
      /** The fee and rate fixed at submission; null for a proof from before the fee. */
      fee: { amount: string; rate: string } | null;
      submission: PaymentSubmission;
      /** Who approved or rejected it, when, and (rejected) why; null while pending. */
      decision: { by: UserId; at: string; reason: string | null } | null;
    };

export type PaymentCommand =
  | {
      type: 'SubmitPaymentProof';
      data: {
        paymentId: string;
        userId: UserId;
        paymentMethod: PaymentMethod;
        units: bigint;
        notes: string;
        proofImageUrl: string;
        /** The quote for this purchase (quotePurchase), computed by the caller at submission. */
        quote: PurchaseQuote;
      };
      now: Date;
    }
  | {
      type: 'ApprovePayment';
      /**
       * ownerSuspended: whether the proof's owner is suspended; looked up by the caller. A suspended account
       * cannot receive, so its proof is not approved: it stays pending until the owner is reactivated, or is
       * rejected.
       */
      data: { paymentId: string; adminId: UserId; ownerSuspended: boolean };
      now: Date;
    }
  | { type: 'RejectPayment'; data: { paymentId: string; adminId: UserId; reason: string }; now: Date };

const ALREADY: Record<'verified' | 'rejected', string> = {
  verified: 'This payment has already been approved',
  rejected: 'This payment has already been rejected',
};

function pending(state: PaymentState) {
  if (state.status === 'none') throw new NotFoundError('Payment verification not found');
  if (state.status !== 'pending') throw new ConflictError(ALREADY[state.status]);
  return state;
}

/** Every PaymentEvent type: the one list the type guard below is built from. */
export const PAYMENT_EVENT_TYPES = ['PaymentProofSubmitted', 'PaymentApproved', 'PaymentRejected'] as const;
export const isPaymentEvent = eventGuard<PaymentEvent>()(PAYMENT_EVENT_TYPES);

export const paymentDecider: Decider<PaymentState, PaymentCommand, PaymentEvent> = {
  initialState: () => ({ status: 'none' }),
  isEvent: isPaymentEvent,
  decide(command, state) {
    const at = command.now.toISOString();
    switch (command.type) {
      case 'SubmitPaymentProof': {
        if (state.status !== 'none') return [];
        const d = command.data;
        if (d.units <= 0n) throw new ValidationError('Amount must be a positive number');
        assertStoredText({ notes: [d.notes, 'Notes'] });
        if (d.quote.amount !== formatUnits(d.units, 'SAI') || d.quote.currency !== d.paymentMethod)
          throw new Error('the quote is for another purchase');
        return [
          {
            type: 'PaymentProofSubmitted',
            data: {
              paymentId: d.paymentId,
              userId: d.userId,
              paymentMethod: d.paymentMethod,
              amount: formatUnits(d.units, 'SAI'),
              notes: d.notes,
              proofImageUrl: d.proofImageUrl,
              submittedAt: at,
              ...purchaseTerms(d.quote),
            },
          },
        ];
      }
      case 'ApprovePayment': {
        const p = pending(state);
        if (command.data.ownerSuspended) throw new ReceiverSuspendedError(OWNER_SUSPENDED);
        return [
          {
            type: 'PaymentApproved',
            data: {
              paymentId: p.paymentId,
              userId: p.userId,
              amount: p.amount,
              approvedBy: command.data.adminId,
              approvedAt: at,
              ...(p.fee ? { fee: p.fee.amount, feeRate: p.fee.rate } : {}),
            },
          },
        ];
      }
      case 'RejectPayment': {
        const p = pending(state);
        assertStoredText({ reason: [command.data.reason, 'Reason'] });
        return [
          {
            type: 'PaymentRejected',
            data: {
              paymentId: p.paymentId,
              userId: p.userId,
              reason: command.data.reason,
              rejectedBy: command.data.adminId,
              rejectedAt: at,
            },
          },
        ];
      }
      default:
        return assertNever(command);
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'PaymentProofSubmitted':
        return {
          status: 'pending',
          paymentId: event.data.paymentId,
          userId: event.data.userId,
          amount: event.data.amount,
          fee:
            event.data.fee !== undefined && event.data.feeRate !== undefined
              ? { amount: event.data.fee, rate: event.data.feeRate }
              : null,
          submission: event.data,
          decision: null,
        };
      case 'PaymentApproved':
        return state.status === 'none'
          ? state
          : {
              ...state,
              status: 'verified',
              decision: { by: event.data.approvedBy, at: event.data.approvedAt, reason: null },
            };
      case 'PaymentRejected':
        return state.status === 'none'
          ? state
          : {
              ...state,
              status: 'rejected',
              decision: { by: event.data.rejectedBy, at: event.data.rejectedAt, reason: event.data.reason },
            };
      default:
        return unknownEvent(event, state);
    }
  },
};
