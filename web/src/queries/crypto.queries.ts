import { queryOptions } from '@tanstack/react-query';
import { type ApiBody, api } from '../lib/api.ts';
import { type CryptoCurrency, PRICE_REFRESH_MS } from '../lib/constants.ts';
import { keyed, useMoneyCommand } from './refresh.ts';

/**
 * Crypto balances, prices, deposits, withdrawals and transfers (`/api/crypto`). Amounts are decimal
 * strings with 8 decimals; `displayBalance` has at least the currency's display decimals and every
 * significant digit (trailing zeros past them dropped).
 */
export interface CryptoBalance {
  currency: CryptoCurrency;
  /** Available: what may be spent or withdrawn; pending withdrawals are already out of it. */
  balance: string;
  displayBalance: string;
  /** Held for pending withdrawals. */
  onHold: string;
}

export interface PriceEntry {
  price: string;
  change_24h: string;
  image: string;
  /** When an admin set it; null while the documented default applies. */
  updatedAt: string | null;
}

export type Prices = Partial<Record<CryptoCurrency, PriceEntry>>;

/** A network id the API knows (`bitcoin`, `ethereum`, …). */
export type NetworkId = ApiBody<'post', '/api/crypto/withdraw'>['chain'];

export interface DepositNetwork {
  network: NetworkId;
  /** Smallest deposit credited, e.g. "0.001"; null = no minimum. */
  minimum: string | null;
}

export interface NetworkCatalogue {
  /** Network id → label, e.g. `{ base: 'Base' }`. */
  networks: Partial<Record<NetworkId, string>>;
  deposit: Partial<Record<CryptoCurrency, { confirmations: number; networks: DepositNetwork[] }>>;
  withdrawal: Partial<Record<CryptoCurrency, NetworkId[]>>;
}

export type CryptoDepositStatus = 'pending' | 'confirmed' | 'rejected';

export interface CryptoDeposit {
  id: string;
  userId: string;
  currency: CryptoCurrency;
  network: string;
  networkLabel: string;
  txHash: string | null;
  status: CryptoDepositStatus;
  /** Set when an admin confirms what arrived. */
  amount: string | null;
  rejectionReason: string | null;
  confirmationsRequired: number;
  declaredAt: string;
  decidedAt: string | null;
  username?: string | null;
  email?: string | null;
}

export type WithdrawalStatus = 'pending' | 'completed' | 'failed';

export interface Withdrawal {
  id: string;
  userId: string;
  currency: CryptoCurrency;
  amount: string;
  address: string;
  chain: string;
  chainLabel: string;
  notes: string;
  status: WithdrawalStatus;
  txHash: string | null;
  failureReason: string | null;
  requestedAt: string;
  decidedAt: string | null;
  /** Hours waited so far (or until decided), one decimal, against the 24-hour promise. */
  ageHours: number;
  overdue: boolean;
  username?: string | null;
  email?: string | null;
}

export const cryptoKeys = {
  all: ['crypto'] as const,
  balances: () => [...cryptoKeys.all, 'balances'] as const,
  prices: () => [...cryptoKeys.all, 'prices'] as const,
  networks: () => [...cryptoKeys.all, 'networks'] as const,
  deposits: () => [...cryptoKeys.all, 'deposits'] as const,
  withdrawals: () => [...cryptoKeys.all, 'withdrawals'] as const,
  depositQueue: () => [...cryptoKeys.all, 'admin', 'deposits'] as const,
  withdrawalQueue: () => [...cryptoKeys.all, 'admin', 'withdrawals'] as const,
};

export const cryptoBalancesQuery = queryOptions({
  queryKey: cryptoKeys.balances(),
  queryFn: ({ signal }) => api.get('/api/crypto/balances', { signal }) satisfies Promise<CryptoBalance[]>,
  staleTime: 10_000,
});

/** docs/product-rules.md spec 7: prices are refetched every 5 minutes. */
export const cryptoPricesQuery = queryOptions({
  queryKey: cryptoKeys.prices(),
  queryFn: ({ signal }) => api.get('/api/crypto/prices', { signal }) satisfies Promise<Prices>,
  staleTime: PRICE_REFRESH_MS,
  refetchInterval: PRICE_REFRESH_MS,
  // The landing page's market strip reads this too: one quick retry, then its own "unavailable" state.
  retry: 1,
});

/** Which networks serve which currency; configuration that does not change while the page is open. */
export const cryptoNetworksQuery = queryOptions({
  queryKey: cryptoKeys.networks(),
  queryFn: ({ signal }) => api.get('/api/crypto/networks', { signal }) satisfies Promise<NetworkCatalogue>,
  staleTime: Number.POSITIVE_INFINITY,
});

export const cryptoDepositsQuery = queryOptions({
  queryKey: cryptoKeys.deposits(),
  queryFn: ({ signal }) => api.get('/api/crypto/deposits', { signal }) satisfies Promise<CryptoDeposit[]>,
  staleTime: 10_000,
});

export const withdrawalsQuery = queryOptions({
  queryKey: cryptoKeys.withdrawals(),
  queryFn: ({ signal }) => api.get('/api/crypto/withdrawals', { signal }) satisfies Promise<Withdrawal[]>,
  staleTime: 10_000,
});

export const depositQueueQuery = queryOptions({
  queryKey: cryptoKeys.depositQueue(),
  queryFn: ({ signal }) =>
    api.get('/api/admin/crypto/deposits', { query: { status: 'pending' }, signal }) satisfies Promise<
      CryptoDeposit[]
    >,
  staleTime: 10_000,
});

export const withdrawalQueueQuery = queryOptions({
  queryKey: cryptoKeys.withdrawalQueue(),
  queryFn: ({ signal }) =>
    api.get('/api/admin/crypto/withdrawals', { query: { status: 'pending' }, signal }) satisfies Promise<
      Withdrawal[]
    >,
  staleTime: 10_000,
});

export interface DeclareDepositInput {
  currency: CryptoCurrency;
  network: NetworkId;
  txHash: string;
  idempotencyKey: string;
}

/** docs/product-rules.md rule 17: declare a deposit; it stays pending until an admin confirms the amount received. */
export function useDeclareDepositMutation() {
  return useMoneyCommand(
    ({ idempotencyKey, txHash, ...input }: DeclareDepositInput) =>
      api.post('/api/crypto/deposits', {
        body: txHash ? { ...input, txHash } : input,
        headers: keyed(idempotencyKey),
      }) satisfies Promise<CryptoDeposit>,
  );
}

export interface WithdrawInput {
  currency: CryptoCurrency;
  amount: string;
  address: string;
  chain: NetworkId;
  notes: string;
  /** The re-authentication (docs/security.md): the authenticator code with 2FA on, else the password. */
  totpCode?: string;
  password?: string;
  idempotencyKey: string;
}

/** docs/product-rules.md rule 18: the amount is held at once; an admin completes or fails the withdrawal later. */
export function useWithdrawMutation() {
  return useMoneyCommand(
    ({ idempotencyKey, ...input }: WithdrawInput) =>
      api.post('/api/crypto/withdraw', {
        body: input,
        headers: keyed(idempotencyKey),
      }) satisfies Promise<Withdrawal>,
  );
}

export interface CryptoTransferInput {
  recipientEmail: string;
  currency: CryptoCurrency | 'SAI';
  amount: string;
  description: string;
  idempotencyKey: string;
  /** The sender's proof, once the server asked for it (docs/security.md, "Step-up for transfers"). */
  password?: string;
  totpCode?: string;
}

/** docs/product-rules.md rule 19: any supported currency to a user found by e-mail, free. */
export function useCryptoTransferMutation() {
  return useMoneyCommand(({ idempotencyKey, ...input }: CryptoTransferInput) =>
    api.post('/api/crypto/transfer', { body: input, headers: keyed(idempotencyKey) }),
  );
}

/** txHash: required when the declaration has none; the server keeps it in its network's canonical form. */
/** The admin's fresh proof, for a decision that moves money (docs/security.md, "Admin re-authentication"). */
type AdminProof = { password?: string; totpCode?: string };

export type DepositDecision =
  | ({ action: 'confirm'; amount: string; txHash?: string } & AdminProof)
  | { action: 'reject'; reason: string };

/** Admin: confirm a declared deposit with the amount received (credits the balance), or reject it. */
export function useDecideDepositMutation() {
  return useMoneyCommand(
    ({
      depositId,
      decision,
      idempotencyKey,
    }: {
      depositId: string;
      decision: DepositDecision;
      idempotencyKey: string;
    }) =>
      api.patch('/api/admin/crypto/deposits/{id}', {
        path: { id: depositId },
        body: decision,
        headers: keyed(idempotencyKey),
      }),
  );
}

export type WithdrawalDecision =
  | ({ action: 'complete'; txHash: string } & AdminProof)
  | ({ action: 'fail'; reason: string } & AdminProof);

/** Admin: complete a withdrawal with the outgoing transaction hash, or fail it (the hold is released). */
export function useDecideWithdrawalMutation() {
  return useMoneyCommand(
    ({
      withdrawalId,
      decision,
      idempotencyKey,
    }: {
      withdrawalId: string;
      decision: WithdrawalDecision;
      idempotencyKey: string;
    }) =>
      api.patch('/api/admin/crypto/withdrawals/{id}', {
        path: { id: withdrawalId },
        body: decision,
        headers: keyed(idempotencyKey),
      }),
  );
}
