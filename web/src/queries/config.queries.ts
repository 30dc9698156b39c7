import { queryOptions } from '@tanstack/react-query';
import { api } from '../lib/api.ts';

/**
 * Public configuration (`GET /api/config/public`): the token price. Deposit addresses are per currency and
 * network (queries/depositAddresses.queries.ts); `depositAddress` is the older per-family answer.
 */
export interface PublicConfig {
  /** One address per chain family (ETH, BTC, SOL, XRP, TRX); ETH also serves ERC-20 tokens. Unset ones are absent. */
  depositAddress: Partial<Record<string, string>>;
  tokenPrice?: string;
}

export const publicConfigQuery = queryOptions({
  queryKey: ['config', 'public'] as const,
  queryFn: ({ signal }) => api.get('/api/config/public', { signal }) satisfies Promise<PublicConfig>,
  staleTime: 5 * 60_000,
  retry: false,
});
