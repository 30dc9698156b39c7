import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../lib/api.ts';
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
  queryFn: ({ signal }) => apiRequest<Preferences>('/api/account/preferences', { signal }),
  staleTime: 60_000,
});

export const twoFactorQuery = queryOptions({
  queryKey: accountKeys.twoFactor(),
  queryFn: ({ signal }) => apiRequest<{ enabled: boolean }>('/api/account/2fa', { signal }),
  staleTime: 60_000,
});

/** Personal Info: the answer is the updated user, which replaces the cached one (header, avatar). */
export function useUpdateProfileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) =>
      apiRequest<User>('/api/account/profile', { method: 'PATCH', body: input }),
    onSuccess: (user) => queryClient.setQueryData(currentUserQuery.queryKey, user),
  });
}

export function useChangePasswordMutation() {
  return useMutation({
    mutationFn: (input: PasswordChangeInput) =>
      apiRequest<{ message: string }>('/api/account/password', { method: 'POST', body: input }),
  });
}

export function useSavePreferencesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Preferences) =>
      apiRequest<Preferences>('/api/account/preferences', { method: 'PUT', body: input }),
    onSuccess: (saved) => queryClient.setQueryData(preferencesQuery.queryKey, saved),
  });
}

export function useResetPreferencesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<Preferences>('/api/account/preferences/reset', { method: 'POST' }),
    onSuccess: (saved) => queryClient.setQueryData(preferencesQuery.queryKey, saved),
  });
}

/** docs/product-rules.md rule 5, step 1: a new secret as a QR code; nothing is enabled until a code confirms it. */
export function useSetUpTwoFactorMutation() {
  return useMutation({
    mutationFn: () => apiRequest<TwoFactorSetup>('/api/account/2fa/setup', { method: 'POST' }),
  });
}

/** Enable (`enable: true`) with a code from the new authenticator, or disable with a current code. */
export function useTwoFactorMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ enable, code }: { enable: boolean; code: string }) =>
      apiRequest<{ enabled: boolean }>(`/api/account/2fa/${enable ? 'enable' : 'disable'}`, {
        method: 'POST',
        body: { code },
      }),
    onSuccess: (state) => {
      queryClient.setQueryData(twoFactorQuery.queryKey, state);
      void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
    },
  });
}
