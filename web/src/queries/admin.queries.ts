import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, api } from '../lib/api.ts';
import type { CryptoCurrency } from '../lib/constants.ts';
import { adminKeys } from './users.queries.ts';

/**
 * Admin-only reads and commands beyond the ledger's: market settings (docs/product-rules.md rule 12), user status
 * (docs/product-rules.md rule 13) and the contact inbox. Keys live under `admin`, so a money command refreshes them too.
 */

export interface SettingPrice {
  price: string;
  change_24h: string;
  /** When an admin set it; null while the documented default applies. */
  updatedAt: string | null;
}

export interface MarketSettings {
  prices: Partial<Record<CryptoCurrency, SettingPrice>>;
  tokenPrice: { price: string; updatedAt: string | null };
}

export interface ContactMessage {
  id: string;
  fullName: string;
  email: string;
  subject: string;
  message: string;
  userId: string | null;
  receivedAt: string;
}

export const adminSettingsKeys = {
  settings: () => [...adminKeys.all, 'settings'] as const,
  contact: () => [...adminKeys.all, 'contact'] as const,
};

export const marketSettingsQuery = queryOptions({
  queryKey: adminSettingsKeys.settings(),
  queryFn: ({ signal }) => api.get('/api/admin/settings', { signal }) satisfies Promise<MarketSettings>,
  staleTime: 30_000,
});

export const contactMessagesQuery = queryOptions({
  queryKey: adminSettingsKeys.contact(),
  queryFn: ({ signal }) => api.get('/api/contact', { signal }) satisfies Promise<ContactMessage[]>,
  staleTime: 30_000,
});

/** Prices feed the dashboards' USD values, and the token price the SAI balance's: refresh all of it. */
function useRefreshMarket() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminSettingsKeys.settings() }),
      queryClient.invalidateQueries({ queryKey: ['crypto', 'prices'] }),
      queryClient.invalidateQueries({ queryKey: ['config', 'public'] }),
      queryClient.invalidateQueries({ queryKey: ['auth', 'user'] }),
    ]);
}

export function useSetCryptoPriceMutation() {
  const refresh = useRefreshMarket();
  return useMutation({
    mutationFn: ({ currency, price }: { currency: CryptoCurrency; price: string }) =>
      api.put('/api/admin/settings/prices/{currency}', {
        path: { currency },
        body: { price },
      }) satisfies Promise<SettingPrice>,
    onSettled: refresh,
  });
}

export function useSetTokenPriceMutation() {
  const refresh = useRefreshMarket();
  return useMutation({
    mutationFn: (price: string) => api.put('/api/admin/settings/token-price', { body: { price } }),
    onSettled: refresh,
  });
}

/** Suspend (ends every session of the user at once) or reactivate an account. */
export function useSetUserStatusMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, status }: { userId: string; status: 'suspended' | 'active' }) =>
      api.patch('/api/admin/users/{id}/status', { path: { id: userId }, body: { status } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export interface EraseUserInput {
  userId: string;
  reason: string;
  moveBalancesToDormant: boolean;
}

export type EraseUserResult = ApiResult<'post', '/api/admin/users/{id}/erase'>;

/**
 * Erases a person's personal data for good (docs/architecture/personal-data.md): the API refuses with 409
 * and its `blockers` while they still hold money. The word `ERASE` is the API's own confirmation.
 */
export function useEraseUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, reason, moveBalancesToDormant }: EraseUserInput) =>
      api.post('/api/admin/users/{id}/erase', {
        path: { id: userId },
        body: { reason, confirm: 'ERASE', moveBalancesToDormant },
      }) satisfies Promise<EraseUserResult>,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
