import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConversionFees } from '../content/constants.ts';
import { api } from '../lib/api.ts';

/**
 * Public configuration (`GET /api/config/public`): the token price and the conversion fee's rates. Deposit addresses are per currency and
 * network (queries/depositAddresses.queries.ts); `depositAddress` is the older per-family answer.
 */
export interface PublicConfig {
  /** One address per chain family (ETH, BTC, SOL, XRP, TRX); ETH also serves ERC-20 tokens. Unset ones are absent. */
  depositAddress: Partial<Record<string, string>>;
  tokenPrice?: string;
  /** The conversion fee's rates per tier in force, the ones the quote uses ("0.45"). */
  conversionFees: ConversionFees;
}

export const publicConfigQuery = queryOptions({
  queryKey: ['config', 'public'] as const,
  queryFn: ({ signal }) => api.get('/api/config/public', { signal }) satisfies Promise<PublicConfig>,
  staleTime: 5 * 60_000,
  retry: false,
});

/**
 * The conversion fee's rates in force, for the public copy (/cards, /wallet, the FAQ, the chat): read from
 * the API as the quote is, never a figure of the page's own; undefined until known. `enabled` lets the
 * chat ask only once it is opened.
 */
export function useConversionFees(enabled = true): ConversionFees | undefined {
  return useQuery({ ...publicConfigQuery, select: (config) => config.conversionFees, enabled }).data;
}
