import type { LedgerDigest, LedgerPublicKey, LiabilitiesStatement } from '@domain/verifiable/formats.ts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { ApiError, type ApiGetPath, type ApiResult, api, apiPath, fetchWholeJson } from '../lib/api.ts';
import { downloadTextFile } from '../lib/csv.ts';
import { adminKeys } from './users.queries.ts';

/**
 * The verifiable ledger's reads (docs/architecture/verifiable-ledger.md): the published public key and
 * liabilities, a user's liability proof and a transaction's verifiable receipt (both saved as files), and,
 * for admins, the continuous check's status and the signed digests. The file formats are the domain's
 * (domain/verifiable/formats.ts), so the page that checks a file and the code that fetches it agree.
 * The paths are the typed client's (lib/api.gen.ts, npm run api:types), so a renamed route fails to compile.
 */

/** `GET /api/ledger/liabilities`: the latest signed statement (null before the first) and the key. */
export interface PublishedLiabilities {
  statement: LiabilitiesStatement | null;
  publicKey: LedgerPublicKey;
}

/**
 * `GET /api/admin/ledger/status`: the continuous verification's state. `frozen`: every money movement is
 * refused while mismatches are unresolved (LEDGER_FREEZE_ON_MISMATCH=on); `frozenAccounts`: the accounts
 * whose money movements are refused (the default, LEDGER_FREEZE_ON_MISMATCH=accounts).
 */
export type LedgerStatus = ApiResult<'get', '/api/admin/ledger/status'>;

export interface DigestPage {
  items: LedgerDigest[];
  nextCursor: string | null;
}

export const ledgerKeys = {
  all: ['ledger'] as const,
  publicKey: () => [...ledgerKeys.all, 'public-key'] as const,
  liabilities: () => [...ledgerKeys.all, 'liabilities'] as const,
  status: () => [...adminKeys.all, 'ledger', 'status'] as const,
  digests: () => [...adminKeys.all, 'ledger', 'digests'] as const,
};

/** A 4xx will not change on retry; a missing answer or a server error may. */
function retryOnce(failureCount: number, error: Error): boolean {
  return failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);
}

export const publicKeyQuery = queryOptions({
  queryKey: ledgerKeys.publicKey(),
  queryFn: ({ signal }) => api.get('/api/ledger/public-key', { signal }) satisfies Promise<LedgerPublicKey>,
  staleTime: 5 * 60_000,
  retry: retryOnce,
});

export const liabilitiesQuery = queryOptions({
  queryKey: ledgerKeys.liabilities(),
  queryFn: ({ signal }) =>
    api.get('/api/ledger/liabilities', { signal }) satisfies Promise<PublishedLiabilities>,
  staleTime: 60_000,
  retry: retryOnce,
});

/** Admin screens watch it: a mismatch shows within half a minute. */
export const LEDGER_STATUS_REFRESH_MS = 30_000;

export const ledgerStatusQuery = queryOptions({
  queryKey: ledgerKeys.status(),
  queryFn: ({ signal }) => api.get('/api/admin/ledger/status', { signal }) satisfies Promise<LedgerStatus>,
  refetchInterval: LEDGER_STATUS_REFRESH_MS,
  retry: retryOnce,
});

export const DIGEST_PAGE_SIZE = 20;

export const ledgerDigestsQuery = infiniteQueryOptions({
  queryKey: ledgerKeys.digests(),
  queryFn: ({ signal, pageParam }) =>
    api.get('/api/admin/ledger/digests', {
      query: { limit: String(DIGEST_PAGE_SIZE), ...(pageParam ? { cursor: pageParam } : {}) },
      signal,
    }) satisfies Promise<DigestPage>,
  initialPageParam: null as string | null,
  getNextPageParam: (page) => page.nextCursor,
  staleTime: 30_000,
  retry: retryOnce,
});

/**
 * Fetches a verifiable file (`route` of the typed client, with its `params`) and saves it exactly as the
 * server wrote it (its bytes are what a checker reads): a plain fetch, since the client parses the JSON. A cut-off answer is not a file to hand over. Returns the saved text.
 */
export async function saveJsonFile(
  route: ApiGetPath,
  params: Record<string, string> | undefined,
  fileName: string,
): Promise<string> {
  const { text } = await fetchWholeJson(apiPath(route, params, undefined));
  downloadTextFile(fileName, text, 'application/json;charset=utf-8');
  return text;
}

export const liabilityProofFileName = 'sai-liability-proof.json';

export function receiptFileName(transactionId: string): string {
  return `sai-receipt-${transactionId}.json`;
}

/** The API's "no statement yet" answer to a liability proof request (404, type `no-liability-proof`). */
export function isNoLiabilityProof(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 404) return false;
  const type = error.problem?.type;
  return (
    type === 'no-liability-proof' ||
    error.code === 'no_liability_proof' ||
    error.code === 'no-liability-proof'
  );
}

/** `GET /api/transactions/{id}/receipt`, saved as sai-receipt-<id>.json. A 503 gets a plain sentence. */
export async function saveVerifiableReceipt(transactionId: string): Promise<string> {
  const fileName = receiptFileName(transactionId);
  try {
    await saveJsonFile('/api/transactions/{id}/receipt', { id: transactionId }, fileName);
  } catch (error) {
    if (error instanceof ApiError && error.status === 503)
      throw new ApiError(
        503,
        'The ledger has not caught up with this transaction yet. Try again in a few seconds.',
      );
    throw error;
  }
  return fileName;
}

/** The digest as a file of its own, for an auditor to keep elsewhere. */
export function digestFileName(digest: LedgerDigest): string {
  return `sai-ledger-digest-${digest.treeSize}.json`;
}
