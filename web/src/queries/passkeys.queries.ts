import {
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { t } from '../i18n/i18n.ts';
import { apiRequest } from '../lib/api.ts';
import { currentUserQuery, forgetEverythingButAuth, type LoginInput, type User } from './auth.queries.ts';

/**
 * Passkeys (WebAuthn): the browser half is @simplewebauthn/browser, which turns the server's options into
 * navigator.credentials calls and the answers back into JSON. The server checks everything.
 */
export interface Passkey {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** The fresh proof adding or removing a passkey needs: the code with 2FA on, else the password. */
export interface Reauthentication {
  password?: string;
  totpCode?: string;
}

export const passkeysQuery = queryOptions({
  queryKey: ['account', 'passkeys'] as const,
  queryFn: ({ signal }) => apiRequest<Passkey[]>('/api/account/passkeys', { signal }),
  staleTime: 60_000,
});

/** Whether this browser can make and use passkeys at all. */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

export function useAddPasskeyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, proof }: { name: string; proof: Reauthentication }) => {
      const { options } = await apiRequest<{ options: PublicKeyCredentialCreationOptionsJSON }>(
        '/api/account/passkeys/options',
        { method: 'POST', body: proof },
      );
      const response = await startRegistration({ optionsJSON: options });
      return await apiRequest<Passkey>('/api/account/passkeys', { method: 'POST', body: { name, response } });
    },
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQuery.queryKey }),
  });
}

export function useRenamePasskeyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      apiRequest<Passkey>(`/api/account/passkeys/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: { name },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQuery.queryKey }),
  });
}

export function useRemovePasskeyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, proof }: { id: string; proof: Reauthentication }) =>
      apiRequest<{ removed: true }>(`/api/account/passkeys/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        body: proof,
      }),
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQuery.queryKey }),
  });
}

/** Sign-in with a passkey alone: the authenticator offers the accounts it holds for this site. */
export function usePasskeySignInMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ rememberMe }: { rememberMe: boolean }) => {
      const { options } = await apiRequest<{ options: PublicKeyCredentialRequestOptionsJSON }>(
        '/api/auth/passkeys/sign-in/options',
        { method: 'POST', body: {} },
      );
      const response = await startAuthentication({ optionsJSON: options });
      return await apiRequest<User>('/api/auth/passkeys/sign-in', {
        method: 'POST',
        body: { response, rememberMe },
      });
    },
    retry: false,
    onSuccess: (user) => {
      forgetEverythingButAuth(queryClient);
      queryClient.setQueryData(currentUserQuery.queryKey, user);
    },
  });
}

/** The passkey's answer to a password sign-in's 'passkey_required' (its options came with the refusal). */
export async function answerPasskeyChallenge(
  options: PublicKeyCredentialRequestOptionsJSON,
): Promise<NonNullable<LoginInput['passkey']>> {
  const answer = await startAuthentication({ optionsJSON: options });
  // The same JSON; the generated type only spells the extension results as an open record.
  return { ...answer, clientExtensionResults: { ...answer.clientExtensionResults } };
}

/** A browser's refusal or cancellation of the passkey prompt, in words for the person. */
export function passkeyFailureMessage(error: unknown): string {
  if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError'))
    return t('shell.passkey.cancelled');
  if (error instanceof Error && error.name === 'InvalidStateError') return t('shell.passkey.exists');
  // Opened by an IP address (127.0.0.1) or by another name than the one the server is set up for
  // (PUBLIC_URL): WebAuthn binds a passkey to a domain name, and @simplewebauthn/browser says so in
  // English ("127.0.0.1 is an invalid domain"). Say what to do instead.
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID')
    return t('shell.passkey.address', { host: globalThis.location.hostname });
  // Any other refusal: the browser's own words (in the browser's language), else ours.
  return error instanceof Error && error.message ? error.message : t('shell.passkey.failed');
}
