import { useMutation, useQuery } from '@tanstack/react-query';
import { type ApiBody, type ApiResult, api } from '../lib/api.ts';

/**
 * What asking for a mail answers: the same whether or not an account uses the address; `devOutbox` when,
 * with no SMTP outside production, the mail waits in the development outbox (DevOutbox.tsx).
 */
export type MailRequestAnswer = ApiResult<'post', '/api/auth/password-reset'>;

export function usePasswordResetRequestMutation() {
  return useMutation({
    mutationFn: (input: ApiBody<'post', '/api/auth/password-reset'>) =>
      api.post('/api/auth/password-reset', { body: input }),
  });
}

export function usePasswordResetMutation() {
  return useMutation({
    mutationFn: (input: ApiBody<'post', '/api/auth/password-reset/confirm'>) =>
      api.post('/api/auth/password-reset/confirm', { body: input }),
  });
}

export function useEmailChangeMutation() {
  return useMutation({
    mutationFn: (input: ApiBody<'post', '/api/account/email'>) =>
      api.post('/api/account/email', { body: input }),
  });
}

export function useEmailConfirmMutation() {
  return useMutation({
    mutationFn: (input: ApiBody<'post', '/api/auth/email-change/confirm'>) =>
      api.post('/api/auth/email-change/confirm', { body: input }),
  });
}

/** "Send the link again" of the banner of an unverified account (signed in). */
export function useVerificationResendMutation() {
  return useMutation({ mutationFn: () => api.post('/api/auth/verify-email') });
}

/** The verification link's "Confirm" (the password only away from a session of the account). */
export function useEmailVerifyMutation() {
  return useMutation({
    mutationFn: (input: ApiBody<'post', '/api/auth/verify-email/confirm'>) =>
      api.post('/api/auth/verify-email/confirm', { body: input }),
  });
}

/** The verification link's "This is my address": a new password, and the unverified account is the owner's. */
export function useReclaimMutation() {
  return useMutation({
    mutationFn: (input: ApiBody<'post', '/api/auth/verify-email/reclaim'>) =>
      api.post('/api/auth/verify-email/reclaim', { body: input }),
  });
}

/** The development outbox's mail to `to`, asked again every two seconds while it is shown. */
export function useOutboxQuery(to: string, enabled: boolean) {
  return useQuery({
    queryKey: ['dev-outbox', to.toLowerCase()],
    queryFn: ({ signal }) =>
      api.get('/api/dev/outbox', { query: { to }, signal }).then((answer) => answer.mails),
    enabled,
    refetchInterval: 2_000,
  });
}

/** A one-time link's token, from the page's fragment (`#token=…`), which never reaches a server. */
export function tokenFromFragment(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}
