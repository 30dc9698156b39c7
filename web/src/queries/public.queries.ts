import { queryOptions, useMutation } from '@tanstack/react-query';
import type { Campaign } from '../content/constants.ts';
import { api } from '../lib/api.ts';

/** Reads and writes the public pages make: the giveaway's progress and the contact form. */

// Prices: one query for the landing page and the dashboard, `cryptoPricesQuery` in crypto.queries.ts.

/** docs/product-rules.md rule 10: the giveaway's progress and dates, computed by the API from the ledger. */
export const campaignQuery = queryOptions({
  queryKey: ['campaign'] as const,
  queryFn: ({ signal }) => api.get('/api/campaign', { signal }) satisfies Promise<Campaign>,
  staleTime: 60_000,
  retry: 1,
});

export interface ContactInput {
  fullName: string;
  email: string;
  subject: string;
  message: string;
}

/** docs/product-rules.md rule 13: the contact form is stored and admins can read it. */
export function useContactMutation() {
  return useMutation({
    mutationFn: (input: ContactInput) =>
      api.post('/api/contact', { body: input }) satisfies Promise<{ id: string; received: boolean }>,
    retry: false,
  });
}
