import { type QueryKey, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api.ts';
import type { Preferences } from '../lib/constants.ts';
import { currentUserQuery, type User } from './auth.queries.ts';

/** The signed-in user's own account settings (`/api/account`): the profile screen's three tabs. */

export interface ProfileInput {
  firstName: string;
  lastName: string;
  username: string;
  bio: string;
}

export interface PasswordChangeInput {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export interface TwoFactorSetup {
  otpauthUri: string;
  /** A PNG data URL of the QR code, drawn by the server. */
  qrCodeDataUrl: string;
}

export const accountKeys = {
  all: ['account'] as const,
  preferences: () => [...accountKeys.all, 'preferences'] as const,
  twoFactor: () => [...accountKeys.all, '2fa'] as const,
};

export const preferencesQuery = queryOptions({
  queryKey: accountKeys.preferences(),
  queryFn: ({ signal }) => api.get('/api/account/preferences', { signal }) satisfies Promise<Preferences>,
  staleTime: 60_000,
});

export const twoFactorQuery = queryOptions({
  queryKey: accountKeys.twoFactor(),
  queryFn: ({ signal }) => api.get('/api/account/2fa', { signal }) satisfies Promise<{ enabled: boolean }>,
  staleTime: 60_000,
});

/** A mutation whose answer is the new value of the cached query `queryKey`, shown at once. */
function useReplacingMutation<TData, TVariables>(
  queryKey: QueryKey,
  mutationFn: (variables: TVariables) => Promise<TData>,
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (answer) => queryClient.setQueryData(queryKey, answer) });
}

/** Personal Info: the answer is the updated user, which replaces the cached one (header, avatar). */
export function useUpdateProfileMutation() {
  return useReplacingMutation(
    currentUserQuery.queryKey,
    (input: ProfileInput) => api.patch('/api/account/profile', { body: input }) satisfies Promise<User>,
  );
}

export function useChangePasswordMutation() {
  return useMutation({
    mutationFn: (input: PasswordChangeInput) =>
      api.post('/api/account/password', { body: input }) satisfies Promise<{ message: string }>,
  });
}

export function useSavePreferencesMutation() {
  return useReplacingMutation(
    preferencesQuery.queryKey,
    (input: Preferences) =>
      api.put('/api/account/preferences', { body: input }) satisfies Promise<Preferences>,
  );
}

export function useResetPreferencesMutation() {
  return useReplacingMutation(
    preferencesQuery.queryKey,
    () => api.post('/api/account/preferences/reset') satisfies Promise<Preferences>,
  );
}

/** docs/product-rules.md rule 5, step 1: a new secret as a QR code; nothing is enabled until a code confirms it. */
export function useSetUpTwoFactorMutation() {
  return useMutation({
    mutationFn: (proof: { password: string }) =>
      api.post('/api/account/2fa/setup', { body: proof }) satisfies Promise<TwoFactorSetup>,
  });
}

/** Enable (`enable: true`) with a code from the new authenticator, or disable with a current code. */
export function useTwoFactorMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ enable, code }: { enable: boolean; code: string }) =>
      enable
        ? api.post('/api/account/2fa/enable', { body: { code } })
        : api.post('/api/account/2fa/disable', { body: { code } }),
    onSuccess: (state) => {
      queryClient.setQueryData(twoFactorQuery.queryKey, state);
      void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
    },
  });
}
