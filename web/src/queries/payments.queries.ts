import { queryOptions } from '@tanstack/react-query';
import { type ApiResult, api } from '../lib/api.ts';
import { keyed, useMoneyCommand } from './refresh.ts';

/** The methods the dashboard offers for buying SAI (docs/product-rules.md spec 2 and 9: Ethereum mainnet). */
export const PAYMENT_METHODS = ['ETH', 'USDT', 'USDC'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** docs/product-rules.md spec 9: deposit presets 100, 250 and 500 SAI; 100 by default. */
export const PURCHASE_PRESETS = ['100', '250', '500'] as const;

/**
 * A purchase proof as the API answers it (the OpenAPI document's shape): `amount` is the tokens asked for,
 * `fee`, `feeRate`, `tier` and `cryptoAmount` the purchase's terms fixed at submission (docs/product-rules.md
 * rule 25; null on older proofs), `cryptoAmount` in paymentMethod.
 */
export type Payment = Omit<ApiResult<'get', '/api/payments/user/{userId}'>[number], 'username' | 'email'>;

/** A pending proof as the admin queue lists it, with who sent it. */
export interface PendingPayment extends Payment {
  username: string | null;
  email: string | null;
}

export const paymentKeys = {
  all: ['payments'] as const,
  ofUser: (userId: string) => [...paymentKeys.all, 'user', userId] as const,
  pending: () => [...paymentKeys.all, 'pending'] as const,
};

export function userPaymentsQuery(userId: string) {
  return queryOptions({
    queryKey: paymentKeys.ofUser(userId),
    queryFn: ({ signal }) =>
      api.get('/api/payments/user/{userId}', { path: { userId }, signal }) satisfies Promise<Payment[]>,
    staleTime: 30_000,
  });
}

export const pendingPaymentsQuery = queryOptions({
  queryKey: paymentKeys.pending(),
  queryFn: ({ signal }) => api.get('/api/payments/pending', { signal }) satisfies Promise<PendingPayment[]>,
  staleTime: 10_000,
});

export interface PaymentProofInput {
  paymentMethod: PaymentMethod;
  amount: string;
  notes: string;
  /** The fee and crypto amount the buyer was shown: the server records the proof on them or answers 409. */
  quotedFee?: string;
  quotedCryptoAmount?: string;
  idempotencyKey: string;
}

export function useSubmitPaymentMutation() {
  return useMoneyCommand(
    ({ idempotencyKey, ...proof }: PaymentProofInput) =>
      api.post('/api/payments/verify', {
        // docs/product-rules.md spec 3: the proof image URL is sent empty; the admin checks the chain for the payment.
        body: { ...proof, proofImageUrl: '' },
        headers: keyed(idempotencyKey),
      }) satisfies Promise<Payment>,
  );
}

export interface PaymentDecisionInput {
  paymentId: string;
  approved: boolean;
  reason?: string;
  idempotencyKey: string;
  /** The admin's fresh proof, for an approval (docs/security.md, "Admin re-authentication"). */
  password?: string;
  totpCode?: string;
}

/** Admin: approve (mints the tokens) or reject a pending proof. */
export function useVerifyPaymentMutation() {
  return useMoneyCommand(
    ({ paymentId, approved, reason, idempotencyKey, ...proof }: PaymentDecisionInput) =>
      api.patch('/api/payments/{id}/verify', {
        path: { id: paymentId },
        body: reason ? { approved, reason, ...proof } : { approved, ...proof },
        headers: keyed(idempotencyKey),
      }) satisfies Promise<Payment>,
  );
}
