import { queryOptions, useMutation } from '@tanstack/react-query';
import type { Campaign } from '../content/constants.ts';
import { apiRequest } from '../lib/api.ts';

/** Reads and writes the public pages make: the giveaway's progress and the contact form. */

// Prices: one query for the landing page and the dashboard, `cryptoPricesQuery` in crypto.queries.ts.

/** docs/product-rules.md rule 10: the giveaway's progress and dates, computed by the API from the ledger. */
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

/** docs/product-rules.md rule 13: the contact form is stored and admins can read it. */
export function useContactMutation() {
  return useMutation({
    mutationFn: (input: ContactInput) =>
      apiRequest<{ id: string; received: boolean }>('/api/contact', { method: 'POST', body: input }),
    retry: false,
  });
}
