import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api.ts';

/** What asking for a mail answers: the same whether or not an account uses the address. */
export interface MailRequestAnswer {
  message: string;
  /** No SMTP outside production: the mail waits in the development outbox (DevOutbox.tsx). */
  devOutbox: boolean;
}

export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  purpose: string;
  sentAt: string;
}

export function usePasswordResetRequestMutation() {
  return useMutation({
    mutationFn: (input: { email: string }) =>
      apiRequest<MailRequestAnswer>('/api/auth/password-reset', { body: input }),
  });
}

export function usePasswordResetMutation() {
  return useMutation({
    mutationFn: (input: { token: string; newPassword: string; confirmPassword: string }) =>
      apiRequest<{ message: string; endedSessions: number }>('/api/auth/password-reset/confirm', {
        body: input,
      }),
  });
}

export function useEmailChangeMutation() {
  return useMutation({
    mutationFn: (input: { newEmail: string; currentPassword: string }) =>
      apiRequest<MailRequestAnswer>('/api/account/email', { body: input }),
  });
}

export function useEmailConfirmMutation() {
  return useMutation({
    mutationFn: (input: { token: string }) =>
      apiRequest<{ message: string; email: string }>('/api/auth/email-change/confirm', { body: input }),
  });
}

/** The development outbox's mail to `to`, asked again every two seconds while it is shown. */
export function useOutboxQuery(to: string, enabled: boolean) {
  return useQuery({
    queryKey: ['dev-outbox', to.toLowerCase()],
    queryFn: () =>
      apiRequest<{ mails: OutboxMail[] }>(`/api/dev/outbox?to=${encodeURIComponent(to)}`).then(
        (a) => a.mails,
      ),
    enabled,
    refetchInterval: 2_000,
  });
}

/** A one-time link's token, from the page's fragment (`#token=…`), which never reaches a server. */
export function tokenFromFragment(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}
