import { queryOptions } from '@tanstack/react-query';
import { api } from '../lib/api.ts';

/**
 * Public configuration (`GET /api/config/public`): the single deposit address per method and the token
 * price. The address is configuration, never written into the client (docs/product-rules.md rule 21); until the server
 * answers with one, the screen says it is not configured yet.
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
