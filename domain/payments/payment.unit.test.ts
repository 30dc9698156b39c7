import { describe, expect, it } from 'vitest';
import { feeSettingsDecider } from '../settings/feeSettings.ts';
import { fold } from '../shared/decider.ts';
import { ConflictError, NotFoundError, ReceiverSuspendedError } from '../shared/errors.ts';
import { admin, at, now, spec, user } from '../shared/testing.ts';
import { type PaymentEvent, paymentDecider } from './payment.ts';
import { quotePurchase } from './purchaseQuote.ts';

const submitted: PaymentEvent = {
  type: 'PaymentProofSubmitted',
  data: {
    paymentId: 'p1',
    userId: user,
    paymentMethod: 'USDT',
    amount: '100.00',
    notes: '',
    proofImageUrl: '',
    submittedAt: at,
  },
};
const quote = quotePurchase({
  units: 10000n,
  currency: 'USDT',
  stakedUnits: 0n,
  rates: feeSettingsDecider.initialState(),
  prices: { token: '2.50', currencies: { USDT: '1.00' } },
});
const terms = {
  tier: 'gold',
  feeRate: '0.50',
  fee: '0.50',
  cryptoAmount: '251.25000000',
  tokenPrice: '2.50',
  currencyPrice: '1.00',
  usdtPrice: '1.00',
} as const;
const approve = {
  type: 'ApprovePayment' as const,
  data: { paymentId: 'p1', adminId: admin, ownerSuspended: false },
  now,
};
const reject = {
  type: 'RejectPayment' as const,
  data: { paymentId: 'p1', adminId: admin, reason: 'No funds arrived' },
  now,
};
const approved: PaymentEvent = {
  type: 'PaymentApproved',
  data: { paymentId: 'p1', userId: user, amount: '100.00', approvedBy: admin, approvedAt: at },
};

describe('payment decider', () => {
  it('submits a pending proof', () => {
    spec(paymentDecider)
      .given([])
      .when({
        type: 'SubmitPaymentProof',
        data: {
          paymentId: 'p1',
          userId: user,
          paymentMethod: 'USDT',
          units: 10000n,
          notes: '',
          proofImageUrl: '',
          quote,
        },
        now,
      })
      .thenEmits([{ type: 'PaymentProofSubmitted', data: { ...submitted.data, ...terms } }]);
  });
  it('approves with the fee and rate fixed at submission; a proof from before fees approves without', () => {
    const withTerms: PaymentEvent = { type: 'PaymentProofSubmitted', data: { ...submitted.data, ...terms } };
    spec(paymentDecider)
      .given([withTerms])
      .when(approve)
      .thenEmits([{ type: 'PaymentApproved', data: { ...approved.data, fee: '0.50', feeRate: '0.50' } }]);
    spec(paymentDecider).given([submitted]).when(approve).thenEmits([approved]);
  });
  it('approves or rejects a pending proof once', () => {
    spec(paymentDecider).given([submitted]).when(approve).thenEmits([approved]);
    spec(paymentDecider)
      .given([submitted])
      .when(reject)
      .thenEmits([
        {
          type: 'PaymentRejected',
          data: {
            paymentId: 'p1',
            userId: user,
            reason: 'No funds arrived',
            rejectedBy: admin,
            rejectedAt: at,
          },
        },
      ]);
  });
  it('refuses to decide twice or on a missing proof', () => {
    spec(paymentDecider).given([submitted, approved]).when(approve).thenThrows(ConflictError);
    spec(paymentDecider).given([submitted, approved]).when(reject).thenThrows(ConflictError);
    spec(paymentDecider).given([]).when(approve).thenThrows(NotFoundError);
  });
  it("refuses to approve a suspended owner's proof, which stays pending and may be rejected", () => {
    const suspended = { ...approve, data: { ...approve.data, ownerSuspended: true } };
    spec(paymentDecider).given([submitted]).when(suspended).thenThrows(ReceiverSuspendedError);
    expect(paymentDecider.decide(reject, fold(paymentDecider, [submitted]))).toHaveLength(1);
  });
});
