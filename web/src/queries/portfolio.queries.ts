import { queryOptions } from '@tanstack/react-query';
import { api } from '../lib/api.ts';

/**
 * The signed-in user's portfolio total (`GET /api/portfolio`): SAI and every crypto balance valued at the
 * admin's prices, and the change of the same holdings between the prices of 24 hours ago and now. Decimal
 * strings with 2 decimals, computed exactly on the server.
 */
export interface Portfolio {
  currency: 'USD';
  value: string;
  valueDayAgo: string;
  change24h: string;
  /** Percent with 2 decimals; null when the holdings were worth nothing 24 hours ago. */
  changePercent24h: string | null;
  asOf: string;
}

export const portfolioQuery = queryOptions({
  queryKey: ['portfolio'] as const,
  queryFn: ({ signal }) => api.get('/api/portfolio', { signal }) satisfies Promise<Portfolio>,
  staleTime: 10_000,
});
