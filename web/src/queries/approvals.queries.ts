import { queryOptions } from '@tanstack/react-query';
import { type ApiResult, api } from '../lib/api.ts';
import { keyed, useMoneyCommand } from './refresh.ts';
import { adminKeys } from './users.queries.ts';

/**
 * Four-eyes requests (docs/security.md, "Admin re-authentication and four-eyes"): an admin money action
 * above its asset's threshold answers 202 with the request, which another admin approves or rejects here.
 */
export type PendingApproval = ApiResult<'get', '/api/admin/approvals'>[number];

/** The 202 of a money action held for a second admin (api/approvals/fourEyes.ts). */
export interface SentForApproval {
  approvalId: string;
  status: 'pending_approval';
  asset: string;
  amount: string;
  threshold: string;
  message: string;
}

/** Whether a money command's answer is "held for a second admin" rather than done. */
export function isSentForApproval(result: unknown): result is SentForApproval {
  return (
    typeof result === 'object' &&
    result !== null &&
    (result as { status?: unknown }).status === 'pending_approval' &&
    typeof (result as { approvalId?: unknown }).approvalId === 'string'
  );
}

export const approvalKeys = { pending: () => [...adminKeys.all, 'approvals'] as const };

export const pendingApprovalsQuery = queryOptions({
  queryKey: approvalKeys.pending(),
  queryFn: ({ signal }) => api.get('/api/admin/approvals', { signal }),
  staleTime: 10_000,
});

/** Another admin's approval, with their own fresh proof: the request is applied from its record. */
export function useApproveMutation() {
  return useMoneyCommand(
    ({
      approvalId,
      idempotencyKey,
      ...proof
    }: {
      approvalId: string;
      idempotencyKey: string;
      password?: string;
      totpCode?: string;
    }) =>
      api.post('/api/admin/approvals/{id}/approve', {
        path: { id: approvalId },
        body: proof,
        headers: keyed(idempotencyKey),
      }),
  );
}

/** A rejection by another admin, or the requester's cancellation. */
export function useRejectApprovalMutation() {
  return useMoneyCommand(
    ({
      approvalId,
      reason,
      idempotencyKey,
    }: {
      approvalId: string;
      reason: string;
      idempotencyKey: string;
    }) =>
      api.post('/api/admin/approvals/{id}/reject', {
        path: { id: approvalId },
        body: { reason },
        headers: keyed(idempotencyKey),
      }),
  );
}
