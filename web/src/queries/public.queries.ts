import { queryOptions, useMutation } from '@tanstack/react-query';
import type { Campaign } from '../content/constants.ts';
import { apiRequest } from '../lib/api.ts';

/** Reads and writes the public pages make: crypto prices, the giveaway's progress, the contact form. */

export interface CryptoPrice {
  /** Decimal string in USD, e.g. "65000.00". */
  price: string;
  /** Percent change over 24 hours as a decimal string, e.g. "-1.25". */
  change_24h: string;
  /** Icon path, e.g. "/crypto/btc.svg". */
  image: string;
  /** When an admin last set the price; null while it is the built-in default (DECISIONS.md 12). */
  updatedAt: string | null;
}

export type CryptoPrices = Record<string, CryptoPrice>;

/** Spec 7: prices refetch every 5 minutes. */
export const PRICE_REFRESH_MS = 5 * 60_000;

export const cryptoPricesQuery = queryOptions({
  queryKey: ['crypto', 'prices'] as const,
  queryFn: ({ signal }) => apiRequest<CryptoPrices>('/api/crypto/prices', { signal }),
  staleTime: PRICE_REFRESH_MS,
  refetchInterval: PRICE_REFRESH_MS,
  retry: false,
});

/** DECISIONS.md 10: the giveaway's progress and dates, computed by the API from the ledger. */
export const campaignQuery = queryOptions({
  queryKey: ['campaign'] as const,
  queryFn: ({ signal }) => apiRequest<Campaign>('/api/campaign', { signal }),
  staleTime: 60_000,
  retry: 1,
});

export interface ContactInput {
  fullName: string;
  email: string;
  subject: string;
  message: string;
}

/** DECISIONS.md 13: the contact form is stored and admins can read it. */
export function useContactMutation() {
  return useMutation({
    mutationFn: (input: ContactInput) =>
      apiRequest<{ id: string; received: boolean }>('/api/contact', { method: 'POST', body: input }),
    retry: false,
  });
}
