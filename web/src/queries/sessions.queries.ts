import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, api } from '../lib/api.ts';

/** The security centre's sessions and devices (`/api/account/sessions`). */
export type ListedSession = ApiResult<'get', '/api/account/sessions'>['sessions'][number];

export const sessionsKeys = {
  all: ['account', 'sessions'] as const,
};

export const sessionsQuery = queryOptions({
  queryKey: sessionsKeys.all,
  queryFn: ({ signal }) => api.get('/api/account/sessions', { signal }),
  staleTime: 30_000,
});

export function useSignOutSessionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete('/api/account/sessions/{id}', { path: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKeys.all }),
  });
}

export function useSignOutOtherSessionsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/account/sessions/sign-out-others'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKeys.all }),
  });
}
