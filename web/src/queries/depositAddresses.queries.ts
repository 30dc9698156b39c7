import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { paths } from '../lib/api.gen.ts';
import { type ApiAnswer, api } from '../lib/api.ts';

/**
 * Our deposit addresses per currency and network (docs/product-rules.md rule 21): admin settings read from
 * the API, never written into the client. `address` null: none is set, and the forms take no deposit there.
 */
export type DepositAddress = ApiAnswer<paths['/api/crypto/deposit-addresses']['get']>[number];
export type AdminDepositAddress = ApiAnswer<paths['/api/admin/settings/deposit-addresses']['get']>[number];

export const depositAddressKeys = {
  all: ['deposit-addresses'] as const,
  admin: () => [...depositAddressKeys.all, 'admin'] as const,
};

export const depositAddressesQuery = queryOptions({
  queryKey: depositAddressKeys.all,
  queryFn: ({ signal }) => api.get('/api/crypto/deposit-addresses', { signal }),
  staleTime: 60_000,
});

export const adminDepositAddressesQuery = queryOptions({
  queryKey: depositAddressKeys.admin(),
  queryFn: ({ signal }) => api.get('/api/admin/settings/deposit-addresses', { signal }),
  staleTime: 30_000,
});

export function findDepositAddress<T extends DepositAddress>(
  list: readonly T[] | undefined,
  currency: string,
  network: string,
): T | undefined {
  return list?.find((entry) => entry.currency === currency && entry.network === network);
}

type Pair = { currency: AdminDepositAddress['currency']; network: AdminDepositAddress['network'] };

export function useSetDepositAddressMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ currency, network, address }: Pair & { address: string }) =>
      api.put('/api/admin/settings/deposit-addresses/{currency}/{network}', {
        path: { currency, network },
        body: { address },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: depositAddressKeys.all }),
  });
}

export function useClearDepositAddressMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ currency, network }: Pair) =>
      api.delete('/api/admin/settings/deposit-addresses/{currency}/{network}', {
        path: { currency, network },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: depositAddressKeys.all }),
  });
}
