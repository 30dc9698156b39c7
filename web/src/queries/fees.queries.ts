import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api.ts';
import type { PaymentMethod } from './payments.queries.ts';
import { adminKeys } from './users.queries.ts';

/**
 * The conversion fee on purchases (docs/product-rules.md rule 25): the quote the Buy form shows (the
 * server's, computed as the submission will record it) and the admin's rates per tier.
 */
export type FeeTier = 'gold' | 'ruby' | 'black';
export const FEE_TIERS: readonly FeeTier[] = ['gold', 'ruby', 'black'];

export interface PurchaseQuote {
  amount: string;
  tier: FeeTier;
  tierSource: 'stake';
  rate: string;
  fee: string;
  total: string;
  currency: string;
  cryptoAmount: string;
  tokenPrice: string;
  currencyPrice: string;
  usdtPrice: string;
}

export interface FeeRate {
  rate: string;
  setAt: string | null;
  setBy: string | null;
}
export type FeeRates = Record<FeeTier, FeeRate>;

export const feeKeys = {
  quotes: ['payments', 'quote'] as const,
  quote: (amount: string, currency: string) => [...feeKeys.quotes, amount, currency] as const,
  rates: () => [...adminKeys.all, 'settings', 'fees'] as const,
};

export function purchaseQuoteQuery(amount: string, currency: PaymentMethod) {
  return queryOptions({
    queryKey: feeKeys.quote(amount, currency),
    queryFn: ({ signal }) =>
      api.get('/api/payments/quote', {
        query: { amount, currency },
        signal,
      }) satisfies Promise<PurchaseQuote>,
    // Prices and rates change rarely; the submission records the numbers of its own moment anyway.
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });
}

export const feeRatesQuery = queryOptions({
  queryKey: feeKeys.rates(),
  queryFn: ({ signal }) => api.get('/api/admin/settings/fees', { signal }) satisfies Promise<FeeRates>,
  staleTime: 30_000,
});

export function useSetFeeRateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tier, rate }: { tier: FeeTier; rate: string }) =>
      api.put('/api/admin/settings/fees/{tier}', {
        path: { tier },
        body: { rate },
      }) satisfies Promise<FeeRates>,
    onSuccess: (rates) => queryClient.setQueryData(feeKeys.rates(), rates),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: feeKeys.rates() }),
        queryClient.invalidateQueries({ queryKey: feeKeys.quotes }),
      ]),
  });
}
